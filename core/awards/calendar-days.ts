/**
 * Calendar days without zod (the results page loads this; the request schemas stay in
 * search-contract.ts, which the search panel imports lazily): which months the calendar shows,
 * and the days offered when a search found no award.
 */
import { dayDifference } from './zoned-time.ts';
import { dateOfEpochDay, epochDay } from './zone-clock.ts';
import { BOOKING_HORIZON_DAYS, type CalendarDay } from './search.ts';

/**
 * Whether a calendar month can be shown on `today`: from last month (a traveller behind UTC may
 * still be in it) to the month the booking horizon ends in. Other months hold no seats at all.
 */
export function isCalendarMonthInRange(month: string, today: string): boolean {
  const index = (value: string) => Number(value.slice(0, 4)) * 12 + Number(value.slice(5, 7)) - 1;
  const horizon = new Date(
    Date.parse(`${today}T00:00:00Z`) + BOOKING_HORIZON_DAYS * 86_400_000,
  ).toISOString();
  return index(month) >= index(today) - 1 && index(month) <= index(horizon);
}

/** How far either side of a search with no award the results page looks for days to try instead. */
export const NEARBY_DAYS = 7;

/**
 * The calendar months to ask for the days around `dates` (NEARBY_DAYS either side), leaving out
 * months the calendar does not show on `today`.
 */
export function monthsAround(dates: { from: string; to: string }, today: string): string[] {
  const first = dateOfEpochDay(epochDay(dates.from) - NEARBY_DAYS).slice(0, 7);
  const last = dateOfEpochDay(epochDay(dates.to) + NEARBY_DAYS).slice(0, 7);
  const months: string[] = [];
  for (
    let month = first;
    month <= last;
    month = dateOfEpochDay(epochDay(`${month}-01`) + 31).slice(0, 7)
  ) {
    if (isCalendarMonthInRange(month, today)) months.push(month);
  }
  return months;
}

/**
 * The days with award seats closest to a search that found none (at most NEARBY_DAYS away, none
 * before `today`), nearest first and then earlier first, `count` of them, returned in date order.
 */
export function nearbyAwardDays(
  days: readonly CalendarDay[],
  dates: { from: string; to: string },
  today: string,
  count = 6,
): CalendarDay[] {
  const distance = (date: string) =>
    date < dates.from ? dayDifference(date, dates.from) : dayDifference(dates.to, date);
  return days
    .filter(
      (day) =>
        day.miles !== null &&
        day.date >= today &&
        (day.date < dates.from || day.date > dates.to) &&
        distance(day.date) <= NEARBY_DAYS,
    )
    .sort((a, b) => distance(a.date) - distance(b.date) || a.date.localeCompare(b.date))
    .slice(0, count)
    .sort((a, b) => a.date.localeCompare(b.date));
}
