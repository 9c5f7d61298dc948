/* eslint-disable max-lines -- one class over the inventory's arrays and its caches: the search loop, its pricing and the rules it enforces read together, and engine.property.test.ts's brute-force reference restates the rules from here; what could stand apart has (the candidates' buffers in candidates.ts, the ranking in ranking.ts, the description of kept itineraries in itinerary-describer.ts). */
import { priceAward, type AwardChart, type PricedLeg } from './award-pricing.ts';
import { CABIN_COUNT, MAX_LAYOVER_MINUTES, type AwardInventory } from './inventory.ts';
import { ItineraryDescriber, type RedeemPrices } from './itinerary-describer.ts';
import {
  CABINS,
  MAX_SEARCH_DAYS,
  MAX_STOPS,
  SEARCH_ALLIANCES,
  TIME_OF_DAY_HOURS,
  type AwardItinerary,
  type AwardQuery,
  type Cabin,
  type SearchAlliance,
  type SourceId,
} from './search.ts';
import { Candidates } from './candidates.ts';
import { bestOfEachDay, firstByRank } from './ranking.ts';
import { epochDay } from './zone-clock.ts';

/**
 * The itinerary engine (docs/product/award-search.md#how-itineraries-are-built): direct, one-stop
 * and two-stop itineraries from the in-memory inventory, priced by every programme that can book
 * them, with the best flights marked. Pure and synchronous; the server runs it on a worker thread.
 *
 * The rules, which the brute-force reference in engine.property.test.ts restates independently:
 * - the first leg departs from an origin airport on a local date in the range, in an asked time
 *   of day; the last leg arrives at a destination airport; no airport is visited twice and no
 *   connection is at another origin or destination airport;
 * - a connection leaves at least the airport's minimum connection time and at most 24 hours
 *   after the arrival;
 * - a connecting itinerary flies at most DETOUR_LIMIT times the great-circle distance;
 * - each leg has at least the asked seats in the asked cabin or, with mixed cabin allowed, in the
 *   highest lower cabin that has them; at least one leg is in the asked cabin and the share of
 *   distance in it is at least the asked minimum;
 * - every leg is flown by an allowed airline (airline filter, alliance filter, alliances that are
 *   down) and at least one programme prices the whole itinerary.
 */

export const DETOUR_LIMIT = 1.6;
/** Detour pruning compares sums of rounded leg miles with exact great circles: allow for rounding. */
const ROUNDING_SLACK_MILES = 2;
export const DEFAULT_RESULT_LIMIT = 500;
/**
 * Prices depend only on the flights, cabins and charts, so they are kept across searches, up to
 * this many: a two-stop search on a busy pair meets some 20,000 flight combinations, and a cache
 * that emptied in the middle of a round of popular searches priced them all again. Each entry is
 * a number and a shared list (see #interned), some 100 bytes.
 */
const PRICE_CACHE_SIZE = 1_000_000;

/** Alliances as small numbers: 0 for none, then SEARCH_ALLIANCES' order. */
const ALLIANCE_OF_CODE: readonly (SearchAlliance | null)[] = [null, ...SEARCH_ALLIANCES];
const allianceCode = (alliance: SearchAlliance | null): number =>
  alliance === null ? 0 : SEARCH_ALLIANCES.indexOf(alliance) + 1;

export const AWARD_QUERY_ERROR_CODES = [
  'unknown-origin',
  'unknown-destination',
  'same-place',
  'bad-dates',
  'too-many-days',
] as const;
export type AwardQueryErrorCode = (typeof AWARD_QUERY_ERROR_CODES)[number];

/** Whether a value (e.g. a code that crossed a thread or came from another source) is a query error's code. */
export function isAwardQueryErrorCode(value: unknown): value is AwardQueryErrorCode {
  return (
    typeof value === 'string' && (AWARD_QUERY_ERROR_CODES as readonly string[]).includes(value)
  );
}

