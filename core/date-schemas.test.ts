import { describe, expect, it } from 'vitest';
import { WalletCardSchema } from './cards/wallet-schema.ts';
import { CalendarDaySchema, CalendarMonthSchema } from './date-schemas.ts';
import { isCalendarDay } from './dated.ts';

describe('the one check of a date', () => {
  it('takes days that exist, leap days included', () => {
    for (const day of [
      '2026-01-31',
      '2026-02-28',
      '2028-02-29',
      '2000-02-29',
      '2026-04-30',
      '2026-12-31',
      '0400-02-29',
    ])
      expect(isCalendarDay(day), day).toBe(true);
  });

  it('refuses days that do not exist, which Date.parse would roll over', () => {
    for (const day of [
      '2026-02-30',
      '2026-02-29',
      '2100-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-06-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-1-01',
      '2026-01-01T00:00',
      ' 2026-01-01',
      '',
    ])
      expect(isCalendarDay(day), day).toBe(false);
    expect(Number.isNaN(Date.parse('2026-02-30T00:00:00Z'))).toBe(false);
  });

  it('is what the schemas of days and months refuse with, and the contracts that use them', () => {
    expect(CalendarDaySchema.safeParse('2026-02-30').success).toBe(false);
    expect(CalendarDaySchema.safeParse('2028-02-29').success).toBe(true);
    expect(CalendarMonthSchema.safeParse('2026-13').success).toBe(false);
    expect(CalendarMonthSchema.safeParse('2026-12').success).toBe(true);
    expect(
      WalletCardSchema.safeParse({ cardId: 'chase-sapphire-preferred', since: '2026-13' }).success,
    ).toBe(false);
    expect(
      WalletCardSchema.safeParse({ cardId: 'chase-sapphire-preferred', since: '2026-02' }).success,
    ).toBe(true);
  });
});
