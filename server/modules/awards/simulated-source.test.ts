import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AwardQueryError } from '../../../core/awards/engine.ts';
import type { AwardItinerary, AwardQuery } from '../../../core/awards/search.ts';
import { allianceOn, airlines, programmeAllianceOn, programmes } from '../../../data/reference.ts';
import { SimulatedSource, type SimulatedSourceReady } from './simulated-source.ts';
import { awardQuery } from '../../test/award-query.ts';

/**
 * The simulated source with its real worker thread, on a small inventory (routes between ten
 * airports, 40 days) so it builds in well under a second. The worker's store is stateful
 * (seats are stamped when looked at), so the tests run in order and say which clock they use.
 */

const AIRPORTS = ['TPE', 'TSA', 'LAX', 'SFO', 'NRT', 'HND', 'SEA', 'YVR', 'ICN', 'HKG'];
const SEED = 20261121;
const NOW = new Date('2026-11-21T03:00:00Z');
const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

const QUERY: AwardQuery = awardQuery();

let source: SimulatedSource;
let ready: SimulatedSourceReady;

function start(): SimulatedSource {
  return SimulatedSource.start({
    seed: SEED,
    now: () => NOW,
    small: { airports: AIRPORTS, days: 40 },
  });
}

function search(
  now: Date,
  query: AwardQuery = QUERY,
  signal = new AbortController().signal,
): Promise<AwardItinerary[]> {
  return source.search({ query, alliance: 'star', now, signal });
}

beforeAll(async () => {
  source = start();
  ready = await source.ready();
});

afterAll(async () => {
  await source?.close();
});

