import { describe, expect, it } from 'vitest';
import { AwardEngine } from '../../../core/awards/engine.ts';
import type { AwardItinerary, AwardQuery } from '../../../core/awards/search.ts';
import {
  buildSimulatedInventory,
  refreshSimulatedSeats,
} from '../../../core/awards/simulated-inventory.ts';
import { awardSeats } from '../../../core/awards/simulated-seats.ts';
import { awardQuery } from '../../test/award-query.ts';
import { metroAirports, programmeCharts, simulationInput } from './reference-inventory.ts';

/**
 * TPE → LAX in business over three days on the real route data and charts, with the simulated
 * source's seats (fixed seed and clock). Each expected figure is worked out by hand in a comment
 * from the timetable (block time = miles ÷ 8.8 + 30 min, to 5 min), the time zones and the charts
 * in data/award-charts.json.
 */

const NOW = new Date('2026-11-21T03:00:00Z');
const SEED = 20261121;
const AIRPORTS = new Set([
  'TPE',
  'TSA',
  'LAX',
  'SFO',
  'NRT',
  'HND',
  'HKG',
  'ICN',
  'SEA',
  'YVR',
  'KIX',
  'PVG',
  'MNL',
]);
const input = simulationInput(AIRPORTS);
const inventory = buildSimulatedInventory(input, '2026-11-21', 40);
refreshSimulatedSeats(inventory, { seed: SEED, now: NOW });
const engine = new AwardEngine(inventory, programmeCharts(), metroAirports());
/** The charts as they priced awards on 1 December 2025, before British Airways changed its prices without a new chart. */
const before = new AwardEngine(inventory, programmeCharts('2025-12-01'), metroAirports());

const query = (overrides: Partial<AwardQuery> = {}): AwardQuery =>
  awardQuery({ mixedCabin: { allowed: true, minPercent: 0 }, ...overrides });
const search = (overrides: Partial<AwardQuery> = {}) =>
  engine.search(query(overrides), { now: NOW, limit: Infinity }).itineraries;
const find = (itineraries: AwardItinerary[], id: string) => {
  const found = itineraries.find((itinerary) => itinerary.id === id);
  if (!found) throw new Error(`${id} not among ${itineraries.length} itineraries`);
  return found;
};
const option = (itinerary: AwardItinerary, programme: string) =>
  itinerary.redeemOptions.find((candidate) => candidate.programme === programme);

