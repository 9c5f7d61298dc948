import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZoneClock } from './zone-clock.ts';
import { offsetMinutes } from './zoned-time.ts';

/** The engine's fast local times agree with Intl's, across offsets, DST changes and date lines. */
const ZONES = [
  'Asia/Taipei',
  'America/Los_Angeles',
  'America/St_Johns',
  'Europe/London',
  'Asia/Kolkata',
  'Pacific/Auckland',
  'Pacific/Honolulu',
  'Asia/Kathmandu',
];

function reference(instantMs: number, timeZone: string): string {
  const offset = offsetMinutes(instantMs, timeZone);
  const local = new Date(instantMs + offset * 60_000).toISOString().slice(0, 16);
  const size = Math.abs(offset);
  return `${local}${offset < 0 ? '-' : '+'}${String(Math.floor(size / 60)).padStart(2, '0')}:${String(size % 60).padStart(2, '0')}`;
}

describe('ZoneClock.format', () => {
  it('writes each minute as Intl would, e.g. 2026-12-01T23:55+08:00', () => {
    const clock = new ZoneClock();
    expect(clock.format(Date.parse('2026-12-01T15:55:00Z'), 'Asia/Taipei')).toBe(
      '2026-12-01T23:55+08:00',
    );
    fc.assert(
      fc.property(
        // Minutes from 2026 to 2028, DST changes included.
        fc.integer({ min: 29_455_200, max: 30_507_840 }),
        fc.constantFrom(...ZONES),
        (minute, zone) => {
          expect(clock.format(minute * 60_000, zone)).toBe(reference(minute * 60_000, zone));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
