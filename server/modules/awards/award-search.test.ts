import { describe, expect, it } from 'vitest';
import { AwardQueryError } from '../../../core/awards/engine.ts';
import type {
  AwardItinerary,
  AwardQuery,
  SearchAlliance,
  SourceId,
} from '../../../core/awards/search.ts';
import { AppError } from '../../errors.ts';
import type { AwardSource, SourceRequest } from './award-source.ts';
import { AwardSearch, type AwardSearchOptions } from './award-search.ts';
import { awardQuery } from '../../test/award-query.ts';

const NOW = new Date('2026-11-21T03:00:00Z');

const QUERY: AwardQuery = awardQuery();

// --- Itineraries -----------------------------------------------------------------------------

interface LegSpec {
  flightNumber: string;
  from: string;
  to: string;
  /** Local departure, e.g. 2026-12-01T23:55+08:00. */
  departure: string;
  blockMinutes: number;
  miles: number;
}

const OFFSETS: Record<string, string> = { TPE: '+08:00', HKG: '+08:00', LAX: '-08:00' };

/** A local time with its offset at `airport`, `minutes` after an instant. */
function localAt(instant: number, airport: string): string {
  const offset = OFFSETS[airport] ?? '+00:00';
  const sign = offset.startsWith('-') ? -1 : 1;
  const shift = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  return `${new Date(instant + shift * 60_000).toISOString().slice(0, 16)}${offset}`;
}

function leg(spec: LegSpec) {
  const departs = Date.parse(spec.departure);
  return {
    flightNumber: spec.flightNumber,
    airline: spec.flightNumber.slice(0, 2),
    from: spec.from,
    to: spec.to,
    departure: spec.departure,
    arrival: localAt(departs + spec.blockMinutes * 60_000, spec.to),
    cabin: 'business' as const,
    seats: 2,
    miles: spec.miles,
  };
}

/** An itinerary as a source answers it (best unset), priced by one programme per entry of `prices`. */
function itinerary(
  legs: LegSpec[],
  prices: { programme: string; miles: number; feesUsd?: number }[],
  source: SourceId = 'simulated',
): AwardItinerary {
  const built = legs.map(leg);
  const first = built[0];
  const last = built[built.length - 1];
  if (!first || !last) throw new Error('an itinerary has legs');
  const cashUsd = 3400;
  return {
    id: built
      .map((item) => `${item.flightNumber}@${item.departure.slice(0, 10)}/${item.cabin}`)
      .join('+'),
    departure: first.departure,
    arrival: last.arrival,
    arrivalDayOffset: Math.round(
      (Date.parse(last.arrival.slice(0, 10)) - Date.parse(first.departure.slice(0, 10))) /
        86_400_000,
    ),
    durationMinutes: Math.round((Date.parse(last.arrival) - Date.parse(first.departure)) / 60_000),
    stops: built.length - 1,
    airlines: [...new Set(built.map((item) => item.airline))],
    cabin: 'business',
    seats: 2,
    mixedCabinPercent: 100,
    legs: built,
    redeemOptions: prices.map(({ programme, miles, feesUsd = 56 }) => ({
      programme,
      miles,
      feesUsd,
      halfOfRoundTrip: false,
      estimate: false,
      centsPerPoint: Math.round(((cashUsd - feesUsd) / miles) * 1000) / 10,
    })),
    cashUsd,
    best: false,
    source: { id: source, simulated: source === 'simulated', fetchedAt: NOW.toISOString() },
  };
}

const BR12 = (day = '01', miles = 75_000) =>
  itinerary(
    [
      {
        flightNumber: 'BR12',
        from: 'TPE',
        to: 'LAX',
        departure: `2026-12-${day}T23:55+08:00`,
        blockMinutes: 705,
        miles: 6787,
      },
    ],
    [{ programme: 'eva-infinity-mileagelands', miles }],
  );
const CX = (day = '01') =>
  itinerary(
    [
      {
        flightNumber: 'CX451',
        from: 'TPE',
        to: 'HKG',
        departure: `2026-12-${day}T16:40+08:00`,
        blockMinutes: 110,
        miles: 501,
      },
      {
        flightNumber: 'CX880',
        from: 'HKG',
        to: 'LAX',
        departure: `2026-12-${day}T20:15+08:00`,
        blockMinutes: 790,
        miles: 7260,
      },
    ],
    [{ programme: 'cathay-asia-miles', miles: 88_000 }],
  );
