import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toLocal } from '../awards/zoned-time.ts';
import {
  billingAnchor,
  billingPeriod,
  periodAt,
  periodStart,
  proratedCharge,
} from './billing-period.ts';

/**
 * Billing periods: property tests over anchors from 1990 to 2090 in zones with and without daylight
 * saving (Lord Howe moves by half an hour, Chatham sits at +12:45), and the month ends and leap
 * years that catch calendars out.
 */
const ZONES = [
  'UTC',
  'Asia/Taipei',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/London',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/St_Johns',
];
const DAY = 86_400_000;
const anchorArb = fc
  .integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 0, 1) })
  .map(billingAnchor);
const zoneArb = fc.constantFrom(...ZONES);
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

describe('billing periods', () => {
  it('follow one another without gap or overlap, each 28 to 31 days long (give or take a clock change)', () => {
    fc.assert(
      fc.property(anchorArb, zoneArb, fc.integer({ min: 0, max: 120 }), (anchor, zone, index) => {
        const period = billingPeriod(anchor, index, zone);
        const next = billingPeriod(anchor, index + 1, zone);
        expect(next.start).toBe(period.end);
        const length = period.end - period.start;
        expect(length).toBeGreaterThanOrEqual(28 * DAY - 3600_000);
        expect(length).toBeLessThanOrEqual(31 * DAY + 3600_000);
      }),
      { numRuns: 400 },
    );
  });

  it("fall on the anchor's day of the month, or the month's last day when it is shorter, at the anchor's local time", () => {
    fc.assert(
      fc.property(anchorArb, zoneArb, fc.integer({ min: 1, max: 120 }), (anchor, zone, index) => {
        const first = toLocal(anchor, zone);
        const start = toLocal(periodStart(anchor, index, zone), zone);
        const [year, month, day] = first.date.split('-').map(Number) as [number, number, number];
        const months = year * 12 + month - 1 + index;
        const expectedYear = Math.floor(months / 12);
        const expectedMonth = (months % 12) + 1;
        expect(start.date).toBe(
          `${String(expectedYear).padStart(4, '0')}-${String(expectedMonth).padStart(2, '0')}-${String(Math.min(day, daysIn(expectedYear, expectedMonth))).padStart(2, '0')}`,
        );
        // A wall-clock time a spring-forward skips comes out after the jump.
        expect(
          Math.abs(start.minutes - first.minutes) <= 60 || start.minutes === first.minutes,
        ).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('place every instant in exactly the period that holds it', () => {
    fc.assert(
      fc.property(
        anchorArb,
        zoneArb,
        fc.integer({ min: 0, max: 3650 * DAY }),
        (anchor, zone, offset) => {
          const at = anchor + offset;
          const period = periodAt(anchor, at, zone);
          expect(period.start).toBeLessThanOrEqual(at);
          expect(period.end).toBeGreaterThan(at);
          expect(periodAt(anchor, period.start, zone).index).toBe(period.index);
          expect(periodAt(anchor, period.end - 1, zone).index).toBe(period.index);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keep the 31st through February in leap and common years, and come back to the 31st', () => {
    const zone = 'Asia/Taipei';
    const day = (instant: number) => toLocal(instant, zone).date;
    const jan31 = Date.UTC(2024, 0, 31, 15, 30); // 23:30 in Taipei on 31 January 2024
    expect([1, 2, 3].map((index) => day(periodStart(jan31, index, zone)))).toEqual([
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
    ]);
    expect(day(periodStart(Date.UTC(2023, 0, 31, 15, 30), 1, zone))).toBe('2023-02-28');
    // 2100 is not a leap year; 2000 was.
    expect(day(periodStart(Date.UTC(2100, 0, 31, 12), 1, 'UTC'))).toBe('2100-02-28');
    expect(day(periodStart(Date.UTC(2000, 0, 31, 12), 1, 'UTC'))).toBe('2000-02-29');
    // Anchored on 29 February: the 28th in common years, the 29th again in the next leap year.
    const leapDay = Date.UTC(2024, 1, 29, 4);
    expect(day(periodStart(leapDay, 12, zone))).toBe('2025-02-28');
    expect(day(periodStart(leapDay, 48, zone))).toBe('2028-02-29');
  });

  it('turn at local midnight in the billing zone, not in UTC', () => {
    // 00:30 on 1 March in Taipei is still 28 February in UTC.
    const anchor = Date.UTC(2025, 1, 28, 16, 30);
    expect(toLocal(periodStart(anchor, 1, 'Asia/Taipei'), 'Asia/Taipei')).toEqual({
      date: '2025-04-01',
      minutes: 30,
    });
    // New York across the spring clock change keeps 09:00 local, so the period is an hour short.
    const newYork = Date.UTC(2025, 1, 15, 14);
    const period = billingPeriod(newYork, 0, 'America/New_York');
    expect(period.end - period.start).toBe(28 * DAY - 3600_000);
  });
});

describe('prorated upgrades', () => {
  it('charge the share of the month left, rounded up, never more than the difference', () => {
    fc.assert(
      fc.property(
        anchorArb,
        fc.integer({ min: 1, max: 100_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (anchor, difference, share) => {
          const period = billingPeriod(anchor, 0, 'Asia/Taipei');
          const at = period.start + Math.floor((period.end - period.start) * share);
          const charge = proratedCharge(difference, period, at);
          expect(charge).toBeLessThanOrEqual(difference);
          expect(charge).toBeGreaterThanOrEqual(at < period.end ? 1 : 0);
          expect(
            Math.abs(charge - (difference * (period.end - at)) / (period.end - period.start)),
          ).toBeLessThan(1);
        },
      ),
    );
    expect(
      proratedCharge(-100, billingPeriod(Date.UTC(2026, 0, 1), 0, 'UTC'), Date.UTC(2026, 0, 2)),
    ).toBe(0);
  });
});
