import { and, asc, eq, ne, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, members, trackingChanges, trackings } from '../../db/schema/index.ts';
import { createTestApp, csrf } from '../../test/app.ts';
import { isPeakDate } from '../../../core/awards/simulated-seats.ts';
import { memberWithSession } from '../../test/members.ts';
import { TrackingChecks } from './tracking-checks.ts';

/**
 * Award tracking through the API and the check cycles, on a small simulated inventory. The
 * cycles are driven with an injected clock: each is an hour after the one before, and the
 * simulated seats move by the hour, so a later check finds seats the earlier one did not.
 */
const HOUR = 3_600_000;
const dateAfter = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const DAY = dateAfter(20);

let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;
let clock = Date.now();
/** The next cycle's time: an hour after the last. */
const nextHour = () => new Date((clock += HOUR));

/**
 * The day the background checks watch: the first day from three weeks out, outside the peak
 * weeks, on which no nonstop TPE → LAX flight has two business seats now. Seats come and go as the
 * simulation draws again each day, so two seats appear within days; a fixed day and four seats
 * (the most a business cabin opens) made the checks depend on the day the tests ran.
 */
let WATCH_DAY = '';

async function emptyNow(day: string, cookies: Record<string, string>): Promise<boolean> {
  const started = await send('POST', '/api/awards/searches', cookies, {
    origin: 'TPE',
    destination: 'LAX',
    startDate: day,
    endDate: day,
    cabin: 'business',
    seats: 2,
    stops: 0,
  });
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const answer = (
      await app.inject({ method: 'GET', url: `/api/awards/searches/${started.json().id}`, cookies })
    ).json();
    if (answer.status !== 'searching')
      return answer.status === 'done' && answer.results.length === 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

beforeAll(async () => {
  ({ app, close } = await createTestApp({
    AWARD_SIMULATION_AIRPORTS: 'TPE,TSA,LAX,SFO,NRT,HND,HKG,ICN,SEA,YVR',
    AWARD_SIMULATION_DAYS: 60,
    PUBLIC_URL: 'https://tripplus.example',
  }));
  const prober = await memberWithSession(app, { plan: 'sponsor-more' });
  for (let days = 21; days < 55 && !WATCH_DAY; days += 1) {
    if (!isPeakDate(dateAfter(days)) && (await emptyNow(dateAfter(days), prober.cookies)))
      WATCH_DAY = dateAfter(days);
  }
  if (!WATCH_DAY)
    throw new Error('no day without two nonstop business seats in the next two months');
});
afterAll(async () => close());

const send = (
  method: 'POST' | 'DELETE' | 'PATCH',
  url: string,
  cookies: Record<string, string>,
  payload?: Record<string, unknown>,
) => {
  const { headers, cookies: csrfCookies } = csrf(cookies);
  return app.inject({
    method,
    url,
    headers,
    cookies: { ...csrfCookies, ...cookies },
    ...(payload ? { payload } : {}),
  });
};
/** A scarce watch (four business seats on one nonstop day) so that seats come and go from hour to hour. */
const scarce = (overrides: Record<string, unknown> = {}) => ({
  origin: 'TPE',
  destination: 'LAX',
  startDate: DAY,
  endDate: DAY,
  cabin: 'business',
  seats: 4,
  stops: 0,
  ...overrides,
});

async function create(cookies: Record<string, string>, payload: Record<string, unknown>) {
  const response = await send('POST', '/api/trackings', cookies, payload);
  expect(response.statusCode, response.body).toBe(200);
  await app.trackings.settle();
  return response.json().tracking.id as string;
}
const rowOf = async (id: string) =>
  (await app.database.db.select().from(trackings).where(eq(trackings.id, id)))[0];
const mailsOf = (id: string) =>
  app.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.topic, `tracking:${id}`))
    .orderBy(asc(mailOutbox.id));
const changesOf = (id: string) =>
  app.database.db
    .select()
    .from(trackingChanges)
    .where(eq(trackingChanges.trackingId, id))
    .orderBy(asc(trackingChanges.version));

/** What the background checks watch: two business seats on a nonstop, on WATCH_DAY. */
const watch = (overrides: Record<string, unknown> = {}) =>
  scarce({ startDate: WATCH_DAY, endDate: WATCH_DAY, seats: 2, ...overrides });

