import type { SearchAlliance } from './search.ts';
import type { Cabin, ScheduledFlight } from './simulated-schedule.ts';
import { greatCircleMiles } from './geo.ts';
import { ZoneClock, epochDay } from './zone-clock.ts';

/**
 * The award inventory in memory (docs/decisions/004-award-engine-in-memory.md): airports, airlines and
 * flights as small integer ids, flight-days as struct-of-arrays typed arrays (18 bytes each), and
 * the indexes the engine walks. Flight-days are stored grouped by route (origin → destination) and
 * sorted by departure within a route, so a route's departures in a time window are one slice
 * found by two binary searches.
 */

export interface InventoryAirport {
  code: string;
  /** IANA time zone. */
  tz: string;
  lat: number;
  lon: number;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface InventoryAirline {
  code: string;
  /** The alliance on the inventory's first date; the sources are asked per alliance by it. */
  alliance: SearchAlliance | null;
  /** Only for an airline whose alliance changes on a known date: every membership, `until` inclusive (core/dated.ts). */
  memberships?: readonly { alliance: SearchAlliance; since: string | null; until: string | null }[];
}

export interface InventoryInput {
  airports: readonly InventoryAirport[];
  airlines: readonly InventoryAirline[];
  flights: readonly ScheduledFlight[];
  /** First local departure date held, YYYY-MM-DD (today where the inventory is built). */
  firstDate: string;
  /** How many local dates from firstDate. */
  days: number;
}

export const CABIN_COUNT = 4;
const CABIN_BIT: Record<Cabin, number> = { economy: 1, premium: 2, business: 4, first: 8 };

/** Minimum connection time by airport: the big hubs with long walks or terminal changes take 90 minutes. */
const LONG_CONNECTION_AIRPORTS = new Set([
  'LHR',
  'CDG',
  'FRA',
  'JFK',
  'EWR',
  'LAX',
  'ORD',
  'IAD',
  'SFO',
  'NRT',
  'HND',
  'ICN',
  'PEK',
  'PVG',
  'IST',
  'DOH',
  'DXB',
  'SYD',
  'YYZ',
  'MUC',
  'AMS',
  'MAD',
  'DFW',
  'ATL',
  'SIN',
  'BKK',
  'HKG',
]);
export const DEFAULT_CONNECTION_MINUTES = 60;
export const LONG_CONNECTION_MINUTES = 90;
export const MAX_LAYOVER_MINUTES = 24 * 60;

export function minimumConnectionMinutes(airport: string): number {
  return LONG_CONNECTION_AIRPORTS.has(airport)
    ? LONG_CONNECTION_MINUTES
    : DEFAULT_CONNECTION_MINUTES;
}

export class AwardInventory {
  readonly clock = new ZoneClock();
  // Airports
  readonly airportCodes: string[];
  readonly airportIndex = new Map<string, number>();
  readonly airportTz: string[];
  readonly airportCountry: string[];
  readonly airportLat: Float64Array;
  readonly airportLon: Float64Array;
  readonly connectionMinutes: Uint16Array;
  // Airlines
  readonly airlineCodes: string[];
  readonly airlineIndex = new Map<string, number>();
  readonly airlineAlliance: (SearchAlliance | null)[];
  /** Per airline, its dated memberships in epoch days (both ends included), or null when it has none. */
  readonly airlineMemberships: (
    { alliance: SearchAlliance; since: number; until: number }[] | null
  )[];
  // Flights (timetable entries)
  readonly flightNumbers: string[];
  readonly flightAirline: Uint16Array;
  readonly flightFrom: Uint16Array;
  readonly flightTo: Uint16Array;
  readonly flightMiles: Uint16Array;
  readonly flightBlock: Uint16Array;
  /** Local departure, minutes after midnight. */
  readonly flightDepartureMinutes: Uint16Array;
  /** Bit per cabin fitted (economy 1, premium 2, business 4, first 8). */
  readonly flightCabins: Uint8Array;
  // Flight-days
  readonly flightDays: number;
  readonly dayFlight: Uint32Array;
  /** Departure, minutes since the epoch (UTC). */
  readonly dayDeparture: Uint32Array;
  /** Local departure date at the origin, days since the epoch. */
  readonly dayDate: Uint32Array;
  /** Award seats per flight-day and cabin (index × 4 + cabin), 0–9. */
  readonly seats: Uint8Array;
  /** When a source last saw each flight-day's seats, minutes since the epoch (0 = never). */
  readonly fetchedAt: Uint32Array;
  // Routes: flight-days of route r are [routeStart[r], routeStart[r + 1]).
  readonly routeFrom: Uint16Array;
  readonly routeTo: Uint16Array;
  readonly routeStart: Uint32Array;
  readonly routeIndex = new Map<number, number>();
  /** Routes out of airport a are routesFrom[fromStart[a] .. fromStart[a + 1]). */
  readonly fromStart: Uint32Array;
  readonly routesFrom: Uint32Array;
  /** Airports with a route to airport a are predecessors[predecessorStart[a] .. predecessorStart[a + 1]). */
  readonly predecessorStart: Uint32Array;
  readonly predecessors: Uint16Array;
  readonly firstDay: number;
  readonly days: number;

