import { describe, expect, it } from 'vitest';
import { dayDifference, fromLocal, offsetMinutes, toLocal } from './zoned-time.ts';

describe('zoned time', () => {
  it('turns a Taipei departure into the right Los Angeles arrival, the same calendar day after crossing the date line', () => {
    // TPE 23:40 on 10 March 2026, 11 h 40 min in the air.
    const departs = fromLocal('2026-03-10', 23 * 60 + 40, 'Asia/Taipei');
    expect(new Date(departs).toISOString()).toBe('2026-03-10T15:40:00.000Z');
    const arrives = departs + (11 * 60 + 40) * 60_000;
    expect(toLocal(arrives, 'America/Los_Angeles')).toEqual({
      date: '2026-03-10',
      minutes: 20 * 60 + 20,
    });
  });

  it('knows Los Angeles moved to daylight time on 8 March 2026', () => {
    expect(offsetMinutes(Date.parse('2026-03-07T12:00:00Z'), 'America/Los_Angeles')).toBe(-480);
    expect(offsetMinutes(Date.parse('2026-03-09T12:00:00Z'), 'America/Los_Angeles')).toBe(-420);
    expect(offsetMinutes(Date.parse('2026-03-09T12:00:00Z'), 'Asia/Taipei')).toBe(480);
  });

  it('reads a time inside the spring-forward gap as after the jump, and the fall-back overlap as the first', () => {
    // 02:30 on 8 March 2026 does not exist in Los Angeles: clocks go from 02:00 to 03:00.
    expect(
      toLocal(fromLocal('2026-03-08', 150, 'America/Los_Angeles'), 'America/Los_Angeles'),
    ).toEqual({ date: '2026-03-08', minutes: 210 });
    // 01:30 on 1 November 2026 happens twice; the first is daylight time (UTC-7).
    expect(new Date(fromLocal('2026-11-01', 90, 'America/Los_Angeles')).toISOString()).toBe(
      '2026-11-01T08:30:00.000Z',
    );
  });

  it('handles half-hour zones and southern-hemisphere summer time', () => {
    expect(offsetMinutes(Date.parse('2026-06-15T00:00:00Z'), 'Asia/Kolkata')).toBe(330);
    expect(offsetMinutes(Date.parse('2026-01-15T00:00:00Z'), 'Australia/Sydney')).toBe(660);
    expect(offsetMinutes(Date.parse('2026-06-15T00:00:00Z'), 'Australia/Sydney')).toBe(600);
  });

  it('counts whole days between local dates', () => {
    expect(dayDifference('2026-03-10', '2026-03-11')).toBe(1);
    expect(dayDifference('2026-12-31', '2027-01-01')).toBe(1);
    expect(dayDifference('2026-03-10', '2026-03-09')).toBe(-1);
  });
});