const DL = (day = '02') =>
  itinerary(
    [
      {
        flightNumber: 'DL68',
        from: 'TPE',
        to: 'LAX',
        departure: `2026-12-${day}T13:35+08:00`,
        blockMinutes: 680,
        miles: 6787,
      },
    ],
    [{ programme: 'delta-skymiles', miles: 95_000 }],
  );

// --- Sources: plain objects answering per alliance --------------------------------------------

type Answer = (request: SourceRequest) => Promise<AwardItinerary[]>;

interface FakeSource extends AwardSource {
  calls: SourceRequest[];
}

function fakeSource(id: SourceId, answers: Partial<Record<SearchAlliance, Answer>>): FakeSource {
  const calls: SourceRequest[] = [];
  return {
    id,
    calls,
    serves: (alliance) => alliance in answers,
    search: (request) => {
      calls.push(request);
      const answer = answers[request.alliance];
      if (!answer) throw new Error(`not asked for ${request.alliance}`);
      return answer(request);
    },
  };
}

const answer =
  (...itineraries: AwardItinerary[]): Answer =>
  () =>
    Promise.resolve(itineraries);
const fail: Answer = () => Promise.reject(new Error('HTTP 500'));
/** Never answers and ignores its signal: only the orchestrator's own cut ends the wait. */
const hang: Answer = () => new Promise<AwardItinerary[]>(() => undefined);

