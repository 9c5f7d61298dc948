import { hashInts, hashString, unit } from './hash.ts';

/**
 * The simulated source's timetable (docs/product/award-search.md#the-simulated-source): flights
 * derived from each airline's real routes, with frequencies from the route data, departures spread
 * over the day with hub-bank jitter, and block time from great-circle distance at ~850 km/h plus
 * taxi. Deterministic.
 */

export type Cabin = 'economy' | 'premium' | 'business' | 'first';
export const CABINS: readonly Cabin[] = ['economy', 'premium', 'business', 'first'];

export interface RouteInput {
  airline: string;
  from: string;
  to: string;
  /** Flights per week in each direction. */
  weeklyFrequency: number;
  /** Great-circle distance in miles. */
  miles: number;
}

export interface ScheduledFlight {
  airline: string;
  /** e.g. "BR12" */
  flightNumber: string;
  from: string;
  to: string;
  /** Local departure time at `from`, minutes after midnight. */
  departureMinutes: number;
  /** Gate to gate, minutes. */
  blockMinutes: number;
  /** Bit d set = operates on that local weekday (0 = Sunday). */
  daysOfWeek: number;
  cabins: Cabin[];
  miles: number;
}

/** Airlines that sell a first-class cabin on their long-haul flights. */
const FIRST_CLASS_AIRLINES = new Set([
  'AA',
  'AF',
  'AI',
  'BA',
  'CA',
  'CX',
  'EK',
  'EY',
  'JL',
  'KE',
  'LH',
  'LX',
  'NH',
  'OZ',
  'QF',
  'QR',
  'SQ',
  'SV',
  'TG',
  'UL',
  'MU',
  'CZ',
]);
/** Miles per minute at ~850 km/h (528 mph), plus 30 minutes of taxi and climb. */
const MILES_PER_MINUTE = 528 / 60;
const TAXI_MINUTES = 30;

export function blockMinutes(miles: number): number {
  return Math.max(40, Math.round((miles / MILES_PER_MINUTE + TAXI_MINUTES) / 5) * 5);
}

/** Cabins fitted on a flight: full-service carriers add premium economy and business by stage length. */
export function cabinsFitted(airline: string, miles: number, fullService: boolean): Cabin[] {
  if (!fullService) return ['economy'];
  const cabins: Cabin[] = ['economy'];
  if (miles >= 2500) cabins.push('premium');
  cabins.push('business');
  if (miles >= 4000 && FIRST_CLASS_AIRLINES.has(airline)) cabins.push('first');
  return cabins;
}

/** Weekdays a route flies on when it runs `perWeek` (< 7) times, spread evenly from a hashed start. */
function spreadDays(perWeek: number, seed: number): number {
  let mask = 0;
  const start = seed % 7;
  for (let index = 0; index < perWeek; index += 1)
    mask |= 1 << ((start + Math.floor((index * 7) / perWeek)) % 7);
  return mask;
}

/**
 * Builds the weekly timetable. `fullService(airline)` says whether an airline sells more than
 * economy (the route and airline data decide it).
 */
export function buildSchedule(
  routes: readonly RouteInput[],
  fullService: (airline: string) => boolean,
): ScheduledFlight[] {
  const flights: ScheduledFlight[] = [];
  const nextNumber = new Map<string, number>();
  const sorted = [...routes].sort(
    (a, b) =>
      a.airline.localeCompare(b.airline) ||
      a.from.localeCompare(b.from) ||
      a.to.localeCompare(b.to),
  );
  for (const route of sorted) {
    for (const [from, to] of [
      [route.from, route.to],
      [route.to, route.from],
    ] as const) {
      const seed = hashString(`${route.airline}:${from}:${to}`);
      const perWeek = Math.max(1, Math.min(70, Math.round(route.weeklyFrequency)));
      const daily = Math.floor(perWeek / 7);
      const extra = perWeek % 7;
      // One timetable entry per daily departure, plus one for the extra weekly ones.
      const entries: number[] = [
        ...Array.from({ length: daily }, () => 0b1111111),
        ...(extra > 0 ? [spreadDays(extra, seed)] : []),
      ];
      entries.forEach((daysOfWeek, slot) => {
        // Departures spread between 06:30 and 23:30, nudged by up to 40 minutes, on 5-minute marks.
        const span = 17 * 60;
        const base = 6 * 60 + 30 + Math.floor(((slot + 0.5) * span) / entries.length);
        const jitter = Math.round((unit(hashInts(seed, slot)) - 0.5) * 80);
        const departureMinutes = Math.min(
          23 * 60 + 55,
          Math.max(0, Math.round((base + jitter) / 5) * 5),
        );
        const number = (nextNumber.get(route.airline) ?? 0) + 1;
        nextNumber.set(route.airline, number);
        flights.push({
          airline: route.airline,
          flightNumber: `${route.airline}${number}`,
          from,
          to,
          departureMinutes,
          blockMinutes: blockMinutes(route.miles),
          daysOfWeek,
          cabins: cabinsFitted(route.airline, route.miles, fullService(route.airline)),
          miles: Math.round(route.miles),
        });
      });
    }
  }
  return flights;
}