describe('TPE → LAX in business, 1–3 December 2026', () => {
  const results = search();

  it('finds direct and one-stop itineraries on each of the three days, all departing Taipei (TPE or TSA) on those dates', () => {
    expect(results.length).toBeGreaterThan(20);
    for (const day of ['2026-12-01', '2026-12-02', '2026-12-03'])
      expect(results.some((itinerary) => itinerary.departure.startsWith(day))).toBe(true);
    for (const itinerary of results) {
      expect(['TPE', 'TSA']).toContain(itinerary.legs[0]?.from);
      expect(itinerary.legs.at(-1)?.to).toBe('LAX');
      expect(itinerary.departure).toMatch(/^2026-12-0[1-3]T\d\d:\d\d\+08:00$/);
      expect(itinerary.stops).toBeLessThanOrEqual(1);
      expect(itinerary.source).toEqual({
        id: 'simulated',
        simulated: true,
        fetchedAt: NOW.toISOString(),
      });
    }
  });

  it('prices EVA BR21 nonstop by the EVA chart, arriving the same evening in Los Angeles', () => {
    const br21 = find(results, 'BR21@2026-12-01/business');
    // Departs 21:15 Taipei time (13:15 UTC); 6,787 miles → 6,787 ÷ 8.8 + 30 = 801 → 800 min (13 h 20);
    // lands 02:35 UTC on the 2nd = 18:35 on the 1st in Los Angeles (PST, UTC−8): same local date.
    expect(br21).toMatchObject({
      departure: '2026-12-01T21:15+08:00',
      arrival: '2026-12-01T18:35-08:00',
      arrivalDayOffset: 0,
      durationMinutes: 800,
      stops: 0,
      airlines: ['BR'],
      mixedCabinPercent: 100,
    });
    // EVA Infinity MileageLands: Taiwan → Americas zone 1 business 75,000; fees US$20 a segment + BR surcharge US$80.
    expect(option(br21, 'eva-infinity')).toMatchObject({
      miles: 75_000,
      feesUsd: 100,
      halfOfRoundTrip: false,
    });
    // Aeroplan: Pacific → North America, 5,001–7,500 flown miles, business 75,000; US$29 partner fee + US$20.
    expect(option(br21, 'aeroplan')).toMatchObject({ miles: 75_000, feesUsd: 49 });
    // Seats on the itinerary are what the simulated source shows for that flight-day.
    expect(br21.seats).toBe(
      awardSeats({
        seed: SEED,
        flightNumber: 'BR21',
        date: '2026-12-01',
        cabin: 'business',
        epochHour: Math.floor(NOW.getTime() / 3_600_000),
        today: '2026-11-21',
      }),
    );
    // Cents per point: (cash − fees) ÷ miles, beside each option.
    const eva = option(br21, 'eva-infinity');
    expect(eva?.centsPerPoint).toBeCloseTo(
      Math.round(((br21.cashUsd - 100) / 75_000) * 1000) / 10,
      5,
    );
    expect(br21.cashUsd).toBeGreaterThan(2000);
  });

  it('prices Cathay via Hong Kong with Avios segment by segment, in the cabin each segment flies, while BA’s chart held', () => {
    const cathay = find(results, 'CX65@2026-12-01/business+CX20@2026-12-01/economy');
    const id = 'CX65@2026-12-01/business+CX20@2026-12-01/economy';
    const priced = find(before.search(query(), { now: NOW, limit: Infinity }).itineraries, id);
    // TPE–HKG 501 mi in business (≤ 650 band: 12,500) + HKG–LAX 7,248 mi in economy (> 7,000 band: 51,500) = 64,000;
    // fees: 2 × US$20 + 2 × US$50 Cathay surcharge = US$140.
    expect(option(priced, 'ba-avios')).toMatchObject({ miles: 64_000, feesUsd: 140 });
    // From 15 December 2025 BA prices by a chart it did not publish: no Avios price is shown as a fact.
    expect(option(cathay, 'ba-avios')).toBeUndefined();
    expect(programmeCharts('2025-12-14').map(({ chart }) => chart.programme)).toContain('ba-avios');
    expect(programmeCharts('2025-12-15').map(({ chart }) => chart.programme)).not.toContain(
      'ba-avios',
    );
    // 501 of 7,749 miles in business = 6.5% → 6.
    expect(cathay.mixedCabinPercent).toBe(6);
    // HKG 19:35 (11:35 UTC) + 7,248 ÷ 8.8 + 30 = 854 → 855 min (14 h 15) = 01:50 UTC on the 2nd = 17:50 on the 1st in LA.
    expect(cathay).toMatchObject({
      departure: '2026-12-01T14:25+08:00',
      arrival: '2026-12-01T17:50-08:00',
      arrivalDayOffset: 0,
      stops: 1,
      airlines: ['CX'],
    });
    expect(cathay.durationMinutes).toBe(1165);
    expect(cathay.legs.map((leg) => leg.cabin)).toEqual(['business', 'economy']);
  });

  it('prices EVA to Seoul and Asiana on to LA with Aeroplan by zone and total distance, arriving the next day', () => {
    const seoul = find(results, 'BR10@2026-12-01/business+OZ12@2026-12-02/economy');
    // 909 + 5,981 = 6,890 flown miles, Pacific → North America 5,001–7,500: business 75,000; US$29 + 2 × US$20 = US$69.
    expect(option(seoul, 'aeroplan')).toMatchObject({ miles: 75_000, feesUsd: 69 });
    // 909 of 6,890 miles in business = 13.2% → 13.
    expect(seoul.mixedCabinPercent).toBe(13);
    // ICN 18:45 KST (09:45 UTC) + 5,981 ÷ 8.8 + 30 = 710 min (11 h 50) = 21:35 UTC = 13:35 PST on the 2nd: one day after leaving Taipei.
    expect(seoul).toMatchObject({
      departure: '2026-12-01T19:30+08:00',
      arrival: '2026-12-02T13:35-08:00',
      arrivalDayOffset: 1,
    });
    // The connection in Seoul is 20 h after landing at 22:45: inside the 24-hour limit.
    expect(seoul.legs[0]?.arrival).toBe('2026-12-01T22:45+09:00');
  });

  it('keeps mixed-cabin itineraries out when mixed cabin is off, and above the minimum share when on', () => {
    const pure = search({ mixedCabin: { allowed: false, minPercent: 0 } });
    expect(pure.length).toBeGreaterThan(0);
    for (const itinerary of pure) {
      expect(itinerary.mixedCabinPercent).toBe(100);
      expect(itinerary.legs.every((leg) => leg.cabin === 'business')).toBe(true);
    }
    const mostly = search({ mixedCabin: { allowed: true, minPercent: 50 } });
    expect(mostly.every((itinerary) => itinerary.mixedCabinPercent >= 50)).toBe(true);
    expect(mostly.some((itinerary) => itinerary.mixedCabinPercent < 100)).toBe(true);
    expect(mostly.length).toBeLessThan(results.length);
  });

  it('marks best flights per day: nothing else that day is as cheap, as short and as direct', () => {
    const best = results.filter((itinerary) => itinerary.best);
    expect(best.length).toBeGreaterThanOrEqual(3);
    for (const itinerary of best) {
      const sameDay = results.filter(
        (other) => other.departure.slice(0, 10) === itinerary.departure.slice(0, 10),
      );
      const miles = (candidate: AwardItinerary) => candidate.redeemOptions[0]?.miles ?? Infinity;
      const dominated = sameDay.some(
        (other) =>
          miles(other) <= miles(itinerary) &&
          other.durationMinutes <= itinerary.durationMinutes &&
          other.stops <= itinerary.stops &&
          (miles(other) < miles(itinerary) ||
            other.durationMinutes < itinerary.durationMinutes ||
            other.stops < itinerary.stops),
      );
      expect(dominated).toBe(false);
    }
  });

  it('applies the airline, flight number, time-of-day, seat and alliance filters', () => {
    expect(
      search({ airlines: ['BR'] }).every((itinerary) =>
        itinerary.airlines.every((airline) => airline === 'BR'),
      ),
    ).toBe(true);
    const br21 = search({ flightNumber: 'BR21' });
    expect(br21.length).toBeGreaterThan(0);
    expect(
      br21.every((itinerary) => itinerary.legs.some((leg) => leg.flightNumber === 'BR21')),
    ).toBe(true);
    const evenings = search({ timesOfDay: ['night'] });
    expect(evenings.length).toBeGreaterThan(0);
    expect(evenings.every((itinerary) => Number(itinerary.departure.slice(11, 13)) >= 18)).toBe(
      true,
    );
    expect(search({ seats: 2 }).every((itinerary) => itinerary.seats >= 2)).toBe(true);
    const oneworld = search({ alliance: 'oneworld' });
    expect(oneworld.length).toBeGreaterThan(0);
    expect(
      oneworld.every((itinerary) =>
        itinerary.airlines.every(
          (airline) =>
            ['CX', 'JL', 'AA', 'AS', 'BA', 'QF', 'MH', 'UO'].includes(airline) || airline === 'JX',
        ),
      ),
    ).toBe(true);
    expect(search({ stops: 'direct' }).every((itinerary) => itinerary.stops === 0)).toBe(true);
  });

  it('labels the prices of programmes that price by demand as estimates (data/award-charts.json `dynamic`)', () => {
    const options = results.flatMap((itinerary) =>
      itinerary.redeemOptions.map((option) => ({ ...option, airlines: itinerary.airlines })),
    );
    // United prices every award dynamically: each of its prices is an estimate.
    const united = options.filter((option) => option.programme === 'united-mileageplus');
    expect(united.length).toBeGreaterThan(0);
    expect(united.every((option) => option.estimate)).toBe(true);
    // EVA's chart is fixed; Aeroplan's is fixed for EVA but dynamic on United's flights.
    expect(
      options
        .filter((option) => option.programme === 'eva-infinity')
        .every((option) => !option.estimate),
    ).toBe(true);
    const aeroplan = options.filter((option) => option.programme === 'aeroplan');
    expect(
      aeroplan
        .filter((option) => option.airlines.includes('UA') || option.airlines.includes('AC'))
        .every((option) => option.estimate),
    ).toBe(true);
    expect(
      aeroplan
        .filter((option) => option.airlines.every((airline) => airline === 'BR'))
        .every((option) => !option.estimate),
    ).toBe(true);
    expect(aeroplan.some((option) => option.airlines.every((airline) => airline === 'BR'))).toBe(
      true,
    );
  });

  it('answers a metro code the same as its airports, and refuses an unknown one', () => {
    expect(search({ origin: 'TPE' }).length).toBeGreaterThanOrEqual(
      search({ origin: 'TSA' }).length,
    );
    expect(() => search({ destination: 'ZZZ' })).toThrowError(
      expect.objectContaining({ code: 'unknown-destination' }),
    );
    expect(() => search({ dates: { from: '2026-12-01', to: '2026-12-31' } })).toThrowError(
      expect.objectContaining({ code: 'too-many-days' }),
    );
  });

  it('sees seats released and gone when the source is checked again a day later', () => {
    const before = search({ stops: 'direct', mixedCabin: { allowed: false, minPercent: 0 } }).map(
      (itinerary) => itinerary.id,
    );
    const later = buildSimulatedInventory(input, '2026-11-21', 40);
    const tomorrow = new Date(NOW.getTime() + 86_400_000);
    refreshSimulatedSeats(later, { seed: SEED, now: tomorrow });
    const after = new AwardEngine(later, programmeCharts(), metroAirports())
      .search(query({ stops: 'direct', mixedCabin: { allowed: false, minPercent: 0 } }), {
        now: tomorrow,
        limit: Infinity,
      })
      .itineraries.map((itinerary) => itinerary.id);
    expect(after).not.toEqual(before);
    expect(after.some((id) => before.includes(id))).toBe(true);
  });
});

