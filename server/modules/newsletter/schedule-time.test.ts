import { describe, expect, it } from 'vitest';
import { pickedInThePast } from './issues.service.ts';

describe('a send time staff picked, to the minute', () => {
  it('counts the current and the previous minute as now, whatever second the request arrives at', () => {
    // Picked as 'now' at 12:00:59, arriving at 12:01:00.4: still now.
    expect(
      pickedInThePast(new Date('2026-11-28T12:00:00Z'), new Date('2026-11-28T12:01:00.400Z')),
    ).toBe(false);
    expect(
      pickedInThePast(new Date('2026-11-28T12:00:00Z'), new Date('2026-11-28T12:01:59.999Z')),
    ).toBe(false);
    expect(
      pickedInThePast(new Date('2026-11-28T12:05:00Z'), new Date('2026-11-28T12:01:00Z')),
    ).toBe(false);
  });

  it('refuses a time two minutes gone', () => {
    expect(
      pickedInThePast(new Date('2026-11-28T11:59:59Z'), new Date('2026-11-28T12:01:00Z')),
    ).toBe(true);
    expect(
      pickedInThePast(new Date('2026-11-28T12:00:00Z'), new Date('2026-11-28T12:02:00Z')),
    ).toBe(true);
  });
});
