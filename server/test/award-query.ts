import type { AwardQuery } from '../../core/awards/search.ts';

/** The award tests' usual question: TPE → LAX in business, 1–3 December 2026, up to one stop. */
export function awardQuery(overrides: Partial<AwardQuery> = {}): AwardQuery {
  return {
    origin: 'TPE',
    destination: 'LAX',
    dates: { from: '2026-12-01', to: '2026-12-03' },
    cabin: 'business',
    seats: 1,
    airlines: [],
    flightNumber: null,
    stops: 'one',
    timesOfDay: [],
    mixedCabin: { allowed: false, minPercent: 100 },
    alliance: null,
    ...overrides,
  };
}
