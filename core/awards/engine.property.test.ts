import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { awardCharts, programmeAllianceOn } from '../../data/reference.ts';
import { priceAward, type PricedLeg } from './award-pricing.ts';
import { AwardEngine, DETOUR_LIMIT, type ProgrammeChart } from './engine.ts';
import { greatCircleMiles } from './geo.ts';
import {
  AwardInventory,
  MAX_LAYOVER_MINUTES,
  minimumConnectionMinutes,
  type InventoryAirline,
  type InventoryAirport,
} from './inventory.ts';
import {
  CABINS,
  MAX_STOPS,
  SEAT_CHOICES,
  TIME_OF_DAY_HOURS,
  type AwardItinerary,
  type AwardQuery,
  type Cabin,
  type SearchAlliance,
  type StopsChoice,
  type TimeOfDay,
} from './search.ts';
import { refreshSimulatedSeats } from './simulated-inventory.ts';
import type { ScheduledFlight } from './simulated-schedule.ts';
import { awardSeats } from './simulated-seats.ts';
import { fromLocal, toLocal } from './zoned-time.ts';

/**
 * The engine against a brute-force reference on random small networks: every path of up to
 * three flight-days is enumerated straight from the timetable (local times through Intl, seats
 * through the simulated source's own function, prices through the charts) and filtered by the
 * rules as written in engine.ts. The two must agree on every itinerary and every field shown.
 */

const AIRPORTS: InventoryAirport[] = [
  { code: 'TPE', tz: 'Asia/Taipei', lat: 25.08, lon: 121.23, country: 'TW' },
  { code: 'TSA', tz: 'Asia/Taipei', lat: 25.07, lon: 121.55, country: 'TW' },
  { code: 'NRT', tz: 'Asia/Tokyo', lat: 35.76, lon: 140.39, country: 'JP' },
  { code: 'HND', tz: 'Asia/Tokyo', lat: 35.55, lon: 139.78, country: 'JP' },
  { code: 'HKG', tz: 'Asia/Hong_Kong', lat: 22.31, lon: 113.91, country: 'HK' },
  { code: 'SEA', tz: 'America/Los_Angeles', lat: 47.45, lon: -122.31, country: 'US' },
  { code: 'LAX', tz: 'America/Los_Angeles', lat: 33.94, lon: -118.41, country: 'US' },
  { code: 'YVR', tz: 'America/Vancouver', lat: 49.19, lon: -123.18, country: 'CA' },
  { code: 'LHR', tz: 'Europe/London', lat: 51.47, lon: -0.45, country: 'GB' },
  // Close neighbours, so that two-stop paths within the detour limit are common.
  { code: 'OKA', tz: 'Asia/Tokyo', lat: 26.2, lon: 127.65, country: 'JP' },
  { code: 'FUK', tz: 'Asia/Tokyo', lat: 33.59, lon: 130.45, country: 'JP' },
  { code: 'KIX', tz: 'Asia/Tokyo', lat: 34.43, lon: 135.23, country: 'JP' },
  { code: 'ICN', tz: 'Asia/Seoul', lat: 37.46, lon: 126.44, country: 'KR' },
  { code: 'SFO', tz: 'America/Los_Angeles', lat: 37.62, lon: -122.37, country: 'US' },
];
const METROS = new Map([
  ['TPE', ['TPE', 'TSA']],
  ['TYO', ['NRT', 'HND']],
]);
const AIRLINES: InventoryAirline[] = [
  { code: 'BR', alliance: 'star' },
  { code: 'UA', alliance: 'star' },
  { code: 'CX', alliance: 'oneworld' },
  { code: 'JL', alliance: 'oneworld' },
  { code: 'KE', alliance: 'skyteam' },
  { code: 'EI', alliance: null },
  // Dated, but the same throughout the inventory's dates: the engine must read its membership.
  {
    code: 'AS',
    alliance: null,
    memberships: [{ alliance: 'oneworld', since: '2021-03-31', until: null }],
  },
];
// A date range that crosses the end of US daylight time (2026-11-01) and Europe's (2026-10-25).
const FIRST_DATE = '2026-10-23';
const CHARTS: ProgrammeChart[] = [...awardCharts().values()].map((chart) => ({
  chart,
  alliance: programmeAllianceOn(chart.programme, FIRST_DATE),
}));
const DAYS = 12;
const NOW = new Date('2026-10-22T05:00:00Z');
const SEED = 7;
const QUERY_CODES = [
  'TPE',
  'TSA',
  'NRT',
  'HND',
  'HKG',
  'SEA',
  'LAX',
  'YVR',
  'LHR',
  'OKA',
  'FUK',
  'KIX',
  'ICN',
  'SFO',
  'TYO',
];