  constructor(input: InventoryInput) {
    this.airportCodes = input.airports.map((airport) => airport.code);
    this.airportCodes.forEach((code, index) => this.airportIndex.set(code, index));
    this.airportTz = input.airports.map((airport) => airport.tz);
    this.airportCountry = input.airports.map((airport) => airport.country);
    this.airportLat = Float64Array.from(input.airports, (airport) => airport.lat);
    this.airportLon = Float64Array.from(input.airports, (airport) => airport.lon);
    this.connectionMinutes = Uint16Array.from(input.airports, (airport) =>
      minimumConnectionMinutes(airport.code),
    );
    this.airlineCodes = input.airlines.map((airline) => airline.code);
    this.airlineCodes.forEach((code, index) => this.airlineIndex.set(code, index));
    this.airlineAlliance = input.airlines.map((airline) => airline.alliance);
    this.airlineMemberships = input.airlines.map(
      (airline) =>
        airline.memberships?.map((membership) => ({
          alliance: membership.alliance,
          since: membership.since ? epochDay(membership.since) : -Infinity,
          until: membership.until ? epochDay(membership.until) : Infinity,
        })) ?? null,
    );

    const flights = input.flights.filter(
      (flight) =>
        this.airportIndex.has(flight.from) &&
        this.airportIndex.has(flight.to) &&
        this.airlineIndex.has(flight.airline),
    );
    const count = flights.length;
    this.flightNumbers = flights.map((flight) => flight.flightNumber);
    this.flightAirline = Uint16Array.from(
      flights,
      (flight) => this.airlineIndex.get(flight.airline) as number,
    );
    this.flightFrom = Uint16Array.from(
      flights,
      (flight) => this.airportIndex.get(flight.from) as number,
    );
    this.flightTo = Uint16Array.from(
      flights,
      (flight) => this.airportIndex.get(flight.to) as number,
    );
    this.flightMiles = Uint16Array.from(flights, (flight) => flight.miles);
    this.flightBlock = Uint16Array.from(flights, (flight) => flight.blockMinutes);
    this.flightDepartureMinutes = Uint16Array.from(flights, (flight) => flight.departureMinutes);
    this.flightCabins = Uint8Array.from(flights, (flight) =>
      flight.cabins.reduce((mask, cabin) => mask | CABIN_BIT[cabin], 0),
    );
    const daysOfWeek = Uint8Array.from(flights, (flight) => flight.daysOfWeek);

    // Routes, in (origin, destination) order, each with its flights by local departure time.
    const byRoute = new Map<number, number[]>();
    for (let flight = 0; flight < count; flight += 1) {
      const key = (this.flightFrom[flight] as number) * 65_536 + (this.flightTo[flight] as number);
      const list = byRoute.get(key);
      if (list) list.push(flight);
      else byRoute.set(key, [flight]);
    }
    const routeKeys = [...byRoute.keys()].sort((a, b) => a - b);
    const routeCount = routeKeys.length;
    this.routeFrom = new Uint16Array(routeCount);
    this.routeTo = new Uint16Array(routeCount);
    this.routeStart = new Uint32Array(routeCount + 1);

    this.firstDay = epochDay(input.firstDate);
    this.days = input.days;
    // Count first so the flight-day arrays are allocated once.
    let total = 0;
    const weekdayOfDay = (day: number) => (day + 4) % 7; // 1970-01-01 was a Thursday.
    for (const flightsOfRoute of byRoute.values()) {
      for (const flight of flightsOfRoute) {
        for (let day = 0; day < this.days; day += 1)
          if (((daysOfWeek[flight] as number) >> weekdayOfDay(this.firstDay + day)) & 1) total += 1;
      }
    }
    this.flightDays = total;
    this.dayFlight = new Uint32Array(total);
    this.dayDeparture = new Uint32Array(total);
    this.dayDate = new Uint32Array(total);
    this.seats = new Uint8Array(total * CABIN_COUNT);
    this.fetchedAt = new Uint32Array(total);

    let next = 0;
    routeKeys.forEach((key, route) => {
      this.routeIndex.set(key, route);
      this.routeFrom[route] = Math.floor(key / 65_536);
      this.routeTo[route] = key % 65_536;
      this.routeStart[route] = next;
      const timeZone = this.airportTz[this.routeFrom[route] as number] as string;
      const flightsOfRoute = (byRoute.get(key) as number[]).sort(
        (a, b) =>
          (this.flightDepartureMinutes[a] as number) - (this.flightDepartureMinutes[b] as number) ||
          a - b,
      );
      const start = next;
      for (let day = 0; day < this.days; day += 1) {
        const date = this.firstDay + day;
        const weekday = weekdayOfDay(date);
        for (const flight of flightsOfRoute) {
          if ((((daysOfWeek[flight] as number) >> weekday) & 1) === 0) continue;
          this.dayFlight[next] = flight;
          this.dayDeparture[next] =
            this.clock.instantOf(date, this.flightDepartureMinutes[flight] as number, timeZone) /
            60_000;
          this.dayDate[next] = date;
          next += 1;
        }
      }
      // A fall-back night can put a later local time first; keep the slice sorted by the instant.
      if (!isSorted(this.dayDeparture, start, next)) this.sortSlice(start, next);
    });
    this.routeStart[routeCount] = next;

    this.fromStart = new Uint32Array(this.airportCodes.length + 1);
    for (let route = 0; route < routeCount; route += 1)
      (this.fromStart[(this.routeFrom[route] as number) + 1] as number) += 1;
    for (let airport = 0; airport < this.airportCodes.length; airport += 1)
      this.fromStart[airport + 1] =
        (this.fromStart[airport + 1] as number) + (this.fromStart[airport] as number);
    // Routes are sorted by origin already, so route ids in order fill the CSR.
    this.routesFrom = Uint32Array.from({ length: routeCount }, (_, route) => route);

    const incoming = this.airportCodes.map(() => [] as number[]);
    for (let route = 0; route < routeCount; route += 1)
      incoming[this.routeTo[route] as number]?.push(this.routeFrom[route] as number);
    this.predecessorStart = new Uint32Array(this.airportCodes.length + 1);
    incoming.forEach((list, airport) => {
      this.predecessorStart[airport + 1] = (this.predecessorStart[airport] as number) + list.length;
    });
    this.predecessors = Uint16Array.from(incoming.flat());
  }

