import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awardQuotaUsage, awardSearches } from '../../db/schema/index.ts';
import { createTestApp, csrf } from '../../test/app.ts';
import { memberWithSession } from '../../test/members.ts';
import { addDays } from '../../../core/dated.ts';
import { quotaMonth } from './award-quota.ts';

/**
 * The award search API on a small simulated inventory (the routes between a dozen airports,
 * 60 days ahead of today's real date, since the app runs on the real clock). The searched days are
 * asked of the engine (the first with seats from two weeks ahead), never counted from today.
 */
const dateAfter = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
let START: string;
let END: string;

let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp({
    AWARD_SIMULATION_AIRPORTS: 'TPE,TSA,LAX,SFO,NRT,HND,HKG,ICN,SEA,YVR',
    AWARD_SIMULATION_DAYS: 60,
    LIVE_SCAN_MEMBERS: 'Beta.Tester@example.com',
  }));
  START = await firstDayWithSeats();
  END = addDays(START, 2);
});
afterAll(async () => close());

/**
 * The first day from 14 days ahead that the route's calendar shows an award on (TPE → LAX,
 * business, up to one stop), with two more days after it inside the inventory. The calendar reads
 * the seats the source holds, which the searches of this file, run within its quarter of an hour,
 * see too.
 */
async function firstDayWithSeats(): Promise<string> {
  const asker = await memberWithSession(app);
  const [first, last] = [dateAfter(14), dateAfter(55)];
  const months = new Set(
    Array.from({ length: 42 }, (_, index) => dateAfter(14 + index).slice(0, 7)),
  );
  for (const month of months) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/awards/calendar?origin=TPE&destination=LAX&cabin=business&stops=1&month=${month}`,
      cookies: asker.cookies,
    });
    const days = response.json().days as { date: string; miles: number | null }[];
    const found = days.find((day) => day.date >= first && day.date <= last && day.miles !== null);
    if (found) return found.date;
  }
  throw new Error(`no award TPE → LAX in business between ${first} and ${last}`);
}

const body = (overrides: Record<string, unknown> = {}) => ({
  origin: 'TPE',
  destination: 'LAX',
  startDate: START,
  endDate: END,
  cabin: 'business',
  seats: 1,
  stops: 1,
  ...overrides,
});
const start = (cookies: Record<string, string>, payload: Record<string, unknown>) => {
  const { headers, cookies: csrfCookies } = csrf(cookies);
  return app.inject({
    method: 'POST',
    url: '/api/awards/searches',
    headers,
    cookies: { ...csrfCookies, ...cookies },
    payload,
  });
};

async function finished(cookies: Record<string, string>, id: string) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/awards/searches/${id}`,
      cookies,
    });
    const json = response.json();
    if (json.status !== 'searching') return json;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the search did not finish');
}