describe('the simulated source on its worker', () => {
  it('builds the inventory once and reports its size', async () => {
    expect(ready.flightDays).toBeGreaterThan(0);
    expect(ready.buildMs).toBeGreaterThanOrEqual(0);
    const stats = await source.stats();
    expect(stats.flightDays).toBe(ready.flightDays);
    expect(stats.bytes).toBeGreaterThan(0);
    expect(source.id).toBe('simulated');
    expect(
      (['star', 'oneworld', 'skyteam'] as const).every((alliance) => source.serves(alliance)),
    ).toBe(true);
  });

  it('answers a star search with star airlines and the partners star programmes book, stamped with the request’s clock', async () => {
    const itineraries = await search(NOW);
    expect(itineraries.length).toBeGreaterThan(0);
    const known = airlines();
    const day = NOW.toISOString().slice(0, 10);
    const starProgrammes = new Set(
      [...programmes().values()]
        .filter((programme) => programmeAllianceOn(programme.id, day) === 'star')
        .map((programme) => programme.id),
    );
    for (const itinerary of itineraries) {
      const alliances = itinerary.legs.map((leg) =>
        allianceOn(known.get(leg.airline)!, leg.departure.slice(0, 10)),
      );
      expect(alliances.every((alliance) => alliance === 'star' || alliance === null)).toBe(true);
      // A leg outside every alliance is there because a star programme books it.
      if (alliances.includes(null))
        expect(itinerary.redeemOptions.some((option) => starProgrammes.has(option.programme))).toBe(
          true,
        );
      expect(['TPE', 'TSA']).toContain(itinerary.legs[0]?.from);
      expect(itinerary.legs.at(-1)?.to).toBe('LAX');
      expect(
        itinerary.departure.slice(0, 10) >= '2026-12-01' &&
          itinerary.departure.slice(0, 10) <= '2026-12-03',
      ).toBe(true);
      expect(itinerary.source).toEqual({
        id: 'simulated',
        simulated: true,
        fetchedAt: NOW.toISOString(),
      });
    }
    expect(
      itineraries.some((itinerary) =>
        itinerary.airlines.some((airline) => allianceOn(known.get(airline)!, day) === 'star'),
      ),
    ).toBe(true);
  });

  it('gives the same answer to the same query at the same time, from this worker and from another with the same seed', async () => {
    const first = await search(NOW);
    expect(await search(NOW)).toEqual(first);
    const other = start();
    try {
      await other.ready();
      expect(
        await other.search({
          query: QUERY,
          alliance: 'star',
          now: NOW,
          signal: new AbortController().signal,
        }),
      ).toEqual(first);
    } finally {
      await other.close();
    }
  });

  it('serves what it saw for 15 minutes, then looks again at the current hour', async () => {
    const before = await search(NOW);
    // Ten minutes on the seats are served as stamped: same itineraries, same fetchedAt.
    expect(await search(minutesAfter(NOW, 10))).toEqual(before);
    // Two hours on they are older than 15 minutes: redrawn at the new hour and stamped with it.
    const later = minutesAfter(NOW, 120);
    const after = await search(later);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((itinerary) => itinerary.source.fetchedAt === later.toISOString())).toBe(
      true,
    );
  });

  it('looks again at once for a live scan, where a plain search serves the seats seen minutes ago', async () => {
    const seen = minutesAfter(NOW, 180);
    await search(seen);
    const fiveMinutesOn = minutesAfter(seen, 5);
    const plain = await search(fiveMinutesOn);
    expect(plain.every((itinerary) => itinerary.source.fetchedAt === seen.toISOString())).toBe(
      true,
    );
    const live = await source.search({
      query: QUERY,
      alliance: 'star',
      now: fiveMinutesOn,
      signal: new AbortController().signal,
      fresh: true,
    });
    expect(live.length).toBeGreaterThan(0);
    expect(
      live.every((itinerary) => itinerary.source.fetchedAt === fiveMinutesOn.toISOString()),
    ).toBe(true);
  });

  it('gives the lowest miles of each day, the cheapest option a search of that day finds', async () => {
    const now = minutesAfter(NOW, 181);
    const days = await source.calendar({
      query: { ...QUERY, alliance: null, dates: { from: '2026-12-01', to: '2026-12-31' } },
      now,
      signal: new AbortController().signal,
    });
    expect(days.map((day) => day.date)).toEqual(
      Array.from({ length: 31 }, (_, index) => `2026-12-${String(index + 1).padStart(2, '0')}`),
    );
    const single = { ...QUERY, alliance: null, dates: { from: '2026-12-02', to: '2026-12-02' } };
    const found = await Promise.all(
      (['star', 'oneworld', 'skyteam'] as const).map((alliance) =>
        source.search({ query: single, alliance, now, signal: new AbortController().signal }),
      ),
    );
    const miles = found
      .flat()
      .flatMap((itinerary) => itinerary.redeemOptions.map((option) => option.miles));
    expect(days[1]?.miles).toBe(Math.min(...miles));
    // The inventory holds 40 days from 21 November: nothing on the last days of December.
    expect(days[30]).toEqual({ date: '2026-12-31', miles: null, programme: null });
  });

  it('rejects a query the engine refuses with its code', async () => {
    const error: unknown = await search(NOW, { ...QUERY, origin: 'XXX' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AwardQueryError);
    expect(error).toMatchObject({ code: 'unknown-origin' });
    await expect(
      search(NOW, { ...QUERY, dates: { from: '2026-12-01', to: '2026-12-31' } }),
    ).rejects.toMatchObject({ code: 'too-many-days' });
  });

  it('rejects when the request’s signal aborts, and keeps serving', async () => {
    const aborted = new AbortController();
    aborted.abort(new Error('gone'));
    await expect(search(NOW, QUERY, aborted.signal)).rejects.toThrow('gone');

    const controller = new AbortController();
    const pending = search(NOW, QUERY, controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });

    expect((await search(NOW)).length).toBeGreaterThan(0);
  });

  it('leaves the main thread free while the worker searches', async () => {
    // A heavier search (two stops, 15 days, mixed cabin) at a new hour, so the worker also redraws seats.
    const heavy: AwardQuery = {
      ...QUERY,
      cabin: 'economy',
      stops: 'two',
      dates: { from: '2026-12-01', to: '2026-12-15' },
      mixedCabin: { allowed: true, minPercent: 0 },
    };
    const order: string[] = [];
    const searching = search(minutesAfter(NOW, 240), heavy).then((itineraries) => {
      order.push('search');
      return itineraries;
    });
    setTimeout(() => order.push('timer'), 0);
    expect((await searching).length).toBeGreaterThan(0);
    expect(order).toEqual(['timer', 'search']);
  });
});
