/**
 * Facts that hold between two dates (docs/data-audit.md#dated-facts): an airline's alliance
 * membership, a transfer ratio, a welcome offer. Every such fact in data/ writes `from` (the first
 * day it holds) and `until` (the last day it holds, inclusive, as a bank's "offer ends 1/15"
 * reads); either is absent when open. Dates are YYYY-MM-DD, compared as text.
 */

export interface DatedPeriod {
  since?: string | null | undefined;
  until?: string | null | undefined;
}

/** Whether the fact holds on `day` (YYYY-MM-DD). */
export function holdsOn(period: DatedPeriod, day: string): boolean {
  return (!period.since || period.since <= day) && (!period.until || day <= period.until);
}

/** Whether the fact has ended before `day`. */
export function endedBefore(period: DatedPeriod, day: string): boolean {
  return Boolean(period.until && period.until < day);
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether `value` is a day that exists, written YYYY-MM-DD. The one check of a day in the product
 * (every schema's date goes through it, docs/security.md#dates): `Date.parse` would take
 * 2026-02-30 and roll it over to 2 March.
 */
export function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0));
}

/** Whether `value` is a month, written YYYY-MM (01 to 12). */
export function isCalendarMonth(value: string): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

/** The day `days` after `day`, YYYY-MM-DD (UTC calendar arithmetic). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whether the fact still holds on `day` but ends within the next `days` days. */
export function endsWithin(period: DatedPeriod, day: string, days: number): boolean {
  return Boolean(period.until && day <= period.until && period.until <= addDays(day, days));
}

/** Of several dated versions of one fact, the one that holds on `day`, or null. */
export function versionOn<T extends DatedPeriod>(versions: readonly T[], day: string): T | null {
  return versions.find((version) => holdsOn(version, day)) ?? null;
}

/** The UTC calendar day of an instant. */
export function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