describe('GET /api/awards/places', () => {
  it('suggests places to a visitor in the page’s language, and refuses an unknown language', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/awards/places?q=${encodeURIComponent('台北')}&lang=zh-Hans`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().places[0]).toMatchObject({ code: 'TPE', name: '台北' });
    const bad = await app.inject({ method: 'GET', url: '/api/awards/places?q=tpe&lang=xx' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('INVALID_INPUT');
  });
});

describe('POST /api/awards/searches', () => {
  it('asks a visitor to log in', async () => {
    const response = await start({}, body());
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('NOT_SIGNED_IN');
  });

  it('runs a member’s search, streams its progress, stores its results and counts the days', async () => {
    const member = await memberWithSession(app);
    const response = await start(member.cookies, body());
    expect(response.statusCode).toBe(200);
    const { id, quota } = response.json();
    expect(quota.daysLeft).toBe(12);

    const events = await app.inject({
      method: 'GET',
      url: `/api/awards/searches/${id}/events`,
      cookies: member.cookies,
    });
    expect(events.headers['content-type']).toContain('text/event-stream');
    const names = [...events.body.matchAll(/^event: (.+)$/gm)].map((match) => match[1]);
    expect(names).toContain('scanning');
    expect(names).toContain('alliance-done');
    expect(names.at(-1)).toBe('done');
    expect(events.body).toContain('"alliance":"star"');

    const result = await finished(member.cookies, id);
    expect(result.status).toBe('done');
    expect(result.results.length).toBeGreaterThan(0);
    for (const itinerary of result.results) {
      expect(itinerary.source.simulated).toBe(true);
      expect(itinerary.legs.at(-1).to).toBe('LAX');
      expect(itinerary.redeemOptions.length).toBeGreaterThan(0);
    }
    expect(result.quota.daysLeft).toBe(12);
    const [usage] = await app.database.db
      .select()
      .from(awardQuotaUsage)
      .where(eq(awardQuotaUsage.memberId, member.id));
    expect(usage).toMatchObject({ month: quotaMonth(new Date()), daysUsed: 3 });
  });

  it('asks only the other alliances while staff rest one, says so, and refuses a search of that one alone', async () => {
    const admin = await memberWithSession(app, { role: 'admin' });
    const rest = (alliances: string[]) => {
      const { headers, cookies } = csrf(admin.cookies);
      return app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers,
        cookies: { ...cookies, ...admin.cookies },
        payload: { allianceMaintenance: alliances },
      });
    };
    expect((await rest(['star'])).json().settings.allianceMaintenance).toEqual(['star']);
    try {
      const member = await memberWithSession(app);
      const { id } = (await start(member.cookies, body())).json();
      const result = await finished(member.cookies, id);
      expect(result.status).toBe('done');
      expect(result.notices).toContainEqual({ code: 'alliance-maintenance', alliance: 'star' });
      expect(result.alliances).not.toContain('star');
      expect(result.alliances.length).toBeGreaterThan(0);
      const alone = await start(member.cookies, body({ alliance: 'star' }));
      expect([alone.statusCode, alone.json().error]).toEqual([503, 'SEARCH_MAINTENANCE']);
    } finally {
      await rest([]);
    }
  });

  it('keeps a member to 3 days per search and 15 a month, and a sponsor to 15 per search', async () => {
    const member = await memberWithSession(app);
    const tooLong = await start(member.cookies, body({ endDate: addDays(START, 3) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      error: 'SEARCH_TOO_MANY_DAYS',
      fields: { endDate: 'too-many-days' },
    });
    for (let search = 0; search < 5; search += 1)
      expect((await start(member.cookies, body())).statusCode).toBe(200);
    const sixth = await start(member.cookies, body());
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json().error).toBe('SEARCH_MONTH_USED_UP');
    expect(
      await app.database.db
        .select()
        .from(awardSearches)
        .where(eq(awardSearches.memberId, member.id)),
    ).toHaveLength(5);

    const sponsor = await memberWithSession(app, { plan: 'sponsor' });
    const fifteen = await start(sponsor.cookies, body({ endDate: addDays(START, 14) }));
    expect(fifteen.statusCode).toBe(200);
    expect(fifteen.json().quota.daysLeft).toBeNull();
  });

  it('never overspends the month when searches arrive at once (a real pool of connections on PostgreSQL)', async () => {
    const member = await memberWithSession(app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => start(member.cookies, body())),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 403)).toHaveLength(7);
    const [usage] = await app.database.db
      .select()
      .from(awardQuotaUsage)
      .where(eq(awardQuotaUsage.memberId, member.id));
    expect(usage?.daysUsed).toBe(15);
    expect(
      await app.database.db
        .select()
        .from(awardSearches)
        .where(eq(awardSearches.memberId, member.id)),
    ).toHaveLength(5);
  });

  it('names the bad field of a bad request, and stores nothing', async () => {
    const member = await memberWithSession(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ origin: 'TAIPEI' }, 'origin'],
      [{ destination: 'TPE' }, 'destination'],
      [{ endDate: addDays(START, -1) }, 'endDate'],
      [{ startDate: '2026-02-30' }, 'startDate'],
      [{ cabin: 'luxury' }, 'cabin'],
      [{ seats: 2, cabin: 'economy' }, 'seats'],
      [{ stops: 3 }, 'stops'],
    ];
    for (const [change, field] of cases) {
      const response = await start(member.cookies, body(change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(response.json().fields ?? {}), JSON.stringify(change)).toContain(field);
    }
    expect(
      await app.database.db
        .select()
        .from(awardSearches)
        .where(eq(awardSearches.memberId, member.id)),
    ).toHaveLength(0);
  });

  it('answers an unknown airport as a failed search and gives the days back', async () => {
    const member = await memberWithSession(app);
    const response = await start(member.cookies, body({ destination: 'ZZZ' }));
    expect(response.statusCode).toBe(200);
    const result = await finished(member.cookies, response.json().id);
    expect(result).toMatchObject({ status: 'failed', error: 'INVALID_AWARD_QUERY' });
    expect(result.quota.daysLeft).toBe(15);
  });

  it('shows one member’s search to nobody else', async () => {
    const owner = await memberWithSession(app);
    const other = await memberWithSession(app);
    const { id } = (await start(owner.cookies, body())).json();
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/awards/searches/${id}`,
          cookies: other.cookies,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/awards/searches/${id}/events`,
          cookies: other.cookies,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/awards/searches/not-a-uuid',
          cookies: owner.cookies,
        })
      ).statusCode,
      // Not an id at all: refused by the schema, before any lookup (docs/security.md#errors).
    ).toBe(400);
  });
});

describe('GET /api/awards/samples', () => {
  it('shows a visitor sample redemptions worked out by the search, with names in their language', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/awards/samples?lang=zh-Hant' });
    expect(response.statusCode).toBe(200);
    const { samples, names } = response.json();
    // The small inventory serves the routes between its airports: LAX→TPE, SFO→TYO, SEA→TPE, TPE→LAX, TPE→TYO.
    expect(
      samples.map(
        (sample: { origin: string; destination: string }) =>
          `${sample.origin}-${sample.destination}`,
      ),
    ).toEqual(expect.arrayContaining(['LAX-TPE', 'TPE-LAX', 'TPE-TYO']));
    expect(new Set(samples.map((sample: { region: string }) => sample.region))).toEqual(
      new Set(['us', 'tw']),
    );
    for (const sample of samples) {
      // The sample's price is the cheapest option of its own itinerary, on a date a month ahead.
      expect(sample.option.miles).toBe(
        Math.min(
          ...sample.itinerary.redeemOptions.map((option: { miles: number }) => option.miles),
        ),
      );
      expect(sample.date >= dateAfter(29) && sample.date <= dateAfter(37)).toBe(true);
      expect(sample.itinerary.source.simulated).toBe(true);
    }
    expect(names.places.TPE.city).toBe('臺北');
  });
});

describe('GET /api/awards/quota', () => {
  it('tells a member their plan’s limits, the days left and whether the live scan is open to them', async () => {
    const member = await memberWithSession(app);
    const quota = await app.inject({
      method: 'GET',
      url: '/api/awards/quota',
      cookies: member.cookies,
    });
    expect(quota.json()).toMatchObject({
      plan: 'member',
      daysPerSearch: 3,
      daysPerMonth: 15,
      daysLeft: 15,
      scrapingEnabled: false,
    });
    const sponsor = await memberWithSession(app, { plan: 'sponsor-more', scrapingEnabled: true });
    const sponsorQuota = await app.inject({
      method: 'GET',
      url: '/api/awards/quota',
      cookies: sponsor.cookies,
    });
    expect(sponsorQuota.json()).toMatchObject({
      plan: 'sponsor-more',
      daysPerSearch: 15,
      daysPerMonth: null,
      daysLeft: null,
      scrapingEnabled: true,
    });
    expect((await app.inject({ method: 'GET', url: '/api/awards/quota' })).statusCode).toBe(401);
  });
});

describe('the live scan (closed beta)', () => {
  it('is refused to an account not yet enabled, charging and storing nothing, and runs for one that is', async () => {
    const waiting = await memberWithSession(app);
    const refused = await start(waiting.cookies, body({ live: true }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('SCRAPING_CLOSED_BETA');
    expect(
      await app.database.db
        .select()
        .from(awardSearches)
        .where(eq(awardSearches.memberId, waiting.id)),
    ).toHaveLength(0);
    expect(
      await app.database.db
        .select()
        .from(awardQuotaUsage)
        .where(eq(awardQuotaUsage.memberId, waiting.id)),
    ).toHaveLength(0);

    const enabled = await memberWithSession(app, { scrapingEnabled: true });
    const live = await start(enabled.cookies, body({ live: true }));
    expect(live.statusCode).toBe(200);
    const result = await finished(enabled.cookies, live.json().id);
    expect(result.status).toBe('done');
    expect(result.results.length).toBeGreaterThan(0);
    // Stored as a live scan: the staff dashboard counts it apart from cached searches.
    const [row] = await app.database.db
      .select({ live: awardSearches.live })
      .from(awardSearches)
      .where(eq(awardSearches.id, live.json().id));
    expect(row?.live).toBe(true);
  });

  it('records a member’s request for access once, and opens to an address on the LIVE_SCAN_MEMBERS list', async () => {
    const asking = await memberWithSession(app);
    const quota = () =>
      app
        .inject({ method: 'GET', url: '/api/awards/quota', cookies: asking.cookies })
        .then((response) => response.json());
    expect(await quota()).toMatchObject({ scrapingEnabled: false, scrapingRequested: false });
    const ask = () => {
      const { headers, cookies } = csrf(asking.cookies);
      return app.inject({
        method: 'POST',
        url: '/api/awards/live-scan/request',
        headers,
        cookies: { ...cookies, ...asking.cookies },
      });
    };
    const first = (await ask()).json();
    expect(first.requestedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await ask()).json().requestedAt).toBe(first.requestedAt);
    expect(await quota()).toMatchObject({ scrapingEnabled: false, scrapingRequested: true });
    // Asking does not open the beta; being on the list does.
    expect((await start(asking.cookies, body({ live: true }))).json().error).toBe(
      'SCRAPING_CLOSED_BETA',
    );
    const listed = await memberWithSession(app, { email: 'beta.tester@example.com' });
    expect(
      (
        await app.inject({ method: 'GET', url: '/api/awards/quota', cookies: listed.cookies })
      ).json().scrapingEnabled,
    ).toBe(true);
    expect((await start(listed.cookies, body({ live: true, endDate: START }))).statusCode).toBe(
      200,
    );
    // A visitor cannot ask.
    const { headers, cookies } = csrf();
    expect(
      (await app.inject({ method: 'POST', url: '/api/awards/live-scan/request', headers, cookies }))
        .statusCode,
    ).toBe(401);
  });
});

describe('GET /api/awards/calendar', () => {
  it('gives a member the lowest miles of each day of a month, the same as a search of that day finds, charging nothing', async () => {
    const member = await memberWithSession(app);
    const searched = await start(member.cookies, body({ endDate: START }));
    const result = await finished(member.cookies, searched.json().id);
    const lowest = Math.min(
      ...result.results.flatMap((itinerary: { redeemOptions: { miles: number }[] }) =>
        itinerary.redeemOptions.map((option) => option.miles),
      ),
    );

    const month = START.slice(0, 7);
    const response = await app.inject({
      method: 'GET',
      url: `/api/awards/calendar?origin=TPE&destination=LAX&cabin=business&stops=1&month=${month}&lang=zh-Hans`,
      cookies: member.cookies,
    });
    expect(response.statusCode).toBe(200);
    const { days, names } = response.json();
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    expect(days).toHaveLength(new Date(Date.UTC(year, monthNumber, 0)).getUTCDate());
    const day = days.find((entry: { date: string }) => entry.date === START);
    expect(day.miles).toBe(lowest);
    expect(names.programmes[day.programme]).toBeTruthy();
    const today = new Date().toISOString().slice(0, 10);
    const past = days.filter((entry: { date: string }) => entry.date < today);
    expect(past.filter((entry: { miles: number | null }) => entry.miles !== null)).toEqual([]);
    const quota = await app.inject({
      method: 'GET',
      url: '/api/awards/quota',
      cookies: member.cookies,
    });
    expect(quota.json().daysLeft).toBe(14);
  });

  it('refuses a visitor and a bad month', async () => {
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/awards/calendar?origin=TPE&destination=LAX&cabin=business&month=2026-12',
        })
      ).statusCode,
    ).toBe(401);
    const member = await memberWithSession(app);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/awards/calendar?origin=TPE&destination=LAX&cabin=business&month=2026-13',
      cookies: member.cookies,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toContain('month');
    // Months no airline has opened (or long gone) are the asker's mistake, not a search outage.
    for (const month of ['9999-12', '2000-01']) {
      const far = await app.inject({
        method: 'GET',
        url: `/api/awards/calendar?origin=TPE&destination=LAX&cabin=business&month=${month}`,
        cookies: member.cookies,
      });
      expect(far.statusCode, month).toBe(400);
      expect(far.json()).toMatchObject({
        error: 'INVALID_AWARD_QUERY',
        fields: { month: 'out-of-range' },
      });
    }
  });
});
