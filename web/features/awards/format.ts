import { INTL_LOCALES as LOCALE, type Language } from '../../../core/locale.ts';
import { dateTimeFormat, numberFormat } from '../../../core/intl.ts';

/** How award results are written for the member: local times as the airports keep them, miles, durations. */

/** "23:55" from "2026-12-01T23:55+08:00": the airport's own local time, never converted. */
export function localTime(localWithOffset: string): string {
  return localWithOffset.slice(11, 16);
}

/** A YYYY-MM-DD date as the member reads it, e.g. "Tue, Dec 1" or "12月1日週二". */
export function dayLabel(
  date: string,
  language: Language,
  options: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' },
): string {
  return dateTimeFormat(LOCALE[language], { ...options, timeZone: 'UTC' }).format(
    new Date(`${date.slice(0, 10)}T00:00:00Z`),
  );
}

/** A query's dates: one day, or the first and the last. */
export function datesLabel(dates: { from: string; to: string }, language: Language): string {
  return dates.from === dates.to
    ? dayLabel(dates.from, language)
    : `${dayLabel(dates.from, language)} – ${dayLabel(dates.to, language)}`;
}

export function monthLabel(month: string, language: Language): string {
  return dateTimeFormat(LOCALE[language], {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
}

/** Weekday names, Sunday first. */
export function weekdayNames(language: Language): string[] {
  const format = dateTimeFormat(LOCALE[language], { weekday: 'short', timeZone: 'UTC' });
  // 2026-11-01 is a Sunday.
  return Array.from({ length: 7 }, (_, index) =>
    format.format(new Date(Date.UTC(2026, 10, 1 + index))),
  );
}

export function formatNumber(value: number, language: Language): string {
  return numberFormat(LOCALE[language]).format(value);
}

/** "13h 05m" style, from the catalog's units. */
export function duration(minutes: number, units: { hours: string; minutes: string }): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `${hours}${units.hours} ${String(rest).padStart(2, '0')}${units.minutes}`;
}

/** "Nov 21, 14:05" in the member's own clock, or in `timeZone` when given, for "as of" labels. */
export function clockTime(iso: string, language: Language, timeZone?: string): string {
  // hourCycle h23, not hour12: false: with the latter, some engines (Node's ICU) write the hour after midnight as 24 and browsers as 00, and the page would not hydrate as drawn.
  return dateTimeFormat(LOCALE[language], {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}
