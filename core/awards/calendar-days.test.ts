import { describe, expect, it } from 'vitest';
import { monthsAround, nearbyAwardDays, NEARBY_DAYS } from './calendar-days.ts';
import type { CalendarDay } from './search.ts';

const day = (date: string, miles: number | null): CalendarDay => ({
  date,
  miles,
  programme: miles === null ? null : 'united-mileageplus',
});

describe('the days a search with no award offers instead', () => {
  const days = [
    day('2027-03-01', 80_000),
    day('2027-03-05', null),
    day('2027-03-08', 70_000),
    day('2027-03-09', 90_000),
    day('2027-03-10', 60_000),
    day('2027-03-12', 75_000),
    day('2027-03-20', 50_000),
  ];

  it('offers the closest days with seats on either side, in date order, never the searched days nor one more than a week away', () => {
    const offered = nearbyAwardDays(
      days,
      { from: '2027-03-09', to: '2027-03-09' },
      '2027-01-01',
      3,
    );
    expect(offered.map((each) => each.date)).toEqual(['2027-03-08', '2027-03-10', '2027-03-12']);
    const all = nearbyAwardDays(days, { from: '2027-03-09', to: '2027-03-09' }, '2027-01-01');
    expect(all.map((each) => each.date)).toEqual(['2027-03-08', '2027-03-10', '2027-03-12']);
    expect(all.some((each) => each.date === '2027-03-01' || each.date === '2027-03-20')).toBe(
      false,
    );
  });

  it('measures from the ends of a range and leaves out days before today and days without seats', () => {
    const offered = nearbyAwardDays(days, { from: '2027-03-08', to: '2027-03-10' }, '2027-03-02');
    expect(offered.map((each) => each.date)).toEqual(['2027-03-12']);
    expect(
      nearbyAwardDays(
        [day('2027-03-11', null)],
        { from: '2027-03-10', to: '2027-03-10' },
        '2027-01-01',
      ),
    ).toEqual([]);
  });

  it('asks for the months a week either side of the dates reach, within what the calendar shows', () => {
    expect(NEARBY_DAYS).toBe(7);
    expect(monthsAround({ from: '2027-03-15', to: '2027-03-15' }, '2027-01-10')).toEqual([
      '2027-03',
    ]);
    expect(monthsAround({ from: '2027-03-03', to: '2027-03-29' }, '2027-01-10')).toEqual([
      '2027-02',
      '2027-03',
      '2027-04',
    ]);
    expect(monthsAround({ from: '2026-12-30', to: '2026-12-30' }, '2026-12-20')).toEqual([
      '2026-12',
      '2027-01',
    ]);
    // Two months before today the calendar has nothing to show.
    expect(monthsAround({ from: '2027-03-02', to: '2027-03-02' }, '2027-04-20')).toEqual([
      '2027-03',
    ]);
  });
});