/** Runs hourly cycles until the tracking reaches `status` (at most 20 days); the number of cycles it took. */
async function cyclesUntil(id: string, status: string, limit = 480): Promise<number> {
  for (let cycle = 1; cycle <= limit; cycle += 1) {
    await app.trackingChecks.runCycle(nextHour());
    if ((await rowOf(id))?.status === status) return cycle;
  }
  throw new Error(`tracking ${id} did not become ${status} in ${limit} hourly cycles`);
}

describe('creating and listing trackings', () => {
  it('asks a visitor to log in', async () => {
    const response = await send('POST', '/api/trackings', {}, scarce());
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('NOT_SIGNED_IN');
  });

  it('takes the baseline at once and lists the tracking with its days, status and counts', async () => {
    const member = await memberWithSession(app);
    const id = await create(member.cookies, scarce({ keepTracking: true, airlines: ['br'] }));
    const list = await app.inject({
      method: 'GET',
      url: '/api/trackings?lang=zh-Hant',
      cookies: member.cookies,
    });
    expect(list.statusCode).toBe(200);
    const [tracking] = list.json().trackings;
    expect(tracking).toMatchObject({
      id,
      status: 'tracking',
      keepTracking: true,
      days: 1,
      changes: { flightsAdded: 0, flightsRemoved: 0 },
    });
    expect(tracking.query).toMatchObject({
      origin: 'TPE',
      destination: 'LAX',
      dates: { from: DAY, to: DAY },
      cabin: 'business',
      seats: 4,
      airlines: ['BR'],
      stops: 'direct',
    });
    expect(tracking.lastCheckedAt).not.toBeNull();
    expect(list.json().allowance).toEqual({ plan: 'member', days: 2, used: 1, remaining: 1 });
    expect(list.json().names.places.LAX.city).toBe('洛杉磯');
  });

  it('refuses dates that have passed, and names the field', async () => {
    const member = await memberWithSession(app);
    const response = await send(
      'POST',
      '/api/trackings',
      member.cookies,
      scarce({ startDate: dateAfter(-3), endDate: dateAfter(-2) }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'TRACKING_DATES_PAST',
      fields: { startDate: 'past' },
    });
    expect(
      await app.database.db.select().from(trackings).where(eq(trackings.memberId, member.id)),
    ).toEqual([]);
  });

  it('refuses more days than remain with the number left, and frees days at once on delete', async () => {
    const member = await memberWithSession(app);
    const tooMany = await send(
      'POST',
      '/api/trackings',
      member.cookies,
      scarce({ endDate: dateAfter(22) }),
    );
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      error: 'TRACKING_DAYS_EXCEEDED',
      fields: { remaining: '2' },
    });
    expect(tooMany.json().message).toBe(
      'You have 2 remaining tracking days available. Please delete other entries to free up more days.',
    );

    const id = await create(member.cookies, scarce({ endDate: dateAfter(21) }));
    const full = await send('POST', '/api/trackings', member.cookies, scarce());
    expect(full.json()).toMatchObject({
      error: 'TRACKING_DAYS_EXCEEDED',
      fields: { remaining: '0' },
    });

    const deleted = await send('DELETE', `/api/trackings/${id}`, member.cookies);
    expect(deleted.json().allowance).toMatchObject({ used: 0, remaining: 2 });
    await create(member.cookies, scarce());
  });

  it('gives a sponsor 5 tracking days and "sponsor more" 10 more', async () => {
    const sponsor = await memberWithSession(app, { plan: 'sponsor' });
    expect(
      (await send('POST', '/api/trackings', sponsor.cookies, scarce({ endDate: dateAfter(24) })))
        .statusCode,
    ).toBe(200);
    expect((await send('POST', '/api/trackings', sponsor.cookies, scarce())).json().fields).toEqual(
      { remaining: '0' },
    );
    const more = await memberWithSession(app, { plan: 'sponsor-more' });
    expect(
      (
        await send('POST', '/api/trackings', more.cookies, scarce({ endDate: dateAfter(34) }))
      ).json().allowance,
    ).toEqual({ plan: 'sponsor-more', days: 15, used: 15, remaining: 0 });
    await app.trackings.settle();
  });

  it("keeps one member's trackings from another", async () => {
    const owner = await memberWithSession(app);
    const other = await memberWithSession(app);
    const id = await create(owner.cookies, scarce());
    expect(
      (await app.inject({ method: 'GET', url: `/api/trackings/${id}`, cookies: other.cookies }))
        .statusCode,
    ).toBe(404);
    expect((await send('DELETE', `/api/trackings/${id}`, other.cookies)).statusCode).toBe(404);
    expect(await rowOf(id)).toBeDefined();
  });
});