const airportOf = (code: string) =>
  AIRPORTS.find((airport) => airport.code === code) as InventoryAirport;
const milesBetween = (from: string, to: string) =>
  Math.round(greatCircleMiles(airportOf(from), airportOf(to)));

const flightArbitrary = fc
  .record({
    airline: fc.constantFrom(...AIRLINES.map((airline) => airline.code)),
    from: fc.integer({ min: 0, max: AIRPORTS.length - 1 }),
    hop: fc.integer({ min: 1, max: AIRPORTS.length - 1 }),
    departureMinutes: fc.integer({ min: 0, max: 287 }).map((slot) => slot * 5),
    daysOfWeek: fc.oneof(
      { arbitrary: fc.constant(127), weight: 3 },
      { arbitrary: fc.integer({ min: 1, max: 127 }), weight: 1 },
    ),
    premium: fc.boolean(),
    first: fc.boolean(),
  })
  .map(
    ({
      airline,
      from,
      hop,
      departureMinutes,
      daysOfWeek,
      premium,
      first,
    }): Omit<ScheduledFlight, 'flightNumber'> => {
      const origin = (AIRPORTS[from] as InventoryAirport).code;
      const destination = (AIRPORTS[(from + hop) % AIRPORTS.length] as InventoryAirport).code;
      const miles = milesBetween(origin, destination);
      const cabins: Cabin[] = [
        'economy',
        ...(premium ? (['premium'] as const) : []),
        'business',
        ...(first ? (['first'] as const) : []),
      ];
      return {
        airline,
        from: origin,
        to: destination,
        departureMinutes,
        blockMinutes: Math.max(40, Math.round(miles / 8.8 + 30)),
        daysOfWeek,
        cabins,
        miles,
      };
    },
  );

const queryArbitrary = fc
  .record({
    // Mostly a pair the network links (by a flight, or two), sometimes any pair or a metro.
    pairPick: fc.nat(),
    pairKind: fc.constantFrom('direct', 'two-hops', 'three-hops', 'three-hops', 'any'),
    origin: fc.constantFrom(...QUERY_CODES),
    destination: fc.constantFrom(...QUERY_CODES),
    start: fc.integer({ min: 0, max: DAYS - 4 }),
    length: fc.integer({ min: 1, max: 4 }),
    cabin: fc.constantFrom<Cabin>('economy', 'economy', 'premium', 'business', 'business', 'first'),
    seatChoice: fc.oneof(
      { arbitrary: fc.constant(0), weight: 3 },
      { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 1 },
    ),
    airlines: fc.oneof(
      { arbitrary: fc.constant<string[]>([]), weight: 3 },
      {
        arbitrary: fc.subarray(
          AIRLINES.map((airline) => airline.code),
          { minLength: 1 },
        ),
        weight: 1,
      },
    ),
    stops: fc.constantFrom<StopsChoice>('direct', 'one', 'two', 'two'),
    timesOfDay: fc.oneof(
      { arbitrary: fc.constant<TimeOfDay[]>([]), weight: 2 },
      {
        arbitrary: fc.subarray<TimeOfDay>(['early-morning', 'morning', 'afternoon', 'night']),
        weight: 1,
      },
    ),
    mixed: fc.constantFrom(true, true, false),
    minPercent: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100 })),
    alliance: fc.constantFrom<SearchAlliance | null>(
      null,
      null,
      null,
      'star',
      'oneworld',
      'skyteam',
    ),
    excluded: fc.oneof(
      { arbitrary: fc.constant<SearchAlliance[]>([]), weight: 3 },
      {
        arbitrary: fc.subarray<SearchAlliance>(['star', 'oneworld', 'skyteam'], { maxLength: 1 }),
        weight: 1,
      },
    ),
    // Half the queries drop every narrowing filter, so that most answers are not empty.
    plain: fc.boolean(),
    flightPick: fc.oneof(
      { arbitrary: fc.constant(null), weight: 4 },
      { arbitrary: fc.nat(), weight: 1 },
    ),
  })
  .map((raw) => raw);

const dateAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function localText(instant: number, timeZone: string): string {
  const local = toLocal(instant, timeZone);
  const naive = Date.parse(`${local.date}T00:00:00Z`) + local.minutes * 60_000;
  const offset = Math.round((naive - instant) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const size = Math.abs(offset);
  return `${local.date}T${String(Math.floor(local.minutes / 60)).padStart(2, '0')}:${String(local.minutes % 60).padStart(2, '0')}${sign}${String(Math.floor(size / 60)).padStart(2, '0')}:${String(size % 60).padStart(2, '0')}`;
}

interface ReferenceDay {
  flight: ScheduledFlight;
  date: string;
  departure: number;
  arrival: number;
  seats: Record<Cabin, number>;
}

/** The reference: every path, then the rules. Slow on purpose; it must be obviously right. */
function bruteForce(flights: ScheduledFlight[], query: AwardQuery, excluded: SearchAlliance[]) {
  const days: ReferenceDay[] = [];
  for (let offset = 0; offset < DAYS; offset += 1) {
    const date = dateAfter(FIRST_DATE, offset);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    for (const flight of flights) {
      if (((flight.daysOfWeek >> weekday) & 1) === 0) continue;
      const departure = fromLocal(date, flight.departureMinutes, airportOf(flight.from).tz);
      const seats = Object.fromEntries(
        CABINS.map((cabin) => [
          cabin,
          flight.cabins.includes(cabin)
            ? awardSeats({
                seed: SEED,
                flightNumber: flight.flightNumber,
                date,
                cabin,
                epochHour: Math.floor(NOW.getTime() / 3_600_000),
                today: NOW.toISOString().slice(0, 10),
              })
            : 0,
        ]),
      ) as Record<Cabin, number>;
      days.push({
        flight,
        date,
        departure,
        arrival: departure + flight.blockMinutes * 60_000,
        seats,
      });
    }
  }
  const origins = METROS.get(query.origin) ?? [query.origin];
  const destinations = METROS.get(query.destination) ?? [query.destination];
  // No membership changes within the network's dates: an airline's alliance holds throughout.
  const alliance = (code: string) => {
    const airline = AIRLINES.find((candidate) => candidate.code === code) as InventoryAirline;
    return airline.memberships?.[0]?.alliance ?? airline.alliance;
  };
  const booksSome = (code: string) =>
    CHARTS.some(
      ({ chart }) =>
        chart.bookable.airlines.includes(code) ||
        (alliance(code) !== null &&
          chart.bookable.alliances.includes(alliance(code) as SearchAlliance)),
    );
  const airlineAllowed = (code: string) => {
    if (!booksSome(code)) return false;
    if (query.airlines.length > 0 && !query.airlines.includes(code)) return false;
    const own = alliance(code);
    if (own !== null && excluded.includes(own)) return false;
    if (query.alliance && own !== query.alliance) {
      if (own !== null) return false;
      if (
        !CHARTS.some(
          ({ chart, alliance: programmeAlliance }) =>
            programmeAlliance === query.alliance && chart.bookable.airlines.includes(code),
        )
      )
        return false;
    }
    return true;
  };
  const cabinOf = (day: ReferenceDay): Cabin | null => {
    if (day.seats[query.cabin] >= query.seats) return query.cabin;
    if (!query.mixedCabin.allowed) return null;
    const lower = CABINS.slice(0, CABINS.indexOf(query.cabin)).reverse();
    return lower.find((cabin) => day.seats[cabin] >= query.seats) ?? null;
  };

  const leaving = (airport: string) => days.filter((day) => day.flight.from === airport);
  const paths: ReferenceDay[][] = [];
  const extend = (path: ReferenceDay[]) => {
    const last = path[path.length - 1] as ReferenceDay;
    if (destinations.includes(last.flight.to)) {
      paths.push(path);
      return;
    }
    if (path.length > MAX_STOPS[query.stops]) return;
    for (const next of leaving(last.flight.to)) {
      const wait = (next.departure - last.arrival) / 60_000;
      if (wait < minimumConnectionMinutes(last.flight.to) || wait > MAX_LAYOVER_MINUTES) continue;
      const visited = path.map((day) => day.flight.from);
      if (visited.includes(next.flight.to) || origins.includes(next.flight.to)) continue;
      extend([...path, next]);
    }
  };
  for (const day of days) {
    if (!origins.includes(day.flight.from) || origins.includes(day.flight.to)) continue;
    const local = toLocal(day.departure, airportOf(day.flight.from).tz);
    if (local.date < query.dates.from || local.date > query.dates.to) continue;
    if (
      query.timesOfDay.length > 0 &&
      !query.timesOfDay.some(
        (slot) =>
          day.flight.departureMinutes >= TIME_OF_DAY_HOURS[slot][0] * 60 &&
          day.flight.departureMinutes < TIME_OF_DAY_HOURS[slot][1] * 60,
      )
    )
      continue;
    extend([day]);
  }

  const results = [];
  for (const path of paths) {
    if (path.some((day) => !airlineAllowed(day.flight.airline) || cabinOf(day) === null)) continue;
    if (
      query.flightNumber !== null &&
      !path.some((day) => day.flight.flightNumber === query.flightNumber)
    )
      continue;
    const cabins = path.map((day) => cabinOf(day) as Cabin);
    const total = path.reduce((sum, day) => sum + day.flight.miles, 0);
    const inAsked = path.reduce(
      (sum, day, index) => (cabins[index] === query.cabin ? sum + day.flight.miles : sum),
      0,
    );
    if (inAsked === 0) continue;
    const share = Math.round((100 * inAsked) / total);
    if (share < (query.mixedCabin.allowed ? query.mixedCabin.minPercent : 100)) continue;
    const first = path[0] as ReferenceDay;
    const last = path[path.length - 1] as ReferenceDay;
    if (
      path.length > 1 &&
      total >
        DETOUR_LIMIT * greatCircleMiles(airportOf(first.flight.from), airportOf(last.flight.to))
    )
      continue;
    const legs: PricedLeg[] = path.map((day, index) => ({
      airline: day.flight.airline,
      alliance: alliance(day.flight.airline),
      from: { airport: day.flight.from, country: airportOf(day.flight.from).country },
      to: { airport: day.flight.to, country: airportOf(day.flight.to).country },
      miles: day.flight.miles,
      cabin: cabins[index] as Cabin,
    }));
    const options = CHARTS.map(({ chart }) => priceAward(chart, legs, query.cabin))
      .filter((option) => option !== null)
      .sort((a, b) => a.miles - b.miles || a.programme.localeCompare(b.programme));
    if (options.length === 0) continue;
    const departure = localText(first.departure, airportOf(first.flight.from).tz);
    const arrival = localText(last.arrival, airportOf(last.flight.to).tz);
    results.push({
      id: path
        .map((day, index) => `${day.flight.flightNumber}@${day.date}/${cabins[index]}`)
        .join('+'),
      departure,
      arrival,
      arrivalDayOffset: Math.round(
        (Date.parse(arrival.slice(0, 10)) - Date.parse(departure.slice(0, 10))) / 86_400_000,
      ),
      durationMinutes: (last.arrival - first.departure) / 60_000,
      stops: path.length - 1,
      seats: Math.min(...path.map((day, index) => day.seats[cabins[index] as Cabin])),
      mixedCabinPercent: share,
      redeemOptions: options.map(({ programme, miles, feesUsd }) => ({
        programme,
        miles,
        feesUsd,
      })),
      best: false,
    });
  }
  // Best flights by definition: nothing on the same day at least as good on all three and better on one.
  for (const result of results) {
    result.best = !results.some(
      (other) =>
        other.departure.slice(0, 10) === result.departure.slice(0, 10) &&
        (other.redeemOptions[0]?.miles ?? 0) <= (result.redeemOptions[0]?.miles ?? 0) &&
        other.durationMinutes <= result.durationMinutes &&
        other.stops <= result.stops &&
        ((other.redeemOptions[0]?.miles ?? 0) < (result.redeemOptions[0]?.miles ?? 0) ||
          other.durationMinutes < result.durationMinutes ||
          other.stops < result.stops),
    );
  }
  return results.sort((a, b) => a.id.localeCompare(b.id));
}

function shown(itinerary: AwardItinerary) {
  return {
    id: itinerary.id,
    departure: itinerary.departure,
    arrival: itinerary.arrival,
    arrivalDayOffset: itinerary.arrivalDayOffset,
    durationMinutes: itinerary.durationMinutes,
    stops: itinerary.stops,
    seats: itinerary.seats,
    mixedCabinPercent: itinerary.mixedCabinPercent,
    redeemOptions: itinerary.redeemOptions.map(({ programme, miles, feesUsd }) => ({
      programme,
      miles,
      feesUsd,
    })),
    best: itinerary.best,
  };
}

describe('the engine against the brute-force reference', () => {
  // 300 random networks: about 15 s on a quiet machine, so it gets room for a busy one.
  it(
    'returns exactly the itineraries the reference finds, with the same fields, on random networks and queries',
    { timeout: 120_000 },
    () => {
      let asked = 0;
      let answered = 0;
      let twoStops = 0;
      fc.assert(
        fc.property(
          fc
            .array(flightArbitrary, { minLength: 40, maxLength: 160 })
            .filter((flights) => flights.some((flight) => flight.from !== flight.to)),
          fc.array(queryArbitrary, { minLength: 1, maxLength: 4 }),
          (raw, queries) => {
            const flights: ScheduledFlight[] = raw
              .filter((flight) => flight.from !== flight.to)
              .map((flight, index) => ({
                ...flight,
                flightNumber: `${flight.airline}${index + 1}`,
              }));
            const inventory = new AwardInventory({
              airports: AIRPORTS,
              airlines: AIRLINES,
              flights,
              firstDate: FIRST_DATE,
              days: DAYS,
            });
            refreshSimulatedSeats(inventory, { seed: SEED, now: NOW });
            const engine = new AwardEngine(inventory, CHARTS, METROS);
            for (const raw of queries) {
              const flight = flights[raw.pairPick % flights.length] as ScheduledFlight;
              const onward = flights.filter(
                (next) => next.from === flight.to && next.to !== flight.from,
              );
              if (raw.pairKind === 'direct')
                Object.assign(raw, { origin: flight.from, destination: flight.to });
              const hop = onward[raw.pairPick % Math.max(1, onward.length)];
              if (raw.pairKind === 'two-hops' && hop)
                Object.assign(raw, { origin: flight.from, destination: hop.to });
              const further = hop
                ? flights.filter(
                    (next) =>
                      next.from === hop.to && next.to !== flight.from && next.to !== flight.to,
                  )
                : [];
              const third = further[raw.pairPick % Math.max(1, further.length)];
              if (raw.pairKind === 'three-hops' && third)
                Object.assign(raw, { origin: flight.from, destination: third.to, stops: 'two' });
              if (raw.plain)
                Object.assign(raw, {
                  cabin: 'economy',
                  seatChoice: 0,
                  airlines: [],
                  timesOfDay: [],
                  mixed: true,
                  minPercent: 0,
                  alliance: null,
                  excluded: [],
                  flightPick: null,
                });
              const origins = METROS.get(raw.origin) ?? [raw.origin];
              const destinations = METROS.get(raw.destination) ?? [raw.destination];
              if (origins.some((code) => destinations.includes(code))) continue;
              const query: AwardQuery = {
                origin: raw.origin,
                destination: raw.destination,
                dates: {
                  from: dateAfter(FIRST_DATE, raw.start),
                  to: dateAfter(FIRST_DATE, raw.start + raw.length - 1),
                },
                cabin: raw.cabin,
                seats: SEAT_CHOICES[raw.cabin][raw.seatChoice] as number,
                airlines: raw.airlines,
                flightNumber:
                  raw.flightPick === null || flights.length === 0
                    ? null
                    : (flights[raw.flightPick % flights.length] as ScheduledFlight).flightNumber,
                stops: raw.stops,
                timesOfDay: raw.timesOfDay,
                mixedCabin: { allowed: raw.mixed, minPercent: raw.minPercent },
                alliance: raw.alliance,
              };
              const result = engine.search(query, {
                now: NOW,
                limit: Infinity,
                excludeAlliances: raw.excluded,
              });
              const mine = result.itineraries.map(shown).sort((a, b) => a.id.localeCompare(b.id));
              expect(mine).toEqual(bruteForce(flights, query, raw.excluded));
              expect(result.found).toBe(mine.length);
              // A limited search keeps what sorting them all would: the best flights, then the
              // fewest miles, the shortest, the earliest; shown by departure.
              const limit = 1 + (raw.start % 7);
              const ranked = [...result.itineraries].sort(
                (a, b) =>
                  Number(b.best) - Number(a.best) ||
                  (a.redeemOptions[0]?.miles ?? 0) - (b.redeemOptions[0]?.miles ?? 0) ||
                  a.durationMinutes - b.durationMinutes ||
                  Date.parse(a.departure) - Date.parse(b.departure),
              );
              const limited = engine.search(query, {
                now: NOW,
                limit,
                excludeAlliances: raw.excluded,
              });
              expect(limited.found).toBe(result.found);
              const key = (itinerary: AwardItinerary) => [
                Number(itinerary.best),
                itinerary.redeemOptions[0]?.miles,
                itinerary.durationMinutes,
                Date.parse(itinerary.departure),
              ];
              // The same ranks (ties past the last depart at the same minute either way).
              expect(
                limited.itineraries
                  .map(key)
                  .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
              ).toEqual(
                ranked
                  .slice(0, limit)
                  .map(key)
                  .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
              );
              const departures = limited.itineraries.map((itinerary) =>
                Date.parse(itinerary.departure),
              );
              expect(departures).toEqual([...departures].sort((a, b) => a - b));
              asked += 1;
              if (mine.length > 0) answered += 1;
              twoStops += mine.filter((itinerary) => itinerary.stops === 2).length;
            }
          },
        ),
        { numRuns: 300, seed: 20261121 },
      );
      // The agreement is about real answers, not empty ones.
      expect(answered / asked).toBeGreaterThan(0.15);
      expect(twoStops).toBeGreaterThan(20);
    },
  );
});
