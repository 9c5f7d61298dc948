import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { estimateCashFare } from '../../../core/awards/cash-fare.ts';
import {
  centsPerPoint,
  type AwardItinerary,
  type AwardQuery,
  type SearchAlliance,
} from '../../../core/awards/search.ts';
import { airports, greatCircleMiles } from '../../../data/reference.ts';
import { SeatsAeroSource } from './seats-aero.ts';
import { awardQuery } from '../../test/award-query.ts';

const API_KEY = 'pro_test_2Xk9Qw7Lm3Zr8Tb5';
const NOW = new Date('2026-11-21T06:00:00Z');

// --- The recorded responses, served by a real HTTP server -----------------------------------------

interface Envelope {
  data: Record<string, unknown>[];
  cursor: number;
}
function fixture(name: string): Envelope {
  return JSON.parse(
    readFileSync(new URL(`./fixtures/seats-aero/${name}`, import.meta.url), 'utf8'),
  ) as Envelope;
}
const starPage1 = fixture('search-tpe-lax-business-star.page1.json');
const starPage2 = fixture('search-tpe-lax-business-star.page2.json');
const oneworld = fixture('search-tpe-lax-business-oneworld.json');

/**
 * seats.aero pages hold `take` records; a page is only followed when full. Page 1 is padded with
 * records that have no trips (as seats.aero returns for dates without space in the cabin asked).
 */
function fullPage(page: Envelope, take: number): Envelope {
  const template = page.data[0] ?? {};
  const filler = Array.from({ length: Math.max(0, take - page.data.length) }, (_, index) => ({
    ...template,
    ID: `2pFiller${String(index).padStart(19, '0')}`,
    AvailabilityTrips: [],
  }));
  return { ...page, data: [...page.data, ...filler] };
}

/**
 * The oneworld answer with damage around its two good trips: a record without an ID, a trip whose
 * segment lacks its flight number, a trip priced "n/a", and a cursor of the wrong type.
 */
function renumbered(segments: Record<string, unknown>[], numbers: string[]) {
  return segments.map((segment, index) => ({
    ...segment,
    FlightNumber: numbers[index] || undefined,
  }));
}

function malformed(page: Envelope): unknown {
  const [first] = page.data;
  const trip = ((first?.AvailabilityTrips as Record<string, unknown>[] | undefined) ?? [])[0] ?? {};
  const segments = (trip.AvailabilitySegments as Record<string, unknown>[] | undefined) ?? [];
  return {
    data: [
      ...page.data,
      { ...first, ID: undefined },
      {
        ...first,
        ID: 'broken-trips',
        AvailabilityTrips: [
          // Each broken trip flies other flights, so one let through would show as its own itinerary.
          {
            ...trip,
            AvailabilitySegments: renumbered(segments, ['', 'CX884']),
          },
          {
            ...trip,
            MileageCost: 'n/a',
            AvailabilitySegments: renumbered(segments, ['CX467', 'CX882']),
          },
          'not a trip',
        ],
      },
    ],
    cursor: { next: 2 },
  };
}

interface RecordedRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: IncomingHttpHeaders;
}

const REQUIRED_PARAMS = [
  'origin_airport',
  'destination_airport',
  'start_date',
  'end_date',
  'cabins',
  'sources',
  'include_trips',
  'take',
];