describe('keep-tracking after a notification', () => {
  it('is switched on and off by its owner: on holds the days again (refused without them), off frees them', async () => {
    const member = await memberWithSession(app);
    const other = await memberWithSession(app);
    // A one-day tracking that has e-mailed its first news and, without keep-tracking, stopped.
    const id = await create(member.cookies, scarce({ keepTracking: false }));
    await app.database.db.update(trackings).set({ status: 'notified' }).where(eq(trackings.id, id));
    const list = async () =>
      (await app.inject({ method: 'GET', url: '/api/trackings', cookies: member.cookies })).json();
    expect((await list()).allowance).toMatchObject({ used: 0, remaining: 2 });

    // Both days go to another tracking: watching on needs a day, and none is left.
    const taking = await create(member.cookies, scarce({ endDate: dateAfter(21) }));
    const refused = await send('PATCH', `/api/trackings/${id}`, member.cookies, {
      keepTracking: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'TRACKING_DAYS_EXCEEDED',
      fields: { remaining: '0' },
    });
    expect((await rowOf(id))?.keepTracking).toBe(false);

    await send('DELETE', `/api/trackings/${taking}`, member.cookies);
    const on = await send('PATCH', `/api/trackings/${id}`, member.cookies, { keepTracking: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({
      tracking: { id, keepTracking: true, status: 'notified', days: 1 },
      allowance: { used: 1, remaining: 1 },
    });
    expect(await rowOf(id)).toMatchObject({ keepTracking: true, status: 'notified' });

    // Only the owner, with a well-formed answer.
    expect(
      (await send('PATCH', `/api/trackings/${id}`, other.cookies, { keepTracking: false }))
        .statusCode,
    ).toBe(404);
    const malformed = await send('PATCH', `/api/trackings/${id}`, member.cookies, {
      keepTracking: 'yes',
    });
    expect(malformed.statusCode).toBe(400);

    const off = await send('PATCH', `/api/trackings/${id}`, member.cookies, {
      keepTracking: false,
    });
    expect(off.json()).toMatchObject({
      tracking: { keepTracking: false, days: 0 },
      allowance: { used: 0, remaining: 2 },
    });
  });
});

describe('background checks', () => {
  it('e-mails exactly once when seats appear, with the flights and the programmes that book them', async () => {
    const member = await memberWithSession(app, { language: 'zh-Hant', name: '小明' });
    const [{ email } = { email: '' }] = await app.database.db
      .select({ email: members.email })
      .from(members)
      .where(eq(members.id, member.id));
    const id = await create(member.cookies, watch());
    await cyclesUntil(id, 'notified');

    const mails = await mailsOf(id);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const tracking = (
      await app.inject({
        method: 'GET',
        url: `/api/trackings/${id}?lang=zh-Hant`,
        cookies: member.cookies,
      })
    ).json().tracking;
    expect(tracking.status).toBe('notified');
    expect(tracking.changes.flightsAdded).toBeGreaterThan(0);
    expect(tracking.flights.length).toBeGreaterThan(0);
    expect(mail).toMatchObject({
      toAddress: email,
      language: 'zh-Hant',
      template: 'tracking_notified',
      messageId: `<tracking-${id}-v${(await rowOf(id))?.version}@tripplus.example>`,
    });
    expect(mail?.subject).toContain('找到獎勵機位：TPE → LAX');
    for (const flight of tracking.flights.slice(0, 5)) {
      expect(mail?.textBody).toContain(
        flight.legs.map((leg: { flightNumber: string }) => leg.flightNumber).join(' + '),
      );
    }
    expect(mail?.textBody).toMatch(/\d[\d,]* 哩 \+ US\$/);
    expect(mail?.textBody).toContain(
      `https://tripplus.example/awardplus/scraping/alert?tracking=${id}`,
    );
    expect(mail?.headers['List-Unsubscribe']).toMatch(
      new RegExp(
        `^<https://tripplus.example/api/trackings/stop\\?tracking=${id}&signature=[\\w-]+>$`,
      ),
    );
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // Under the bell too, once, with the route and what was found.
    const bell = (
      await app.inject({ method: 'GET', url: '/api/notices', cookies: member.cookies })
    ).json();
    expect(bell.unread).toBe(1);
    expect(bell.notices[0]).toMatchObject({
      kind: 'tracking-notified',
      payload: {
        tracking: id,
        origin: 'TPE',
        destination: 'LAX',
        flights: tracking.matchedFlights,
      },
    });

    // Without keep-tracking the watch is over: later cycles neither check it nor write again.
    const version = (await rowOf(id))?.version;
    for (let cycle = 0; cycle < 10; cycle += 1) await app.trackingChecks.runCycle(nextHour());
    expect(await mailsOf(id)).toHaveLength(1);
    expect((await rowOf(id))?.version).toBe(version);
    expect(
      (await app.inject({ method: 'GET', url: '/api/notices', cookies: member.cookies })).json()
        .unread,
    ).toBe(1);
    // A finished watch holds no tracking days.
    const list = (
      await app.inject({ method: 'GET', url: '/api/trackings', cookies: member.cookies })
    ).json();
    expect(list.allowance.used).toBe(0);
  });

  it('with keep-tracking, sends one more e-mail on the next change and then one per change', async () => {
    const member = await memberWithSession(app);
    const id = await create(member.cookies, watch({ keepTracking: true }));
    await cyclesUntil(id, 'notified');
    expect(await mailsOf(id)).toHaveLength(1);
    await cyclesUntil(id, 'change-notified');
    const mails = await mailsOf(id);
    expect(mails.map((mail) => mail.template)).toEqual([
      'tracking_notified',
      'tracking_change-notified',
    ]);
    expect(new Set(mails.map((mail) => mail.messageId)).size).toBe(2);

    // Every recorded change after the baseline e-mailed once, and each e-mail belongs to one change.
    for (let cycle = 0; cycle < 12; cycle += 1) await app.trackingChecks.runCycle(nextHour());
    const changes = await changesOf(id);
    const notifying = changes.filter((change) => change.mailId !== null);
    expect(notifying.length).toBe((await mailsOf(id)).length);
    expect(new Set(notifying.map((change) => change.mailId)).size).toBe(notifying.length);
    expect(
      changes
        .slice(changes.findIndex((change) => change.mailId !== null))
        .every((change) => change.mailId !== null),
    ).toBe(true);
  });

  it('records one change when two cycles check the same tracking at the same time', async () => {
    const member = await memberWithSession(app, { plan: 'sponsor' });
    const id = await create(member.cookies, watch({ keepTracking: true }));
    await cyclesUntil(id, 'notified');
    for (let round = 0; round < 20; round += 1) {
      const at = nextHour();
      const before = (await changesOf(id)).length;
      await Promise.all([app.trackingChecks.runCycle(at), app.trackingChecks.runCycle(at)]);
      expect((await changesOf(id)).length - before).toBeLessThanOrEqual(1);
    }
    const changes = await changesOf(id);
    expect(changes.map((change) => change.version)).toEqual(
      changes.map((_, index) => (changes[0]?.version ?? 0) + index),
    );
    expect((await mailsOf(id)).length).toBe(
      changes.filter((change) => change.mailId !== null).length,
    );
  });

  it('after a delete, sends nothing more and cancels what had not gone out', async () => {
    const member = await memberWithSession(app);
    const id = await create(member.cookies, scarce({ keepTracking: true }));
    // An e-mail still waiting in the outbox (as when SMTP is down) is cancelled with the tracking.
    const [waiting] = await app.database.db
      .insert(mailOutbox)
      .values({
        toAddress: 'x@example.com',
        language: 'en',
        template: 'tracking_notified',
        subject: 's',
        textBody: 't',
        htmlBody: 'h',
        topic: `tracking:${id}`,
      })
      .returning({ id: mailOutbox.id });
    expect((await send('DELETE', `/api/trackings/${id}`, member.cookies)).statusCode).toBe(200);
    for (let cycle = 0; cycle < 30; cycle += 1) await app.trackingChecks.runCycle(nextHour());
    const mails = await mailsOf(id);
    expect(mails.map((mail) => [mail.id, mail.status])).toEqual([[waiting?.id, 'cancelled']]);
    expect(await changesOf(id)).toEqual([]);
  });

  it('searches each distinct query once per cycle, even when its trackings fall in different batches', async () => {
    const watched = [watch({ seats: 1 }), watch({ seats: 1 }), watch({ seats: 1 }), watch()];
    for (const payload of watched) await create((await memberWithSession(app)).cookies, payload);
    let searched = 0;
    const checks = new TrackingChecks({
      db: app.database.db,
      search: async () => {
        const search = await app.services.awardSearch.start();
        return {
          search: (...args: Parameters<typeof search.search>) => {
            searched += 1;
            return search.search(...args);
          },
        } as typeof search;
      },
      links: app.trackingLinks,
      log: app.log,
      // Two trackings a batch: the three identical watches cannot all share one by chance.
      batchSize: 2,
    });
    const due = await app.database.db
      .select({ query: trackings.query })
      .from(trackings)
      .where(
        or(
          eq(trackings.status, 'tracking'),
          and(eq(trackings.keepTracking, true), ne(trackings.status, 'expired')),
        ),
      );
    const report = await checks.runCycle(nextHour());
    expect(report.checked + report.problems).toBe(due.length);
    expect(searched).toBe(new Set(due.map((row) => JSON.stringify(row.query))).size);
    expect(report.searches).toBe(searched);
  });

  it('records the rest of a batch one by one when its transaction fails, leaving the failing tracking as it was', async () => {
    const failing = await memberWithSession(app);
    const other = await memberWithSession(app);
    // The same query: both trackings are checked in one batch and notify in the same cycle.
    const stuck = await create(failing.cookies, watch());
    const notified = await create(other.cookies, watch());
    const errors: string[] = [];
    const checks = new TrackingChecks({
      db: app.database.db,
      search: () => app.services.awardSearch.start(),
      links: app.trackingLinks,
      log: {
        info() {},
        warn() {},
        error: (...args: unknown[]) => void errors.push(String(args[1])),
      } as unknown as typeof app.log,
      // The failing member's notice cannot be written: any transaction holding it rolls back.
      notices: {
        write: () => Promise.reject(new Error('notice refused')),
        writeMany: async (tx, items) => {
          if (items.some((item) => item.memberId === failing.id)) throw new Error('notice refused');
          return app.services.notices.writeMany(tx, items);
        },
      },
    });
    let problems = 0;
    for (let cycle = 0; cycle < 480 && (await rowOf(notified))?.status !== 'notified'; cycle += 1)
      problems += (await checks.runCycle(nextHour())).problems;
    expect((await rowOf(notified))?.status).toBe('notified');
    expect(await changesOf(notified)).toHaveLength(1);
    expect(await mailsOf(notified)).toHaveLength(1);
    expect(problems).toBeGreaterThanOrEqual(1);
    expect(errors).toEqual(['tracking change could not be recorded']);
    const left = await rowOf(stuck);
    expect(left).toMatchObject({ status: 'tracking', version: 1 });
    expect(await changesOf(stuck)).toEqual([]);
    expect(await mailsOf(stuck)).toEqual([]);
  });

  it('expires a tracking once its dates have passed, which frees its days', async () => {
    const member = await memberWithSession(app);
    const id = await create(
      member.cookies,
      scarce({ startDate: dateAfter(1), endDate: dateAfter(1) }),
    );
    const report = await app.trackingChecks.runCycle(new Date(Date.now() + 3 * 86_400_000));
    expect(report.expired).toBeGreaterThanOrEqual(1);
    expect((await rowOf(id))?.status).toBe('expired');
    const list = (
      await app.inject({ method: 'GET', url: '/api/trackings', cookies: member.cookies })
    ).json();
    expect(list.trackings[0]).toMatchObject({ id, status: 'expired', days: 0 });
    expect(list.allowance.remaining).toBe(2);
  });
});

describe('the stop link of the e-mails', () => {
  it('stops the tracking from a mail client’s one-click post, without a login or CSRF token', async () => {
    const member = await memberWithSession(app);
    const id = await create(member.cookies, scarce());
    const oneClick = new URL(app.trackingLinks.forTracking(id).oneClick);
    const response = await app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      stopped: true,
      query: { origin: 'TPE', destination: 'LAX' },
    });
    expect(await rowOf(id)).toBeUndefined();
    // Twice is fine: nothing is left to stop.
    const again = await app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(again.json()).toMatchObject({ ok: true, stopped: false });
  });

  it('refuses a signature made for another tracking', async () => {
    const member = await memberWithSession(app);
    const id = await create(member.cookies, scarce());
    const other = await create((await memberWithSession(app)).cookies, scarce());
    const signature = app.trackingLinks.signature(other);
    const response = await app.inject({
      method: 'POST',
      url: '/api/trackings/stop',
      payload: { tracking: id, signature },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('TRACKING_LINK_INVALID');
    expect(await rowOf(id)).toBeDefined();
    const where = and(eq(trackings.id, id), eq(trackings.memberId, member.id));
    expect(
      await app.database.db.select({ id: trackings.id }).from(trackings).where(where),
    ).toHaveLength(1);
  });
});