  private sortSlice(start: number, end: number): void {
    const order = Array.from({ length: end - start }, (_, offset) => start + offset).sort(
      (a, b) => (this.dayDeparture[a] as number) - (this.dayDeparture[b] as number),
    );
    const flights = order.map((index) => this.dayFlight[index] as number);
    const departures = order.map((index) => this.dayDeparture[index] as number);
    const dates = order.map((index) => this.dayDate[index] as number);
    order.forEach((_, offset) => {
      this.dayFlight[start + offset] = flights[offset] as number;
      this.dayDeparture[start + offset] = departures[offset] as number;
      this.dayDate[start + offset] = dates[offset] as number;
    });
  }

  /** An airline's alliance on a local date (days since the epoch), its dated memberships read when it has them. */
  allianceOn(airline: number, date: number): SearchAlliance | null {
    const dated = this.airlineMemberships[airline];
    if (!dated) return this.airlineAlliance[airline] ?? null;
    return (
      dated.find((membership) => membership.since <= date && date <= membership.until)?.alliance ??
      null
    );
  }

  /** The route id from one airport to another, or −1. */
  route(from: number, to: number): number {
    return this.routeIndex.get(from * 65_536 + to) ?? -1;
  }

  /** First flight-day of a route departing at or after `minute`. */
  lowerBound(route: number, minute: number): number {
    let low = this.routeStart[route] as number;
    let high = this.routeStart[route + 1] as number;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.dayDeparture[middle] as number) < minute) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Great-circle miles between two airports (by id). */
  greatCircleMiles(from: number, to: number): number {
    return greatCircleMiles(
      { lat: this.airportLat[from] as number, lon: this.airportLon[from] as number },
      { lat: this.airportLat[to] as number, lon: this.airportLon[to] as number },
    );
  }

  /** Bytes held by the typed arrays (what scales with flight-days). */
  byteSize(): number {
    return [
      this.dayFlight,
      this.dayDeparture,
      this.dayDate,
      this.seats,
      this.fetchedAt,
      this.routeStart,
      this.routeFrom,
      this.routeTo,
      this.routesFrom,
      this.fromStart,
      this.predecessors,
      this.predecessorStart,
    ].reduce((sum, array) => sum + array.byteLength, 0);
  }
}

function isSorted(values: Uint32Array, start: number, end: number): boolean {
  for (let index = start + 1; index < end; index += 1)
    if ((values[index] as number) < (values[index - 1] as number)) return false;
  return true;
}

export function cabinFitted(
  inventory: AwardInventory,
  flight: number,
  cabinIndex: number,
): boolean {
  return (((inventory.flightCabins[flight] as number) >> cabinIndex) & 1) === 1;
}