describe('Asiana leaving Star Alliance (membership until 16 December 2026, data/airlines.json)', () => {
  const input = simulationInput(new Set(['TPE', 'ICN', 'LAX']), '2026-12-12');
  /** The engine as the server builds it on the day of `now`, over the next ten days. */
  const engineOn = (now: Date) => {
    const day = now.toISOString().slice(0, 10);
    const inventory = buildSimulatedInventory(input, day, 10);
    refreshSimulatedSeats(inventory, { seed: SEED, now });
    return new AwardEngine(inventory, programmeCharts(day), metroAirports());
  };
  const asiana = (
    engine: AwardEngine,
    now: Date,
    from: string,
    to: string,
    alliance: AwardQuery['alliance'],
  ) =>
    engine
      .search(
        query({
          origin: 'TPE',
          destination: 'ICN',
          dates: { from, to },
          cabin: 'economy',
          stops: 'direct',
          alliance,
        }),
        { now, limit: Infinity },
      )
      .itineraries.filter((itinerary) => itinerary.airlines.includes('OZ'));

  it('offers Asiana flights through Star Alliance programmes up to the 16th and none after, searched on the 12th', () => {
    const now = new Date('2026-12-12T01:00:00Z');
    const engine = engineOn(now);
    const before = asiana(engine, now, '2026-12-13', '2026-12-16', 'star');
    expect(before.length).toBeGreaterThan(0);
    for (const itinerary of before)
      expect(itinerary.redeemOptions.map((option) => option.programme)).toContain(
        'united-mileageplus',
      );
    // Departure dates are local: an Asiana flight leaving Taipei on the 17th is after the exit.
    expect(asiana(engine, now, '2026-12-17', '2026-12-21', 'star')).toEqual([]);
    expect(asiana(engine, now, '2026-12-17', '2026-12-21', null)).toEqual([]);
  });

  it('offers no Asiana seat through any programme when the clock says 17 December 2026', () => {
    const now = new Date('2026-12-17T01:00:00Z');
    const engine = engineOn(now);
    expect(asiana(engine, now, '2026-12-17', '2026-12-24', 'star')).toEqual([]);
    expect(asiana(engine, now, '2026-12-17', '2026-12-24', null)).toEqual([]);
    // The route is still searched: EVA (Star Alliance) and the other alliances' airlines are there.
    const all = engine.search(
      query({
        origin: 'TPE',
        destination: 'ICN',
        dates: { from: '2026-12-17', to: '2026-12-24' },
        cabin: 'economy',
        stops: 'direct',
      }),
      { now, limit: Infinity },
    ).itineraries;
    expect(all.some((itinerary) => itinerary.airlines.includes('BR'))).toBe(true);
  });
});