let requests: RecordedRequest[] = [];
let mode: 'fixtures' | 'error' | 'not-json' | 'hang' | 'malformed' | 'no-data' = 'fixtures';
let baseUrl = '';

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  requests.push({
    method: request.method ?? '',
    path: url.pathname,
    params: url.searchParams,
    headers: request.headers,
  });
  if (request.method !== 'GET' || url.pathname !== '/partnerapi/search')
    return send(response, 404, { error: 'not found' });
  if (request.headers['partner-authorization'] !== API_KEY)
    return send(response, 401, { error: 'invalid API key' });
  const missing = REQUIRED_PARAMS.filter((name) => !url.searchParams.get(name));
  if (missing.length > 0) return send(response, 400, { error: `missing ${missing.join(', ')}` });

  if (mode === 'error') return send(response, 500, { error: 'internal error' });
  if (mode === 'not-json') {
    response.writeHead(200, { 'content-type': 'text/html' });
    return response.end('<html><body>Service temporarily unavailable</body></html>');
  }
  if (mode === 'hang') return; // never answers; the client's abort ends it
  if (mode === 'no-data') return send(response, 200, { error: 'no data list', cursor: 1 });
  if (mode === 'malformed') return send(response, 200, malformed(oneworld));

  const sources = (url.searchParams.get('sources') ?? '').split(',');
  const take = Number(url.searchParams.get('take'));
  const skip = Number(url.searchParams.get('skip') ?? '0');
  if (sources.includes('aeroplan')) {
    if (skip === 0 && !url.searchParams.has('cursor'))
      return send(response, 200, fullPage(starPage1, take));
    if (skip === take && url.searchParams.get('cursor') === String(starPage1.cursor))
      return send(response, 200, starPage2);
    return send(response, 400, { error: 'unexpected page' });
  }
  if (sources.includes('alaska')) return send(response, 200, oneworld);
  return send(response, 200, { data: [], cursor: 1795236050 });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/partnerapi`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests = [];
  mode = 'fixtures';
});

// --- Helpers ---------------------------------------------------------------------------------------

function query(overrides: Partial<AwardQuery> = {}): AwardQuery {
  return awardQuery({
    dates: { from: '2026-12-01', to: '2026-12-02' },
    stops: 'two',
    mixedCabin: { allowed: false, minPercent: 0 },
    ...overrides,
  });
}

function search(
  overrides: Partial<AwardQuery> = {},
  options: {
    alliance?: SearchAlliance;
    pageLimit?: number;
    apiKey?: string;
    signal?: AbortSignal;
  } = {},
) {
  const source = new SeatsAeroSource({
    apiKey: options.apiKey ?? API_KEY,
    baseUrl,
    pageLimit: options.pageLimit,
  });
  return source.search({
    query: query(overrides),
    alliance: options.alliance ?? 'star',
    now: NOW,
    signal: options.signal ?? new AbortController().signal,
  });
}

const ids = (itineraries: AwardItinerary[]) => itineraries.map((itinerary) => itinerary.id);

function find(itineraries: AwardItinerary[], id: string): AwardItinerary {
  const found = itineraries.find((itinerary) => itinerary.id === id);
  if (!found) throw new Error(`no itinerary ${id} among ${ids(itineraries).join(', ')}`);
  return found;
}

const BR12_DEC1 = 'BR12@2026-12-01/business';
const BR12_DEC2 = 'BR12@2026-12-02/business';
const BR16_DEC2 = 'BR16@2026-12-02/business';
const UA_VIA_SFO = 'UA872@2026-12-01/business+UA1197@2026-12-01/business';
const BR_UA_VIA_SFO = 'BR18@2026-12-02/business+UA2375@2026-12-02/business';

// --- Tests -----------------------------------------------------------------------------------------

describe('SeatsAeroSource request', () => {
  it('asks /search with the query, the Star Alliance sources and the key in the header', async () => {
    await search();
    const first = requests[0];
    expect(first?.method).toBe('GET');
    expect(first?.path).toBe('/partnerapi/search');
    expect(first?.headers['partner-authorization']).toBe(API_KEY);
    expect(first?.headers.accept).toBe('application/json');
    expect(Object.fromEntries(first?.params ?? [])).toEqual({
      origin_airport: 'TPE,TSA',
      destination_airport: 'LAX',
      start_date: '2026-12-01',
      end_date: '2026-12-02',
      cabins: 'business',
      sources: 'aeroplan,united,singapore,lufthansa,turkish,connectmiles,ethiopian',
      include_trips: 'true',
      take: '500',
    });
  });

  it('expands metro codes and keeps plain airport codes', async () => {
    await search({
      origin: 'TSA',
      destination: 'TYO',
      dates: { from: '2026-12-05', to: '2026-12-05' },
    });
    expect(requests[0]?.params.get('origin_airport')).toBe('TSA');
    expect(requests[0]?.params.get('destination_airport')).toBe('NRT,HND');
    expect(requests[0]?.params.get('start_date')).toBe('2026-12-05');
  });

  it('sends only_direct_flights and carriers only when the query asks for them', async () => {
    await search({ stops: 'direct', airlines: ['BR', 'UA'], cabin: 'first' });
    expect(requests[0]?.params.get('only_direct_flights')).toBe('true');
    expect(requests[0]?.params.get('carriers')).toBe('BR,UA');
    expect(requests[0]?.params.get('cabins')).toBe('first');
  });

  it.each([
    [
      'star',
      ['aeroplan', 'connectmiles', 'ethiopian', 'lufthansa', 'singapore', 'turkish', 'united'],
    ],
    ['oneworld', ['alaska', 'american', 'finnair', 'qantas', 'qatar']],
    ['skyteam', ['aeromexico', 'delta', 'eurobonus', 'flyingblue', 'saudia', 'virginatlantic']],
  ] as const)('asks only the %s sources, and serves that alliance', async (alliance, sources) => {
    const source = new SeatsAeroSource({ apiKey: API_KEY, baseUrl });
    expect(source.serves(alliance)).toBe(true);
    await search({}, { alliance });
    expect(requests[0]?.params.get('sources')?.split(',').sort()).toEqual(sources);
  });
});

describe('SeatsAeroSource results (Star Alliance, TPE → LAX business, 1–2 Dec 2026)', () => {
  it('finds five itineraries, by departure, leaving out other cabins, foreign-currency fees and unknown sources', async () => {
    const itineraries = await search();
    expect(ids(itineraries)).toEqual([UA_VIA_SFO, BR12_DEC1, BR16_DEC2, BR_UA_VIA_SFO, BR12_DEC2]);
    expect(
      itineraries.every(
        (itinerary) =>
          itinerary.cabin === 'business' && itinerary.legs.every((leg) => leg.cabin === 'business'),
      ),
    ).toBe(true);
  });

  it('merges BR12 sold by Aeroplan and United into one itinerary, cheapest option first', async () => {
    const br12 = find(await search(), BR12_DEC1);
    const cashUsd = estimateCashFare([{ miles: 6787, cabin: 'business' }], 10, false);
    expect(br12.cashUsd).toBe(cashUsd);
    expect(br12.redeemOptions).toEqual([
      {
        programme: 'aeroplan',
        miles: 87_500,
        feesUsd: 38.4,
        halfOfRoundTrip: false,
        estimate: false,
        centsPerPoint: centsPerPoint(cashUsd, 38.4, 87_500),
      },
      {
        programme: 'united-mileageplus',
        miles: 88_000,
        feesUsd: 56.3,
        halfOfRoundTrip: false,
        estimate: false,
        centsPerPoint: centsPerPoint(cashUsd, 56.3, 88_000),
      },
    ]);
    expect(br12.redeemOptions[0]?.centsPerPoint).toBeGreaterThan(3);
    // United sees four seats, Aeroplan two: the higher count is kept.
    expect(br12.seats).toBe(4);
    // The freshest of the two records dates the itinerary.
    expect(br12.source).toEqual({
      id: 'seats.aero',
      simulated: false,
      fetchedAt: '2026-11-21T03:05:44.901Z',
    });
    expect(br12.best).toBe(false);
    expect(br12.mixedCabinPercent).toBe(100);
  });

  it('writes local times with the airport offset: TPE +08:00, LAX −08:00 in December', async () => {
    const br12 = find(await search(), BR12_DEC1);
    expect(br12).toMatchObject({
      departure: '2026-12-01T23:55+08:00',
      arrival: '2026-12-01T19:45-08:00',
      arrivalDayOffset: 0,
      durationMinutes: 710,
      stops: 0,
      airlines: ['BR'],
    });
    expect(br12.legs).toEqual([
      {
        flightNumber: 'BR12',
        airline: 'BR',
        from: 'TPE',
        to: 'LAX',
        departure: '2026-12-01T23:55+08:00',
        arrival: '2026-12-01T19:45-08:00',
        cabin: 'business',
        seats: 4,
        miles: 6787,
      },
    ]);
    // Both strings name the instants they stand for.
    expect(Date.parse(br12.arrival) - Date.parse(br12.departure)).toBe(710 * 60_000);
  });

  it('shows a flight leaving after midnight in Taipei and landing the evening before in Los Angeles as day −1', async () => {
    const br16 = find(await search(), BR16_DEC2);
    expect(br16).toMatchObject({
      departure: '2026-12-02T00:20+08:00',
      arrival: '2026-12-01T20:10-08:00',
      arrivalDayOffset: -1,
      durationMinutes: 710,
      seats: 1,
    });
    expect(br16.redeemOptions.map((option) => option.programme)).toEqual(['aeroplan']);
  });

  it('maps a connection leg by leg, in segment order', async () => {
    const viaSfo = find(await search(), UA_VIA_SFO);
    expect(viaSfo).toMatchObject({
      stops: 1,
      airlines: ['UA'],
      durationMinutes: 920,
      arrivalDayOffset: 0,
      seats: 1,
    });
    expect(
      viaSfo.legs.map((leg) => [
        leg.flightNumber,
        leg.from,
        leg.to,
        leg.departure,
        leg.arrival,
        leg.miles,
      ]),
    ).toEqual([
      ['UA872', 'TPE', 'SFO', '2026-12-01T15:40+08:00', '2026-12-01T11:05-08:00', 6457],
      ['UA1197', 'SFO', 'LAX', '2026-12-01T13:30-08:00', '2026-12-01T15:00-08:00', 338],
    ]);
    expect(viaSfo.redeemOptions).toHaveLength(1);
    expect(viaSfo.cashUsd).toBe(estimateCashFare(viaSfo.legs, 10, false));
  });

  it('puts legs in segment Order even when seats.aero lists them otherwise', async () => {
    const mixed = find(await search(), BR_UA_VIA_SFO);
    expect(mixed.legs.map((leg) => leg.flightNumber)).toEqual(['BR18', 'UA2375']);
    expect(mixed).toMatchObject({
      departure: '2026-12-02T23:40+08:00',
      arrival: '2026-12-02T22:45-08:00',
      arrivalDayOffset: 0,
    });
  });

  it('falls back to great-circle miles without a distance, and to the clock without ComputedLastSeen', async () => {
    const mixed = find(await search(), BR_UA_VIA_SFO);
    const sfo = airports().get('SFO');
    const lax = airports().get('LAX');
    if (!sfo || !lax) throw new Error('reference airports missing');
    expect(mixed.legs[1]?.miles).toBe(Math.round(greatCircleMiles(sfo, lax)));
    expect(mixed.airlines).toEqual(['BR', 'UA']);
    expect(mixed.durationMinutes).toBe(905);
    expect(mixed.source.fetchedAt).toBe(NOW.toISOString());
  });
});

describe('SeatsAeroSource pagination', () => {
  it('follows a full page with the cursor and skip, and drops records seen before', async () => {
    const itineraries = await search();
    expect(requests).toHaveLength(2);
    const [first, second] = requests;
    expect(first?.params.has('cursor')).toBe(false);
    expect(first?.params.has('skip')).toBe(false);
    expect(second?.params.get('cursor')).toBe(String(starPage1.cursor));
    expect(second?.params.get('skip')).toBe('500');
    // Every other parameter stays the same.
    const rest = (params: URLSearchParams | undefined) =>
      [...(params ?? [])].filter(([name]) => name !== 'cursor' && name !== 'skip');
    expect(rest(second?.params)).toEqual(rest(first?.params));
    // Page 2 repeats page 1's United record (same ID, 70,000 miles): the repeat is dropped.
    const united = find(itineraries, BR12_DEC1).redeemOptions.find(
      (option) => option.programme === 'united-mileageplus',
    );
    expect(united?.miles).toBe(88_000);
  });

  it('stops at the page limit', async () => {
    const itineraries = await search({}, { pageLimit: 1 });
    expect(requests).toHaveLength(1);
    expect(ids(itineraries)).toEqual([UA_VIA_SFO, BR12_DEC1]);
  });

  it('does not ask again after a short page', async () => {
    await search({}, { alliance: 'oneworld' });
    expect(requests).toHaveLength(1);
  });
});

describe('SeatsAeroSource filters the API leaves to the client', () => {
  it('keeps itineraries with enough seats, priced only by programmes that have them', async () => {
    const itineraries = await search({ seats: 3 });
    expect(ids(itineraries)).toEqual([BR12_DEC1, BR12_DEC2]);
    // Aeroplan shows two seats on BR12 on 1 Dec: only United can sell three.
    expect(find(itineraries, BR12_DEC1).redeemOptions.map((option) => option.programme)).toEqual([
      'united-mileageplus',
    ]);
  });

  it('keeps nonstop flights only when asked for direct', async () => {
    const itineraries = await search({ stops: 'direct' });
    expect(ids(itineraries)).toEqual([BR12_DEC1, BR16_DEC2, BR12_DEC2]);
    expect(itineraries.every((itinerary) => itinerary.stops === 0)).toBe(true);
  });

  it('keeps one-stop itineraries for one stop', async () => {
    expect(await search({ stops: 'one' })).toHaveLength(5);
  });

  it('requires every leg to be flown by one of the airlines asked for', async () => {
    expect(ids(await search({ airlines: ['BR'] }))).toEqual([BR12_DEC1, BR16_DEC2, BR12_DEC2]);
    expect(ids(await search({ airlines: ['UA'] }))).toEqual([UA_VIA_SFO]);
    expect(ids(await search({ airlines: ['BR', 'UA'] }))).toHaveLength(5);
  });

  it('keeps itineraries that include the flight number asked for', async () => {
    expect(ids(await search({ flightNumber: 'UA1197' }))).toEqual([UA_VIA_SFO]);
    expect(ids(await search({ flightNumber: 'BR12' }))).toEqual([BR12_DEC1, BR12_DEC2]);
    expect(ids(await search({ flightNumber: 'br 0018' }))).toEqual([BR_UA_VIA_SFO]);
    expect(await search({ flightNumber: 'BR32' })).toEqual([]);
  });

  it('keeps first departures in the times of day asked for, local at the origin', async () => {
    expect(ids(await search({ timesOfDay: ['night'] }))).toEqual([
      BR12_DEC1,
      BR_UA_VIA_SFO,
      BR12_DEC2,
    ]);
    expect(ids(await search({ timesOfDay: ['early-morning'] }))).toEqual([BR16_DEC2]);
    expect(ids(await search({ timesOfDay: ['early-morning', 'afternoon'] }))).toEqual([
      UA_VIA_SFO,
      BR16_DEC2,
    ]);
    expect(await search({ timesOfDay: ['morning'] })).toEqual([]);
  });

  it('keeps departures within the dates asked for', async () => {
    expect(ids(await search({ dates: { from: '2026-12-02', to: '2026-12-02' } }))).toEqual([
      BR16_DEC2,
      BR_UA_VIA_SFO,
      BR12_DEC2,
    ]);
  });

  it('keeps only trips in the cabin asked for', async () => {
    const economy = await search({ cabin: 'economy' });
    expect(ids(economy)).toEqual(['BR12@2026-12-01/economy']);
    expect(economy[0]?.redeemOptions.map((option) => [option.programme, option.miles])).toEqual([
      ['aeroplan', 35_000],
    ]);
  });
});

describe('SeatsAeroSource (oneworld)', () => {
  it('maps the oneworld answer, with a Tokyo connection at +09:00', async () => {
    const itineraries = await search({}, { alliance: 'oneworld' });
    expect(ids(itineraries)).toEqual([
      'CX465@2026-12-01/business+CX880@2026-12-01/business',
      'JL802@2026-12-01/business+JL62@2026-12-01/business',
    ]);
    const [cathay, jal] = itineraries;
    expect(cathay).toMatchObject({
      departure: '2026-12-01T08:10+08:00',
      arrival: '2026-12-01T08:30-08:00',
      durationMinutes: 980,
      airlines: ['CX'],
    });
    expect(
      cathay?.redeemOptions.map((option) => [option.programme, option.miles, option.feesUsd]),
    ).toEqual([['alaska-atmos', 70_000, 58.7]]);
    expect(jal?.legs[0]?.arrival).toBe('2026-12-01T16:40+09:00');
    expect(jal?.legs[1]?.departure).toBe('2026-12-01T18:05+09:00');
    expect(jal).toMatchObject({
      durationMinutes: 870,
      redeemOptions: [expect.objectContaining({ programme: 'aadvantage', miles: 60_000 })],
    });
  });

  it('answers nothing when seats.aero has nothing', async () => {
    expect(await search({}, { alliance: 'skyteam' })).toEqual([]);
  });
});

describe('SeatsAeroSource failures', () => {
  it('rejects a 500 answer with an error naming the status, not the key', async () => {
    mode = 'error';
    const error = await search().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/\b500\b/);
    expect((error as Error).message).not.toContain(API_KEY);
    expect(String((error as Error).stack)).not.toContain(API_KEY);
  });

  it('rejects a refused key with the status', async () => {
    const wrongKey = 'pro_wrong_key_value';
    const error = await search({}, { apiKey: wrongKey }).catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(/\b401\b/);
    expect((error as Error).message).not.toContain(wrongKey);
  });

  it('skips malformed records and trips, keeping the good ones beside them', async () => {
    mode = 'malformed';
    expect(ids(await search({}, { alliance: 'oneworld' }))).toEqual([
      'CX465@2026-12-01/business+CX880@2026-12-01/business',
      'JL802@2026-12-01/business+JL62@2026-12-01/business',
    ]);
  });

  it('rejects an answer without its data list, naming the status', async () => {
    mode = 'no-data';
    await expect(search({}, { alliance: 'oneworld' })).rejects.toThrow(
      /HTTP 200 without a data list/,
    );
  });

  it('rejects a body that is not JSON, naming the status', async () => {
    mode = 'not-json';
    await expect(search()).rejects.toThrow(/HTTP 200.*not JSON/);
  });

  it('rejects at once with an already aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(search({}, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('rejects when the signal aborts while seats.aero is still answering', async () => {
    mode = 'hang';
    const controller = new AbortController();
    const pending = search({}, { signal: controller.signal });
    // Abort once the request has reached the server.
    await expect.poll(() => requests.length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
