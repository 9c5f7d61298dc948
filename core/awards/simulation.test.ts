import { describe, expect, it } from 'vitest';
import { awardSeats, isPeakDate, type SeatQuery } from './simulated-seats.ts';
import { blockMinutes, buildSchedule, cabinsFitted } from './simulated-schedule.ts';

const query = (overrides: Partial<SeatQuery> = {}): SeatQuery => ({
  seed: 42,
  flightNumber: 'BR12',
  date: '2026-05-12',
  cabin: 'business',
  epochHour: 500_000,
  today: '2026-03-01',
  ...overrides,
});

function dates(start: string, count: number): string[] {
  const first = Date.parse(`${start}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) =>
    new Date(first + index * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Share of flight-days with seats, over many flights and dates. */
function openShare(overrides: Partial<SeatQuery>, from: string, days: number): number {
  let open = 0;
  let total = 0;
  for (let flight = 1; flight <= 60; flight += 1) {
    for (const date of dates(from, days)) {
      total += 1;
      if (awardSeats(query({ flightNumber: `XX${flight}`, date, ...overrides })) > 0) open += 1;
    }
  }
  return open / total;
}

describe('the simulated timetable', () => {
  it('turns 21 weekly Taipei–Los Angeles flights into three daily departures each way', () => {
    const flights = buildSchedule(
      [{ airline: 'BR', from: 'TPE', to: 'LAX', weeklyFrequency: 21, miles: 6787 }],
      () => true,
    );
    const outbound = flights.filter((flight) => flight.from === 'TPE');
    expect(outbound).toHaveLength(3);
    expect(outbound.every((flight) => flight.daysOfWeek === 0b1111111)).toBe(true);
    expect(flights.filter((flight) => flight.from === 'LAX')).toHaveLength(3);
    expect(new Set(flights.map((flight) => flight.flightNumber)).size).toBe(6);
    expect(outbound[0]?.cabins).toEqual(['economy', 'premium', 'business']);
    for (const flight of flights) expect(flight.departureMinutes % 5).toBe(0);
  });

  it('spreads a 3-a-week route over three different weekdays', () => {
    const [outbound] = buildSchedule(
      [{ airline: 'CI', from: 'TPE', to: 'PHX', weeklyFrequency: 3, miles: 7000 }],
      () => true,
    );
    const days = [0, 1, 2, 3, 4, 5, 6].filter((day) => ((outbound?.daysOfWeek ?? 0) >> day) & 1);
    expect(days).toHaveLength(3);
  });

  it('estimates block time from distance, and fits cabins by carrier and stage length', () => {
    expect(blockMinutes(6787)).toBe(800); // 13 h 20 min: the average of the two directions
    expect(blockMinutes(1355)).toBe(185);
    expect(cabinsFitted('JL', 6000, true)).toEqual(['economy', 'premium', 'business', 'first']);
    expect(cabinsFitted('IT', 1355, false)).toEqual(['economy']);
    expect(cabinsFitted('BR', 500, true)).toEqual(['economy', 'business']);
  });

  it('is the same every time it is built', () => {
    const routes = [
      { airline: 'BR', from: 'TPE', to: 'NRT', weeklyFrequency: 28, miles: 1355 },
      { airline: 'CI', from: 'TPE', to: 'LAX', weeklyFrequency: 14, miles: 6787 },
    ];
    expect(buildSchedule(routes, () => true)).toEqual(
      buildSchedule([...routes].reverse(), () => true),
    );
  });
});

describe('simulated award seats', () => {
  it('are a pure function of their inputs, between 0 and 9', () => {
    for (const date of dates('2026-04-01', 60)) {
      const seats = awardSeats(query({ date, cabin: 'economy' }));
      expect(seats).toBe(awardSeats(query({ date, cabin: 'economy' })));
      expect(seats).toBeGreaterThanOrEqual(0);
      expect(seats).toBeLessThanOrEqual(9);
    }
  });

  it('are none in the past and none beyond the 330-day horizon', () => {
    for (const flight of ['BR12', 'CI5', 'UA871', 'JX2']) {
      expect(awardSeats(query({ flightNumber: flight, date: '2026-02-27' }))).toBe(0);
      expect(awardSeats(query({ flightNumber: flight, date: '2027-02-01' }))).toBe(0);
    }
  });

  it('are scarcer in premium cabins and at peak times, more plentiful far out and close in', () => {
    const economy = openShare({ cabin: 'economy' }, '2026-04-20', 30);
    const business = openShare({ cabin: 'business' }, '2026-04-20', 30);
    const first = openShare({ cabin: 'first' }, '2026-04-20', 30);
    expect(economy).toBeGreaterThan(business);
    expect(business).toBeGreaterThan(first);
    const summer = openShare({ cabin: 'economy' }, '2026-07-05', 30);
    expect(summer).toBeLessThan(economy * 0.7);
    const farOut = openShare({ cabin: 'business', today: '2025-04-01' }, '2026-02-01', 10);
    const closeIn = openShare({ cabin: 'business', today: '2026-04-15' }, '2026-04-20', 7);
    const midRange = openShare({ cabin: 'business', today: '2026-03-15' }, '2026-04-20', 7);
    expect(farOut).toBeGreaterThan(midRange);
    expect(closeIn).toBeGreaterThan(midRange);
  });

  it('change over a day for some flight-days but not most, so a later check finds releases and vanishings', () => {
    let changed = 0;
    let total = 0;
    for (let flight = 1; flight <= 40; flight += 1) {
      for (const date of dates('2026-05-01', 20)) {
        const before = awardSeats(query({ flightNumber: `YY${flight}`, date, cabin: 'economy' }));
        const after = awardSeats(
          query({ flightNumber: `YY${flight}`, date, cabin: 'economy', epochHour: 500_024 }),
        );
        total += 1;
        if (before > 0 !== after > 0) changed += 1;
      }
    }
    expect(changed / total).toBeGreaterThan(0.1);
    expect(changed / total).toBeLessThan(0.6);
    // Within the same hour nothing moves.
    expect(awardSeats(query({ epochHour: 500_000 }))).toBe(
      awardSeats(query({ epochHour: 500_000 })),
    );
  });

  it('knows the peak periods', () => {
    expect(isPeakDate('2026-02-17')).toBe(true); // Lunar New Year 2026
    expect(isPeakDate('2026-02-21')).toBe(true);
    expect(isPeakDate('2026-07-15')).toBe(true);
    expect(isPeakDate('2026-12-24')).toBe(true);
    expect(isPeakDate('2026-10-14')).toBe(false);
  });
});
