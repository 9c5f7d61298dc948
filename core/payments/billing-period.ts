import { fromLocal, toLocal } from '../awards/zoned-time.ts';

/**
 * Monthly billing periods (docs/payments.md). A sponsorship's periods all count from its
 * anchor, the instant of its first payment cut to the minute: period n starts at the anchor's
 * wall-clock time, in the billing time zone, n calendar months later, on the anchor's day of the
 * month or the month's last day when it is shorter. Counting every period from the anchor (not
 * from the previous end) keeps a sponsorship begun on 31 January on the 31st in March after a
 * 28 February. Pure: Intl only.
 */

export interface BillingPeriod {
  /** 0 for the first paid month. */
  index: number;
  /** Milliseconds since the epoch; the period holds [start, end). */
  start: number;
  end: number;
}

const MINUTE_MS = 60_000;

/** The instant a sponsorship's periods count from: the first payment's time cut to the minute. */
export function billingAnchor(paidAt: number): number {
  return Math.floor(paidAt / MINUTE_MS) * MINUTE_MS;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Start of period `index` of a sponsorship anchored at `anchor`. */
export function periodStart(anchor: number, index: number, timeZone: string): number {
  if (index === 0) return anchor;
  const local = toLocal(anchor, timeZone);
  const [year, month, day] = local.date.split('-').map(Number) as [number, number, number];
  const monthsFromYearZero = year * 12 + (month - 1) + index;
  const targetYear = Math.floor(monthsFromYearZero / 12);
  const targetMonth = (monthsFromYearZero % 12) + 1;
  const targetDay = Math.min(day, daysInMonth(targetYear, targetMonth));
  const date = `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(targetDay).padStart(2, '0')}`;
  return fromLocal(date, local.minutes, timeZone);
}

export function billingPeriod(anchor: number, index: number, timeZone: string): BillingPeriod {
  return {
    index,
    start: periodStart(anchor, index, timeZone),
    end: periodStart(anchor, index + 1, timeZone),
  };
}

/** The period an instant falls in (index 0 for an instant before the anchor). */
export function periodAt(anchor: number, at: number, timeZone: string): BillingPeriod {
  if (at < anchor) return billingPeriod(anchor, 0, timeZone);
  // A month is 28–31 days: start from an estimate and step to the period that holds the instant.
  let index = Math.max(0, Math.floor((at - anchor) / (31 * 86_400_000)));
  while (periodStart(anchor, index + 1, timeZone) <= at) index += 1;
  while (index > 0 && periodStart(anchor, index, timeZone) > at) index -= 1;
  return billingPeriod(anchor, index, timeZone);
}

/**
 * What an upgrade costs for the rest of a period: the price difference times the share of the
 * period still to run, in minor units, rounded up so that a change a minute before the end still
 * charges at least one unit.
 */
export function proratedCharge(priceDifference: number, period: BillingPeriod, at: number): number {
  if (priceDifference <= 0) return 0;
  const remaining = Math.min(1, Math.max(0, (period.end - at) / (period.end - period.start)));
  return remaining === 0 ? 0 : Math.max(1, Math.ceil(priceDifference * remaining));
}
