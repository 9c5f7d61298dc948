import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwardQuery, AwardSearchResult, CalendarDay } from '../../../core/awards/search.ts';
import type { Database } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../test/database.ts';
import type { AwardSearch } from './award-search.ts';
import { AwardSearches } from './award-searches.service.ts';

/**
 * The calendar beside a search's results says what the search just saw: a search looks at the
 * route's seats again, so the calendar months kept for that route are worked out anew.
 */

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => drop());

/** A source whose seats on the route change when a search looks at them again, as a real one's would. */
function changingSource() {
  let lowest = 70_000;
  let worked = 0;
  const source = {
    async search(): Promise<AwardSearchResult> {
      lowest = 55_000;
      return {
        itineraries: [],
        notices: [],
        alliances: ['star', 'oneworld', 'skyteam'],
      } as unknown as AwardSearchResult;
    },
    async calendar(query: AwardQuery): Promise<CalendarDay[]> {
      worked += 1;
      return [
        {
          date: query.dates.to,
          miles: query.origin === 'TPE' ? lowest : 90_000,
          programme: 'united-mileageplus',
        },
      ];
    },
  };
  return { source: source as unknown as AwardSearch, worked: () => worked };
}

describe('the award calendar after a search of its route', () => {
  it('is worked out again for the searched route, and still kept for other routes', async () => {
    const { source, worked } = changingSource();
    const now = new Date();
    const searches = new AwardSearches({
      db: database.db,
      search: async () => source,
      now: () => now,
      maintenance: async () => false,
      log: { warn: () => {}, error: () => {} },
    });
    const [member] = await database.db
      .insert(members)
      .values({
        account: `tp_calendar_${Date.now()}`,
        email: `calendar.${Date.now()}@example.com`,
        name: 'Calendar',
        activatedAt: now,
      })
      .returning();
    const month = now.toISOString().slice(0, 7);
    const route = {
      origin: 'TPE',
      destination: 'LAX',
      cabin: 'business' as const,
      seats: 1,
      stops: 1,
      month,
    };
    const other = { ...route, origin: 'SFO', destination: 'NRT' };

    expect((await searches.calendar(route))[0]?.miles).toBe(70_000);
    await searches.calendar(other);
    // Asked again within its 15 minutes, a month is not worked out again.
    expect((await searches.calendar(route))[0]?.miles).toBe(70_000);
    expect(worked()).toBe(2);

    const day = new Date(now.getTime() + 20 * 86_400_000).toISOString().slice(0, 10);
    await searches.start(member!, {
      origin: 'TPE',
      destination: 'LAX',
      startDate: day,
      endDate: day,
      cabin: 'business',
      seats: 1,
      stops: 1,
      airlines: [],
      timeOfDay: [],
      mixedCabin: false,
      minCabinPercent: 0,
      live: false,
    });
    await searches.settle();

    expect((await searches.calendar(route))[0]?.miles).toBe(55_000);
    await searches.calendar(other);
    expect(worked()).toBe(3);
  });
});