function awardSearch(
  sources: AwardSource[],
  options: Partial<AwardSearchOptions> = {},
): AwardSearch {
  return new AwardSearch({ sources, timeoutMs: 50, deadlineMs: 1000, now: () => NOW, ...options });
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

// ---------------------------------------------------------------------------------------------

describe('award search across sources and alliances', () => {
  it('returns the other alliances when one alliance’s source fails, with a notice', async () => {
    const source = fakeSource('simulated', {
      star: fail,
      oneworld: answer(CX()),
      skyteam: answer(DL()),
    });
    const result = await awardSearch([source]).search(QUERY);
    expect(result.itineraries.map((item) => item.id)).toEqual([CX().id, DL().id]);
    expect(result.notices).toEqual([{ code: 'alliance-down', alliance: 'star' }]);
    expect(result.alliances).toEqual(['oneworld', 'skyteam']);
    // Every call got the injected clock and the query as asked.
    expect(source.calls.map((call) => [call.alliance, call.now, call.query])).toEqual([
      ['star', NOW, QUERY],
      ['oneworld', NOW, QUERY],
      ['skyteam', NOW, QUERY],
    ]);
  });

  it('keeps an alliance up when one of its sources fails and another answers', async () => {
    const simulated = fakeSource('simulated', {
      star: answer(BR12()),
      oneworld: answer(CX()),
      skyteam: answer(DL()),
    });
    const seatsAero = fakeSource('seats.aero', { star: fail, oneworld: fail });
    const result = await awardSearch([simulated, seatsAero]).search(QUERY);
    expect(result.notices).toEqual([]);
    expect(result.alliances).toEqual(['star', 'oneworld', 'skyteam']);
    expect(seatsAero.calls.map((call) => call.alliance)).toEqual(['star', 'oneworld']);
  });

  it('asks only the alliance the query names', async () => {
    const source = fakeSource('simulated', {
      star: answer(BR12()),
      oneworld: answer(CX()),
      skyteam: answer(DL()),
    });
    const result = await awardSearch([source]).search({ ...QUERY, alliance: 'star' });
    expect(source.calls.map((call) => call.alliance)).toEqual(['star']);
    expect(result.alliances).toEqual(['star']);
    expect(result.itineraries.map((item) => item.id)).toEqual([BR12().id]);
  });

  it('cuts a source that never answers at the timeout, aborting its signal', async () => {
    const source = fakeSource('simulated', {
      star: answer(BR12()),
      oneworld: answer(CX()),
      skyteam: hang,
    });
    const result = await awardSearch([source], { timeoutMs: 50 }).search(QUERY);
    expect(result.itineraries.map((item) => item.id)).toEqual([CX().id, BR12().id]);
    expect(result.notices).toEqual([{ code: 'alliance-down', alliance: 'skyteam' }]);
    const skyteam = source.calls.find((call) => call.alliance === 'skyteam');
    expect(skyteam?.signal.aborted).toBe(true);
    expect((skyteam?.signal.reason as Error).name).toBe('TimeoutError');
    // The answering calls' signals were left alone.
    expect(source.calls.find((call) => call.alliance === 'star')?.signal.aborted).toBe(false);
  });

  it('cuts every call at the search deadline when it comes before the timeout', async () => {
    const source = fakeSource('simulated', { star: answer(BR12()), oneworld: hang, skyteam: hang });
    const result = await awardSearch([source], { timeoutMs: 60_000, deadlineMs: 50 }).search(QUERY);
    expect(result.alliances).toEqual(['star']);
    expect(result.notices).toEqual([
      { code: 'alliance-down', alliance: 'oneworld' },
      { code: 'alliance-down', alliance: 'skyteam' },
    ]);
    expect(source.calls.filter((call) => call.signal.aborted).map((call) => call.alliance)).toEqual(
      ['oneworld', 'skyteam'],
    );
  });

  it('stops calling a source for an alliance after 3 failures in a row, until the cooldown passes', async () => {
    let now = NOW;
    const source = fakeSource('simulated', {
      star: fail,
      oneworld: answer(CX()),
      skyteam: answer(DL()),
    });
    const search = awardSearch([source], {
      now: () => now,
      breaker: { failureThreshold: 3, cooldownMs: 60_000 },
    });
    const starCalls = () => source.calls.filter((call) => call.alliance === 'star').length;

    for (let attempt = 1; attempt <= 3; attempt += 1) await search.search(QUERY);
    expect(starCalls()).toBe(3);
    const fourth = await search.search(QUERY);
    expect(starCalls()).toBe(3);
    expect(fourth.notices).toEqual([{ code: 'alliance-down', alliance: 'star' }]);
    // The other alliances' breakers are their own.
    expect(source.calls.filter((call) => call.alliance === 'oneworld')).toHaveLength(4);

    now = new Date(NOW.getTime() + 60_000);
    await search.search(QUERY);
    expect(starCalls()).toBe(4);
  });

  it('answers 504 when every alliance timed out', async () => {
    const source = fakeSource('simulated', { star: hang, oneworld: hang, skyteam: hang });
    const error = await rejection(awardSearch([source], { timeoutMs: 30 }).search(QUERY));
    expect(error.status).toBe(504);
    expect(error.error).toBe('SEARCH_TIMEOUT');
  });

  it('answers 503 when every alliance failed, not only by time', async () => {
    const failing = fakeSource('simulated', { star: fail, oneworld: fail, skyteam: fail });
    const error = await rejection(awardSearch([failing]).search(QUERY));
    expect(error.status).toBe(503);
    expect(error.error).toBe('SEARCH_UNAVAILABLE');

    const mixed = fakeSource('simulated', { star: hang, oneworld: fail, skyteam: hang });
    expect((await rejection(awardSearch([mixed], { timeoutMs: 30 }).search(QUERY))).status).toBe(
      503,
    );
    // No source at all for the asked alliance: nothing to show, and not a timeout.
    expect((await rejection(awardSearch([]).search({ ...QUERY, alliance: 'star' }))).status).toBe(
      503,
    );
  });

  it('turns a query error into a 400 naming the field and the code, without tripping the breaker', async () => {
    const source = fakeSource('simulated', {
      star: () => Promise.reject(new AwardQueryError('unknown-origin', 'unknown origin XXX')),
      oneworld: () => Promise.reject(new AwardQueryError('unknown-origin', 'unknown origin XXX')),
      skyteam: hang,
    });
    const search = awardSearch([source], {
      timeoutMs: 60_000,
      deadlineMs: 60_000,
      breaker: { failureThreshold: 1, cooldownMs: 60_000 },
    });
    const error = await rejection(search.search({ ...QUERY, origin: 'XXX' }));
    expect(error.status).toBe(400);
    expect(error.error).toBe('INVALID_AWARD_QUERY');
    expect(error.fields).toEqual({ origin: 'unknown-origin' });
    // The search did not wait for the call that hangs: it was cancelled when the bad query came back.
    expect(source.calls.find((call) => call.alliance === 'skyteam')?.signal.aborted).toBe(true);

    // A code-carrying error rebuilt by a source (as after a worker hop) counts the same.
    const rebuilt = fakeSource('simulated', {
      star: () =>
        Promise.reject(Object.assign(new Error('too many days'), { code: 'too-many-days' })),
    });
    const second = await rejection(awardSearch([rebuilt]).search({ ...QUERY, alliance: 'star' }));
    expect([second.status, second.fields]).toEqual([400, { dates: 'too-many-days' }]);

    // With a threshold of 1, a counted failure would have opened the circuit.
    await rejection(search.search({ ...QUERY, origin: 'XXX' }));
    expect(source.calls.filter((call) => call.alliance === 'star')).toHaveLength(2);
  });

  it('merges sources, marks the best flights over the merge, and caps the result with a notice', async () => {
    const slowBr12 = itinerary(
      [
        {
          flightNumber: 'BR12',
          from: 'TPE',
          to: 'LAX',
          departure: '2026-12-01T23:55+08:00',
          blockMinutes: 705,
          miles: 6787,
        },
      ],
      [{ programme: 'eva-infinity-mileagelands', miles: 75_000 }],
      'seats.aero',
    );
    // A partner flight both alliances' programmes book: the simulated source answers it for each.
    const jx = (programme: string, miles: number) =>
      itinerary(
        [
          {
            flightNumber: 'JX2',
            from: 'TPE',
            to: 'LAX',
            departure: '2026-12-01T19:10+08:00',
            blockMinutes: 690,
            miles: 6787,
          },
        ],
        [{ programme, miles }],
      );
    const simulated = fakeSource('simulated', {
      star: answer(BR12('01'), jx('united-mileageplus', 80_000), BR12('02', 70_000)),
      oneworld: answer(CX('01'), jx('alaska-atmos', 70_000)),
      skyteam: answer(DL('02')),
    });
    const seatsAero = fakeSource('seats.aero', { star: answer(slowBr12) });

    const all = await awardSearch([simulated, seatsAero]).search(QUERY);
    expect(all.notices).toEqual([]);
    // BR12 on the 1st from both sources is kept twice; JX2 from one source twice is kept once.
    expect(all.itineraries.map((item) => [item.id, item.source.id])).toEqual([
      [CX().id, 'simulated'],
      [jx('x', 1).id, 'simulated'],
      [BR12('01').id, 'simulated'],
      [BR12('01').id, 'seats.aero'],
      [DL('02').id, 'simulated'],
      [BR12('02').id, 'simulated'],
    ]);
    const jx2 = all.itineraries.find((item) => item.id === jx('x', 1).id);
    expect(jx2?.redeemOptions.map((option) => [option.programme, option.miles])).toEqual([
      ['alaska-atmos', 70_000],
      ['united-mileageplus', 80_000],
    ]);
    // Best per departure day over the merge: on the 1st JX2 (70,000 miles, shortest) dominates the
    // BR12 copies (75,000) and CX (88,000, one stop); on the 2nd BR12 (70,000) and DL (95,000, shorter).
    expect(all.itineraries.filter((item) => item.best).map((item) => item.id)).toEqual([
      jx('x', 1).id,
      DL('02').id,
      BR12('02').id,
    ]);
    expect(
      all.itineraries.every(
        (item, index, list) =>
          index === 0 ||
          Date.parse((list[index - 1] as AwardItinerary).departure) <= Date.parse(item.departure),
      ),
    ).toBe(true);

    const capped = await awardSearch([simulated, seatsAero]).search(QUERY, { limit: 4 });
    expect(capped.notices).toEqual([{ code: 'truncated', shown: 4, found: 6 }]);
    // The three best, then the cheapest other: BR12 on the 1st at 75,000 (of the two equal copies,
    // the tie-break on source id keeps seats.aero's). Shown by departure.
    expect(capped.itineraries.map((item) => [item.id, item.source.id])).toEqual([
      [jx('x', 1).id, 'simulated'],
      [BR12('01').id, 'seats.aero'],
      [DL('02').id, 'simulated'],
      [BR12('02').id, 'simulated'],
    ]);
  });
});
