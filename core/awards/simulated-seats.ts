import { hashInts, hashString, unit } from './hash.ts';
import type { Cabin } from './simulated-schedule.ts';
import { BOOKING_HORIZON_DAYS } from './search.ts';
import { dayDifference } from './zoned-time.ts';

export { BOOKING_HORIZON_DAYS };

/**
 * Award seats of the simulated source: a pure function of (seed, flight, date, cabin, epoch).
 * Premium cabins are scarcer; there is more saver space far out (> 300 days) and close in
 * (< 14 days); peak periods (Lunar New Year, summer, year end) are scarcer. Each flight-day and
 * cabin draws again once a day at its own hour, so a later check sees some seats released and
 * some gone, and tracking has something true to detect.
 */

const BASE_OPEN: Record<Cabin, number> = {
  economy: 0.55,
  premium: 0.3,
  business: 0.22,
  first: 0.12,
};
const MAX_SEATS: Record<Cabin, number> = { economy: 9, premium: 4, business: 4, first: 2 };
export const CABIN_INDEX: Record<Cabin, number> = { economy: 0, premium: 1, business: 2, first: 3 };
const CABINS_BY_INDEX: readonly Cabin[] = ['economy', 'premium', 'business', 'first'];
/** Lunar New Year's day, by year: the ten days around it are peak travel in Asia. */
const LUNAR_NEW_YEAR: Record<number, string> = {
  2025: '2025-01-29',
  2026: '2026-02-17',
  2027: '2027-02-06',
  2028: '2028-01-26',
  2029: '2029-02-13',
};
const REDRAW_HOURS = 24;

export function isPeakDate(date: string): boolean {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  if (month === 7 || month === 8) return true;
  if ((month === 12 && day >= 18) || (month === 1 && day <= 4)) return true;
  const newYear = LUNAR_NEW_YEAR[year];
  return newYear !== undefined && Math.abs(dayDifference(newYear, date)) <= 5;
}

/** Chance that a cabin has award space on a flight-day, before the day's draw. */
export function openChance(cabin: Cabin, daysOut: number, peak: boolean): number {
  let chance = BASE_OPEN[cabin];
  if (daysOut > 300) chance *= 1.6;
  else if (daysOut < 14) chance *= 1.5;
  else if (daysOut < 60) chance *= 0.8;
  if (peak) chance *= 0.45;
  return Math.min(0.95, chance);
}

export interface SeatQuery {
  seed: number;
  flightNumber: string;
  /** Local departure date, YYYY-MM-DD. */
  date: string;
  cabin: Cabin;
  /** Hours since the Unix epoch at the time of the look (the clock is injected). */
  epochHour: number;
  /** Today's date where the search runs, YYYY-MM-DD. */
  today: string;
}

/** Award seats (0–9) on one flight-day in one cabin, as the simulated source sees them now. */
export function awardSeats(query: SeatQuery): number {
  const daysOut = dayDifference(query.today, query.date);
  return seatsFromHashes(
    query.seed,
    hashString(query.flightNumber),
    Number(query.date.replaceAll('-', '')),
    CABIN_INDEX[query.cabin],
    daysOut,
    isPeakDate(query.date),
    query.epochHour,
  );
}

/**
 * The same draw with the flight's hash, the date as a number (20261201) and the cabin's index
 * worked out by the caller: building the whole inventory calls this millions of times.
 */
export function seatsFromHashes(
  seed: number,
  flightHash: number,
  dateNumber: number,
  cabinIndex: number,
  daysOut: number,
  peak: boolean,
  epochHour: number,
): number {
  if (daysOut < 0 || daysOut > BOOKING_HORIZON_DAYS) return 0;
  const cabin = CABINS_BY_INDEX[cabinIndex] as Cabin;
  const phase = hashInts(seed, flightHash, dateNumber, cabinIndex) % REDRAW_HOURS;
  const draw = Math.floor((epochHour + phase) / REDRAW_HOURS);
  const roll = unit(hashInts(seed, flightHash, dateNumber, cabinIndex, draw));
  if (roll >= openChance(cabin, daysOut, peak)) return 0;
  // Few seats is the common case: skew the count towards 1.
  const size = unit(hashInts(seed ^ 0x5bd1e995, flightHash, dateNumber, cabinIndex, draw));
  return 1 + Math.floor(size ** 2 * MAX_SEATS[cabin]);
}