export class AwardQueryError extends Error {
  constructor(
    readonly code: AwardQueryErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface EngineOptions {
  /** The clock: days out and "today" come from it. */
  now: Date;
  /** At most this many itineraries: the best flights first, then the cheapest others. */
  limit?: number;
  /** Alliances whose sources failed: their airlines are left out (one alliance can be down: docs/product/award-search.md#alliances). */
  excludeAlliances?: readonly SearchAlliance[];
}

export interface EngineResult {
  itineraries: AwardItinerary[];
  /** How many itineraries matched before the limit. */
  found: number;
}

export interface ProgrammeChart {
  chart: AwardChart;
  /** The alliance of the programme's own airline. */
  alliance: SearchAlliance | null;
}

export class AwardEngine {
  private readonly airlineChartMask: Uint32Array;
  private readonly chartAllianceMask = new Map<SearchAlliance, number>();
  private readonly metros: Map<string, readonly string[]>;
  /**
   * Prices, looked up for every candidate: by (asked cabin, cabins flown, the legs' alliances when
   * one changes on a date), then by the first flight, then by the other two in one small integer
   * (fast keys: string keys built for every candidate were once most of a two-stop search's time).
   */
  private readonly prices = new Map<number, (Map<number, RedeemPrices> | undefined)[]>();
  #priced = 0;
  /** #chartMask's answers by airline and alliance (none, then SEARCH_ALLIANCES' order); −1: not yet worked out. */
  readonly #chartMasks: Float64Array;
  /**
   * The alliance code of each airline whose membership changes within the inventory's dates, by
   * local date from #datedFrom (null for the others, whose alliance holds throughout).
   */
  readonly #datedAlliances: (Int8Array | null)[];
  readonly #datedFrom: number;
  /** Each airline's alliance where it holds throughout the inventory's dates. */
  readonly #alliance: (SearchAlliance | null)[];
  /** The fewest miles a flight of each route flies: what the search's detour pruning may assume. */
  readonly #routeMiles: Float64Array;
  /**
   * The candidates of the search under way, kept between searches: a busy search fills megabytes,
   * and fresh arrays each time cost the pages' first touch (thousands of page faults) again.
   */
  readonly #found = new Candidates();
  /** Where each route's flight-days were last looked at, valid for the search whose mark it carries. */
  readonly #cursors: { at: Uint32Array; mark: Uint32Array };
  #searchMark = 0;
  /** What the kept itineraries look like to a search's reader (legs, fare, options), with its caches. */
  readonly #describer: ItineraryDescriber;

  constructor(
    readonly inventory: AwardInventory,
    private readonly charts: readonly ProgrammeChart[],
    metros: ReadonlyMap<string, readonly string[]>,
    source: { id: SourceId; simulated: boolean } = { id: 'simulated', simulated: true },
  ) {
    if (charts.length > 32) throw new Error('at most 32 charts fit the programme mask');
    this.#describer = new ItineraryDescriber(inventory, source);
    this.#chartMasks = new Float64Array(
      inventory.airlineCodes.length * (SEARCH_ALLIANCES.length + 1),
    ).fill(-1);
    this.metros = new Map(metros);
    // Local dates run from the day before the first UTC day to the day after the last.
    this.#datedFrom = inventory.firstDay - 1;
    this.#datedAlliances = inventory.airlineMemberships.map((dated, airline) => {
      if (!dated) return null;
      const table = Int8Array.from({ length: inventory.days + 2 }, (_, index) =>
        allianceCode(inventory.allianceOn(airline, this.#datedFrom + index)),
      );
      return table.every((code) => code === table[0]) ? null : table;
    });
    // An airline whose membership does not change within those dates is in one alliance throughout.
    this.#alliance = inventory.airlineAlliance.map((alliance, airline) =>
      this.#datedAlliances[airline] ? alliance : inventory.allianceOn(airline, inventory.firstDay),
    );
    this.#cursors = {
      at: new Uint32Array(inventory.routeTo.length),
      mark: new Uint32Array(inventory.routeTo.length),
    };
    this.#routeMiles = new Float64Array(inventory.routeTo.length).fill(Infinity);
    inventory.flightNumbers.forEach((_, flight) => {
      const route = inventory.route(
        inventory.flightFrom[flight] as number,
        inventory.flightTo[flight] as number,
      );
      if (route >= 0)
        this.#routeMiles[route] = Math.min(
          this.#routeMiles[route] as number,
          inventory.flightMiles[flight] as number,
        );
    });
    // An airline whose membership changes on a date may be booked under any of its memberships;
    // which one holds is settled per flight-day when an itinerary is kept (`#datedCode`).
    this.airlineChartMask = Uint32Array.from(inventory.airlineCodes, (_, airline) =>
      this.#possibleAlliances(airline).reduce(
        (mask, alliance) => mask | this.#chartMask(airline, alliance),
        0,
      ),
    );
    charts.forEach(({ alliance }, index) => {
      if (alliance)
        this.chartAllianceMask.set(
          alliance,
          (this.chartAllianceMask.get(alliance) ?? 0) | (1 << index),
        );
    });
  }

  /** The charts that can book an airline's flights, a bit per chart. */
  chartMaskOf(airline: number): number {
    return this.airlineChartMask[airline] as number;
  }

  /** Airport ids of a code: a metro's airports, or the airport itself. */
  airportsOf(code: string): number[] {
    const codes = this.metros.get(code) ?? [code];
    return codes
      .map((item) => this.inventory.airportIndex.get(item))
      .filter((index): index is number => index !== undefined);
  }

  /** Which airlines a query lets legs be flown by (on some day, for an airline whose membership changes). */
  allowedAirlines(query: AwardQuery, excluded: readonly SearchAlliance[]): Uint8Array {
    return Uint8Array.from(this.inventory.airlineCodes, (_, airline) =>
      this.#possibleAlliances(airline).some((alliance) =>
        this.#admits(query, excluded, airline, alliance),
      )
        ? 1
        : 0,
    );
  }

  /** The charts that book an airline's flights while it is in `alliance` (or in none); worked out once per pair, as itineraries ask per leg. */
  #chartMask(airline: number, alliance: SearchAlliance | null): number {
    const slot =
      airline * (SEARCH_ALLIANCES.length + 1) +
      (alliance === null ? 0 : SEARCH_ALLIANCES.indexOf(alliance) + 1);
    let mask = this.#chartMasks[slot] as number;
    if (mask < 0) {
      const code = this.inventory.airlineCodes[airline] as string;
      mask = this.charts.reduce(
        (bits, { chart }, index) =>
          chart.bookable.airlines.includes(code) ||
          (alliance !== null && chart.bookable.alliances.includes(alliance))
            ? bits | (1 << index)
            : bits,
        0,
      );
      // Bit 31 makes a negative int; kept as its unsigned value so −1 stays "not yet".
      mask = mask >>> 0;
      this.#chartMasks[slot] = mask;
    }
    return mask;
  }

  /** Every alliance an airline is in over the inventory's dates; null stands for none. */
  #possibleAlliances(airline: number): (SearchAlliance | null)[] {
    const dated = this.inventory.airlineMemberships[airline];
    if (!dated || !this.#datedAlliances[airline]) return [this.#alliance[airline] ?? null];
    return [...dated.map((membership) => membership.alliance), null];
  }

  /** Whether the query lets an airline fly a leg while it is in `alliance`. */
  #admits(
    query: AwardQuery,
    excluded: readonly SearchAlliance[],
    airline: number,
    alliance: SearchAlliance | null,
  ): boolean {
    const mask = this.#chartMask(airline, alliance);
    if (mask === 0) return false;
    if (
      query.airlines.length > 0 &&
      !query.airlines.includes(this.inventory.airlineCodes[airline] as string)
    )
      return false;
    if (alliance !== null && excluded.includes(alliance)) return false;
    const allianceCharts = query.alliance ? (this.chartAllianceMask.get(query.alliance) ?? 0) : 0;
    return (
      !query.alliance ||
      alliance === query.alliance ||
      (alliance === null && (mask & allianceCharts) !== 0)
    );
  }

  /** An airline's alliance on a local date, as a code: 0 none, then SEARCH_ALLIANCES' order from 1. */
  #allianceCodeOn(airline: number, date: number): number {
    const table = this.#datedAlliances[airline];
    if (!table) return allianceCode(this.#alliance[airline] ?? null);
    return table[date - this.#datedFrom] ?? allianceCode(this.inventory.allianceOn(airline, date));
  }

  /**
   * The legs' alliances on their local departure dates as one code (64 + each leg's alliance code
   * × 4^leg, as the price cache's slots count them), or −1 when the itinerary cannot be flown as
   * asked on those dates (an airline that left the asked alliance, or legs no one programme books
   * any more). Asked only of itineraries with an airline whose membership changes on a date
   * (finish checks that as it reads the legs); `admitted` keeps #admits' answers for the search.
   */
  #datedCode(
    query: AwardQuery,
    excluded: readonly SearchAlliance[],
    admitted: Int8Array,
    days: Int32Array,
    at: number,
    legs: number,
  ): number {
    const { dayFlight, dayDate, flightAirline } = this.inventory;
    let mask = 0xffffffff;
    let code = 64;
    for (let leg = 0, weight = 1; leg < legs; leg += 1, weight *= 4) {
      const day = days[at + leg] as number;
      const airline = flightAirline[dayFlight[day] as number] as number;
      const alliance = this.#allianceCodeOn(airline, dayDate[day] as number);
      const slot = airline * 4 + alliance;
      let admits = admitted[slot] as number;
      if (admits < 0) {
        admits = this.#admits(query, excluded, airline, ALLIANCE_OF_CODE[alliance] ?? null) ? 1 : 0;
        admitted[slot] = admits;
      }
      mask &= admits === 1 ? this.#chartMask(airline, ALLIANCE_OF_CODE[alliance] ?? null) : 0;
      code += alliance * weight;
    }
    return mask === 0 ? -1 : code;
  }

  search(query: AwardQuery, options: EngineOptions): EngineResult {
    const origins = this.airportsOf(query.origin);
    const destinations = this.airportsOf(query.destination);
    if (origins.length === 0)
      throw new AwardQueryError('unknown-origin', `unknown origin ${query.origin}`);
    if (destinations.length === 0)
      throw new AwardQueryError('unknown-destination', `unknown destination ${query.destination}`);
    if (origins.some((airport) => destinations.includes(airport)))
      throw new AwardQueryError('same-place', 'origin and destination overlap');
    const firstDay = epochDay(query.dates.from);
    const lastDay = epochDay(query.dates.to);
    if (!Number.isFinite(firstDay) || !Number.isFinite(lastDay) || lastDay < firstDay)
      throw new AwardQueryError('bad-dates', 'the date range is not valid');
    if (lastDay - firstDay + 1 > MAX_SEARCH_DAYS)
      throw new AwardQueryError('too-many-days', `at most ${MAX_SEARCH_DAYS} days`);

    const candidates = this.findCandidates(
      query,
      origins,
      destinations,
      firstDay,
      lastDay,
      options.excludeAlliances ?? [],
    );
    return this.finish(query, candidates, options);
  }

  private findCandidates(
    query: AwardQuery,
    origins: number[],
    destinations: number[],
    firstDay: number,
    lastDay: number,
    excluded: readonly SearchAlliance[],
  ): Candidates {
    const inventory = this.inventory;
    const {
      seats,
      dayFlight,
      dayDeparture,
      flightAirline,
      flightBlock,
      flightDepartureMinutes,
      routeStart,
      routeTo,
      connectionMinutes,
    } = inventory;
    const airportCount = inventory.airportCodes.length;
    const maxStops = MAX_STOPS[query.stops];
    const asked = CABINS.indexOf(query.cabin);
    const wanted = query.seats;
    const mixed = query.mixedCabin.allowed;
    const allowed = this.allowedAirlines(query, excluded);
    const chartMask = this.airlineChartMask;
    const slots = query.timesOfDay.map((slot) => TIME_OF_DAY_HOURS[slot]);

    const isOrigin = new Uint8Array(airportCount);
    const isDestination = new Uint8Array(airportCount);
    for (const airport of origins) isOrigin[airport] = 1;
    for (const airport of destinations) isDestination[airport] = 1;
    // Reverse reachability: reach1 flies to a destination; reach2 flies to a reach1 airport.
    const reach1 = new Uint8Array(airportCount);
    const reach2 = new Uint8Array(airportCount);
    const markPredecessors = (targets: Iterable<number>, marks: Uint8Array) => {
      for (const target of targets) {
        for (
          let index = inventory.predecessorStart[target] as number;
          index < (inventory.predecessorStart[target + 1] as number);
          index += 1
        )
          marks[inventory.predecessors[index] as number] = 1;
      }
    };
    markPredecessors(destinations, reach1);
    if (maxStops >= 2) {
      const ones: number[] = [];
      reach1.forEach((mark, airport) => {
        if (mark) ones.push(airport);
      });
      markPredecessors(ones, reach2);
    }

    // Great-circle miles from each airport to each destination, worked out once per search (the
    // loops below ask for the same airports again and again), read in place by index.
    const destinationCount = destinations.length;
    const remainingMiles = new Float64Array(airportCount * destinationCount);
    const measured = new Uint8Array(airportCount);
    const measure = (airport: number): number => {
      const at = airport * destinationCount;
      if (measured[airport] === 0) {
        measured[airport] = 1;
        for (let index = 0; index < destinationCount; index += 1)
          remainingMiles[at + index] = inventory.greatCircleMiles(
            airport,
            destinations[index] as number,
          );
      }
      return at;
    };

    /** The cabin index a leg is flown in, or −1 when it cannot be. */
    const legCabin = (day: number): number => {
      if ((seats[day * CABIN_COUNT + asked] as number) >= wanted) return asked;
      if (!mixed) return -1;
      for (let lower = asked - 1; lower >= 0; lower -= 1)
        if ((seats[day * CABIN_COUNT + lower] as number) >= wanted) return lower;
      return -1;
    };
    const inSlot = (flight: number) => {
      if (slots.length === 0) return true;
      const hour = (flightDepartureMinutes[flight] as number) / 60;
      return slots.some(([from, to]) => hour >= from && hour < to);
    };

    /**
     * The first flight-day of `route` departing at or after `minute`, walked from where the last
     * look on that route stopped: the loops ask for later and later times, a few flights apart.
     */
    const cursors = this.#cursors;
    const searchMark = (this.#searchMark = (this.#searchMark + 1) >>> 0);
    const seek = (route: number, minute: number): number => {
      let at: number;
      if (cursors.mark[route] !== searchMark) {
        at = inventory.lowerBound(route, minute);
        cursors.mark[route] = searchMark;
      } else {
        const start = routeStart[route] as number;
        const end = routeStart[route + 1] as number;
        at = cursors.at[route] as number;
        while (at > start && (dayDeparture[at - 1] as number) >= minute) at -= 1;
        while (at < end && (dayDeparture[at] as number) < minute) at += 1;
      }
      cursors.at[route] = at;
      return at;
    };

    const found = this.#found;
    found.count = 0;
    const routeMiles = this.#routeMiles;
    for (const origin of origins) {
      const timeZone = inventory.airportTz[origin] as string;
      const windowStart = inventory.clock.instantOf(firstDay, 0, timeZone) / 60_000;
      const windowEnd = inventory.clock.instantOf(lastDay + 1, 0, timeZone) / 60_000;
      const fromOrigin = measure(origin);
      const limits = new Float64Array(destinationCount);
      for (let index = 0; index < destinationCount; index += 1)
        limits[index] =
          (remainingMiles[fromOrigin + index] as number) * DETOUR_LIMIT + ROUNDING_SLACK_MILES;
      /** Whether some destination can still be reached within the detour limit after `flown` miles at `airport`. */
      const withinDetour = (flown: number, airport: number) => {
        const at = measure(airport);
        for (let index = 0; index < destinationCount; index += 1)
          if (flown + (remainingMiles[at + index] as number) <= (limits[index] as number))
            return true;
        return false;
      };

      for (
        let route = inventory.fromStart[origin] as number;
        route < (inventory.fromStart[origin + 1] as number);
        route += 1
      ) {
        const first = routeTo[route] as number;
        const direct = isDestination[first] === 1;
        const connecting =
          !direct &&
          isOrigin[first] === 0 &&
          maxStops >= 1 &&
          (reach1[first] === 1 || (maxStops >= 2 && reach2[first] === 1));
        if (!direct && !connecting) continue;
        const miles1 = routeMiles[route] as number;
        if (connecting && !withinDetour(miles1, first)) continue;
        // The second legs (and their third) that can follow this route, whatever the day: worked
        // out once per route rather than for each of its flight-days.
        const seconds: number[] = [];
        const thirds: number[][] = [];
        if (connecting) {
          for (
            let route2 = inventory.fromStart[first] as number;
            route2 < (inventory.fromStart[first + 1] as number);
            route2 += 1
          ) {
            const second = routeTo[route2] as number;
            if (isDestination[second] === 1) {
              seconds.push(route2);
              thirds.push([]);
              continue;
            }
            if (maxStops < 2 || isOrigin[second] === 1 || reach1[second] === 0) continue;
            if (!withinDetour(miles1 + (routeMiles[route2] as number), second)) continue;
            const onward: number[] = [];
            for (const destination of destinations) {
              const route3 = inventory.route(second, destination);
              if (route3 >= 0) onward.push(route3);
            }
            if (onward.length === 0) continue;
            seconds.push(route2);
            thirds.push(onward);
          }
          if (seconds.length === 0) continue;
        }

        for (
          let day1 = inventory.lowerBound(route, windowStart);
          day1 < (routeStart[route + 1] as number) && (dayDeparture[day1] as number) < windowEnd;
          day1 += 1
        ) {
          const flight1 = dayFlight[day1] as number;
          const airline1 = flightAirline[flight1] as number;
          if (allowed[airline1] === 0 || !inSlot(flight1)) continue;
          const cabin1 = legCabin(day1);
          if (cabin1 < 0) continue;
          if (direct) {
            found.add(1, day1, cabin1);
            continue;
          }
          const mask1 = chartMask[airline1] as number;
          const arrival1 = (dayDeparture[day1] as number) + (flightBlock[flight1] as number);
          const earliest1 = arrival1 + (connectionMinutes[first] as number);
          const latest1 = arrival1 + MAX_LAYOVER_MINUTES;

          for (let next = 0; next < seconds.length; next += 1) {
            const route2 = seconds[next] as number;
            const onward = thirds[next] as number[];
            const second = routeTo[route2] as number;
            for (
              let day2 = seek(route2, earliest1);
              day2 < (routeStart[route2 + 1] as number) &&
              (dayDeparture[day2] as number) <= latest1;
              day2 += 1
            ) {
              const flight2 = dayFlight[day2] as number;
              const airline2 = flightAirline[flight2] as number;
              if (allowed[airline2] === 0) continue;
              const mask2 = mask1 & (chartMask[airline2] as number);
              if (mask2 === 0) continue;
              const cabin2 = legCabin(day2);
              if (cabin2 < 0) continue;
              if (onward.length === 0) {
                found.add(2, day1, cabin1, day2, cabin2);
                continue;
              }
              const arrival2 = (dayDeparture[day2] as number) + (flightBlock[flight2] as number);
              const earliest2 = arrival2 + (connectionMinutes[second] as number);
              const latest2 = arrival2 + MAX_LAYOVER_MINUTES;
              for (const route3 of onward) {
                for (
                  let day3 = seek(route3, earliest2);
                  day3 < (routeStart[route3 + 1] as number) &&
                  (dayDeparture[day3] as number) <= latest2;
                  day3 += 1
                ) {
                  const airline3 = flightAirline[dayFlight[day3] as number] as number;
                  if (allowed[airline3] === 0 || (mask2 & (chartMask[airline3] as number)) === 0)
                    continue;
                  const cabin3 = legCabin(day3);
                  if (cabin3 < 0) continue;
                  found.add(3, day1, cabin1, day2, cabin2, day3, cabin3);
                }
              }
            }
          }
        }
      }
    }
    return found;
  }

  /** Applies the whole-itinerary rules, prices, marks the best flights and builds what callers read. */
  private finish(query: AwardQuery, candidates: Candidates, options: EngineOptions): EngineResult {
    const inventory = this.inventory;
    const asked = CABINS.indexOf(query.cabin);
    const minimumShare = query.mixedCabin.allowed ? query.mixedCabin.minPercent : 100;
    // A full cache starts again rather than tracking recency: popular routes refill it at once.
    if (this.#priced > PRICE_CACHE_SIZE) {
      this.prices.clear();
      this.#lists.clear();
      this.#describer.forgetPrices();
      this.#priced = 0;
    }
    const { dayFlight, flightMiles, flightNumbers } = inventory;
    const excluded = options.excludeAlliances ?? [];
    const base = inventory.flightNumbers.length + 1;
    const greatCircles = new Map<number, number>();
    let lastPair = -1;
    let lastLimit = 0;
    let lastSlot = -1;
    let lastFirst = -1;
    let byRest = new Map<number, RedeemPrices>();
    const flightCount = inventory.flightNumbers.length;
    const admitted = new Int8Array(inventory.airlineCodes.length * 4).fill(-1);

    // What passes, as parallel lists (an object for each of a hundred thousand cost more than the
    // rest of the work on it): the candidate's index, its prices, duration, share in the asked
    // cabin, first local date, fewest miles and stops.
    const kept = {
      candidate: [] as number[],
      prices: [] as RedeemPrices[],
      duration: [] as number[],
      share: [] as number[],
      day: [] as number[],
      miles: [] as number[],
      stops: [] as number[],
    };
    const { days, cabins } = candidates;
    const { flightAirline } = inventory;
    const datedAlliances = this.#datedAlliances;
    for (let candidate = 0; candidate < candidates.count; candidate += 1) {
      const at = candidate * 3;
      const legs = candidates.legs[candidate] as number;
      const firstFlight = dayFlight[days[at] as number] as number;
      const lastFlight = dayFlight[days[at + legs - 1] as number] as number;
      let total = 0;
      let inAsked = 0;
      let numbered = query.flightNumber === null;
      // The flights after the first as one number (each id + 1, 0 for no leg), the cabins flown as another.
      let restKey = 0;
      let cabinsKey = 0;
      let dated = false;
      for (let leg = legs - 1; leg >= 0; leg -= 1) {
        const flight = dayFlight[days[at + leg] as number] as number;
        const miles = flightMiles[flight] as number;
        total += miles;
        if (cabins[at + leg] === asked) inAsked += miles;
        if (!numbered && flightNumbers[flight] === query.flightNumber) numbered = true;
        if (leg > 0) restKey = restKey * base + flight + 1;
        cabinsKey = cabinsKey * 4 + (cabins[at + leg] as number);
        if (datedAlliances[flightAirline[flight] as number]) dated = true;
      }
      if (!numbered || inAsked === 0) continue;
      const share = Math.round((100 * inAsked) / total);
      if (share < minimumShare) continue;
      if (legs > 1) {
        // From one of the few origins to one of the few destinations: measured once each.
        const pair =
          (inventory.flightFrom[firstFlight] as number) * 65_536 +
          (inventory.flightTo[lastFlight] as number);
        if (pair !== lastPair) {
          let direct = greatCircles.get(pair);
          if (direct === undefined) {
            direct = inventory.greatCircleMiles(Math.floor(pair / 65_536), pair % 65_536);
            greatCircles.set(pair, direct);
          }
          lastPair = pair;
          lastLimit = DETOUR_LIMIT * direct;
        }
        if (total > lastLimit) continue;
      }
      // Most itineraries fly no airline whose membership changes on a date.
      const datedCode = dated ? this.#datedCode(query, excluded, admitted, days, at, legs) : 0;
      if (datedCode < 0) continue;
      const slot = (asked * 64 + cabinsKey) * 128 + datedCode;
      // Candidates come a first flight-day at a time: the last one's prices are most often the next's.
      if (slot !== lastSlot || firstFlight !== lastFirst) {
        let byFirst = this.prices.get(slot);
        if (!byFirst) {
          byFirst = new Array<Map<number, RedeemPrices> | undefined>(flightCount);
          this.prices.set(slot, byFirst);
        }
        byRest = byFirst[firstFlight] ??= new Map<number, RedeemPrices>();
        lastSlot = slot;
        lastFirst = firstFlight;
      }
      let priced = byRest.get(restKey);
      if (!priced) {
        const fresh = candidates.of(candidate);
        priced = this.price(
          fresh.days.map((day) => dayFlight[day] as number),
          fresh.cabins,
          query.cabin,
          dated
            ? fresh.days.map(
                (_, leg) => ALLIANCE_OF_CODE[Math.floor((datedCode - 64) / 4 ** leg) % 4] ?? null,
              )
            : undefined,
        );
        byRest.set(restKey, priced);
        this.#priced += 1;
      }
      if (priced.length === 0) continue;
      const lastDay = days[at + legs - 1] as number;
      const duration =
        (inventory.dayDeparture[lastDay] as number) +
        (inventory.flightBlock[lastFlight] as number) -
        (inventory.dayDeparture[days[at] as number] as number);
      kept.candidate.push(candidate);
      kept.prices.push(priced);
      kept.duration.push(duration);
      kept.share.push(share);
      kept.day.push(inventory.dayDate[days[at] as number] as number);
      kept.miles.push(priced[0]?.miles ?? 0);
      kept.stops.push(legs - 1);
    }
    const keptCount = kept.candidate.length;

    // Best flights: the front of (fewest miles, shortest, fewest stops) per local departure day.
    const best = bestOfEachDay(kept);

    const limit = options.limit ?? DEFAULT_RESULT_LIMIT;
    const departure = (index: number) =>
      inventory.dayDeparture[days[(kept.candidate[index] as number) * 3] as number] as number;
    const byDeparture = (a: number, b: number) =>
      departure(a) - departure(b) ||
      candidates.compare(kept.candidate[a] as number, kept.candidate[b] as number);
    const order = firstByRank(keptCount, limit, {
      // Best flights first, then fewest miles, then shortest: packed in one number to sort fast.
      rank: (index) =>
        (1 - (best[index] as number)) * 2 ** 44 +
        (kept.miles[index] as number) * 2 ** 20 +
        Math.min(kept.duration[index] as number, 2 ** 20 - 1),
      tie: byDeparture,
    }).sort(byDeparture);

    const today = Math.floor(options.now.getTime() / 86_400_000);
    const itineraries = order.map((index) =>
      this.#describer.describe(
        query,
        candidates.of(kept.candidate[index] as number),
        kept.prices[index] as RedeemPrices,
        kept.duration[index] as number,
        kept.share[index] as number,
        best[index] === 1,
        today,
      ),
    );
    return { itineraries, found: keptCount };
  }

  /** Every programme's price for the flights, cheapest first (ties by programme id); `alliances` are the legs' on their dates when one changes. */
  private price(
    flights: number[],
    cabins: number[],
    cabin: Cabin,
    alliances?: readonly (SearchAlliance | null)[],
  ): RedeemPrices {
    const inventory = this.inventory;
    const mask = flights.reduce((value, flight, index) => {
      const airline = inventory.flightAirline[flight] as number;
      return (
        value &
        (alliances
          ? this.#chartMask(airline, alliances[index] ?? null)
          : (this.airlineChartMask[airline] as number))
      );
    }, 0xffffffff);
    if (mask === 0) return [];
    const legs: PricedLeg[] = flights.map((flight, index) => {
      const airline = inventory.flightAirline[flight] as number;
      const from = inventory.flightFrom[flight] as number;
      const to = inventory.flightTo[flight] as number;
      return {
        airline: inventory.airlineCodes[airline] as string,
        alliance: alliances ? (alliances[index] ?? null) : (this.#alliance[airline] ?? null),
        from: {
          airport: inventory.airportCodes[from] as string,
          country: inventory.airportCountry[from] as string,
        },
        to: {
          airport: inventory.airportCodes[to] as string,
          country: inventory.airportCountry[to] as string,
        },
        miles: inventory.flightMiles[flight] as number,
        cabin: CABINS[cabins[index] as number] as Cabin,
      };
    });
    const result: RedeemPrices = [];
    this.charts.forEach(({ chart }, index) => {
      if (((mask >>> index) & 1) === 0) return;
      const priced = priceAward(chart, legs, cabin);
      if (priced)
        result.push({
          programme: priced.programme,
          miles: priced.miles,
          feesUsd: priced.feesUsd,
          halfOfRoundTrip: priced.halfOfRoundTrip,
          estimate: priced.estimate,
        });
    });
    result.sort((a, b) => a.miles - b.miles || a.programme.localeCompare(b.programme));
    return this.#interned(result);
  }

  readonly #lists = new Map<string, RedeemPrices>();
  /**
   * One shared copy of each distinct price list: charts price by region and distance band, so
   * hundreds of thousands of flight combinations come to a few thousand lists, and the cache
   * holds a pointer per combination rather than a list of its own.
   */
  #interned(prices: RedeemPrices): RedeemPrices {
    const key = prices
      .map(
        (price) =>
          `${price.programme}:${price.miles}:${price.feesUsd}:${price.halfOfRoundTrip ? 1 : 0}${price.estimate ? 1 : 0}`,
      )
      .join('|');
    const known = this.#lists.get(key);
    if (known) return known;
    // Past the cache's size the lists start again with it (finish clears both).
    this.#lists.set(key, prices);
    return prices;
  }
}
