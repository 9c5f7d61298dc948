import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl.ts';
import { seededRandom } from './seeded-random.ts';

/**
 * The formatters that skip Intl must write exactly what Intl writes (the server renders with the
 * same code, so a page hydrates either way; this keeps the text what readers of each language
 * expect). Every shape and locale the site uses, over many values.
 */

const LOCALES = ['en-US', 'zh-TW', 'zh-CN', 'ja-JP'];
const CURRENCIES = ['USD', 'TWD', 'CAD', 'HKD', 'CNY', 'EUR', 'GBP', 'JPY'];

const next = seededRandom(20261126);
const VALUES = [
  0,
  -0,
  1,
  -1,
  5,
  12,
  95,
  123,
  999,
  1000,
  1234,
  12_345.678,
  75_000,
  100_000,
  1_234_567.891,
  1e15,
  123_456_789_012_345_680,
  0.5,
  0.125,
  0.045,
  1.005,
  2.675,
  1.5,
  2.25,
  0.333333,
  99.995,
  4.99,
  -1234.5,
  -0.001,
  0.0005,
  1e-7,
  ...Array.from(
    { length: 400 },
    () =>
      Math.round((next() - 0.2) * 10 ** Math.floor(next() * 9) * 10 ** Math.floor(next() * 4)) /
      10 ** Math.floor(next() * 4),
  ),
  ...Array.from({ length: 200 }, () => (next() - 0.5) * 10 ** Math.floor(next() * 12)),
];

const NUMBER_OPTIONS: Intl.NumberFormatOptions[] = [
  {},
  { maximumFractionDigits: 0 },
  { maximumFractionDigits: 1 },
  { maximumFractionDigits: 2 },
  { minimumFractionDigits: 2 },
  { minimumFractionDigits: 1, maximumFractionDigits: 4 },
  ...CURRENCIES.flatMap((currency): Intl.NumberFormatOptions[] => [
    { style: 'currency', currency },
    { style: 'currency', currency, maximumFractionDigits: 2 },
    {
      style: 'currency',
      currency,
      currencyDisplay: 'symbol',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    },
    {
      style: 'currency',
      currency,
      currencyDisplay: 'symbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    },
  ]),
];

describe('numbers and money without Intl', () => {
  it.each(LOCALES)('writes %s numbers and money as Intl does', (locale) => {
    for (const options of NUMBER_OPTIONS) {
      const ours = numberFormat(locale, options);
      const intl = new Intl.NumberFormat(locale, options);
      expect(ours).not.toBeInstanceOf(Intl.NumberFormat);
      for (const value of VALUES)
        expect([options, value, ours.format(value)]).toEqual([options, value, intl.format(value)]);
    }
  });

  it('leaves other locales, options and values to Intl', () => {
    expect(numberFormat('fr-FR')).toBeInstanceOf(Intl.NumberFormat);
    expect(numberFormat('en-US', { style: 'percent' })).toBeInstanceOf(Intl.NumberFormat);
    expect(numberFormat('en-US', { style: 'currency', currency: 'CHF' })).toBeInstanceOf(
      Intl.NumberFormat,
    );
    expect(
      numberFormat('en-US', { style: 'currency', currency: 'USD', currencyDisplay: 'code' }),
    ).toBeInstanceOf(Intl.NumberFormat);
    expect(numberFormat('en-US', { useGrouping: false })).toBeInstanceOf(Intl.NumberFormat);
    expect(numberFormat('en-US').format(Number.POSITIVE_INFINITY)).toBe('∞');
    expect(numberFormat('zh-TW', { maximumFractionDigits: 2 }).format(Number.NaN)).toBe(
      new Intl.NumberFormat('zh-TW').format(Number.NaN),
    );
    expect(numberFormat('en-US').format(1e21)).toBe(new Intl.NumberFormat('en-US').format(1e21));
    expect(() =>
      numberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 1 }),
    ).toThrow(RangeError);
  });
});

const DATE_OPTIONS: Intl.DateTimeFormatOptions[] = [
  { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' },
  { timeZone: 'UTC', year: 'numeric', month: 'long' },
  { weekday: 'short', timeZone: 'UTC' },
  { dateStyle: 'medium', timeZone: 'UTC' },
  {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  },
];

describe('dates without Intl', () => {
  it.each(LOCALES)('writes %s days, months, weekdays and times in UTC as Intl does', (locale) => {
    // Every day of two years, each at a different minute of the day.
    const days = Array.from(
      { length: 731 },
      (_, index) => new Date(Date.UTC(2026, 0, 1 + index, (index * 7) % 24, (index * 13) % 60)),
    );
    for (const options of DATE_OPTIONS) {
      const ours = dateTimeFormat(locale, options);
      const intl = new Intl.DateTimeFormat(locale, options);
      expect(ours).not.toBeInstanceOf(Intl.DateTimeFormat);
      for (const day of [
        ...days,
        new Date(Date.UTC(1999, 11, 31, 23, 59)),
        new Date(Date.UTC(2100, 1, 28, 0, 0)),
      ]) {
        expect([options, day.toISOString(), ours.format(day)]).toEqual([
          options,
          day.toISOString(),
          intl.format(day),
        ]);
      }
    }
  });

  it.each(['Asia/Taipei', 'America/Los_Angeles', 'Asia/Kolkata'])(
    "writes times in the reader's own zone (%s) as Intl does",
    (zone) => {
      const before = process.env.TZ;
      process.env.TZ = zone;
      try {
        // The zone is in effect (none of these is UTC in June).
        expect(new Date(Date.UTC(2026, 5, 1)).getTimezoneOffset()).not.toBe(0);
        // A year from March 2026 (both daylight-saving changes in the US), every 89 minutes.
        const times = Array.from(
          { length: 6_000 },
          (_, index) => new Date(Date.UTC(2026, 2, 1) + index * 89 * 60_000),
        );
        for (const locale of LOCALES) {
          const options: Intl.DateTimeFormatOptions = {
            month: 'short',
            day: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
          };
          const ours = dateTimeFormat(locale, options);
          const intl = new Intl.DateTimeFormat(locale, options);
          expect(ours).not.toBeInstanceOf(Intl.DateTimeFormat);
          for (const time of times)
            expect([locale, time.toISOString(), ours.format(time)]).toEqual([
              locale,
              time.toISOString(),
              intl.format(time),
            ]);
        }
      } finally {
        if (before === undefined) delete process.env.TZ;
        else process.env.TZ = before;
      }
    },
  );

  it('leaves other zones, shapes and locales to Intl', () => {
    expect(dateTimeFormat('en-US', { weekday: 'short', timeZone: 'Asia/Taipei' })).toBeInstanceOf(
      Intl.DateTimeFormat,
    );
    expect(dateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' })).toBeInstanceOf(
      Intl.DateTimeFormat,
    );
    expect(dateTimeFormat('ko-KR', { weekday: 'short', timeZone: 'UTC' })).toBeInstanceOf(
      Intl.DateTimeFormat,
    );
    expect(() =>
      dateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(Number.NaN),
      ),
    ).toThrow(RangeError);
  });
});
