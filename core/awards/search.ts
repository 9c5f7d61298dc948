import type { Cabin } from './simulated-schedule.ts';

/**
 * The award search contract (docs/product/award-search.md#the-query and #what-a-result-shows): what
 * the search API, tracking, the landing page's sample redemptions and the explorer ask the engine,
 * and what it answers. Plain types and constants, no zod, so pages can import it cheaply; the
 * request schema lives in search-contract.ts.
 */

export type { Cabin };
export { CABINS } from './simulated-schedule.ts';

/** The alliances the product searches or names (SkyTeam is named and searchable, docs/product/award-search.md#alliances). */
export type SearchAlliance = 'star' | 'oneworld' | 'skyteam';
export const SEARCH_ALLIANCES: readonly SearchAlliance[] = ['star', 'oneworld', 'skyteam'];

/** Stops asked for: the most stops an itinerary may have ('two' means two or more; the engine goes to two). */
export type StopsChoice = 'direct' | 'one' | 'two';
export const MAX_STOPS: Record<StopsChoice, 0 | 1 | 2> = { direct: 0, one: 1, two: 2 };

/** Time of day of the first departure, local at the origin: [from hour, to hour). */
export type TimeOfDay = 'early-morning' | 'morning' | 'afternoon' | 'night';
export const TIME_OF_DAY_HOURS: Record<TimeOfDay, readonly [number, number]> = {
  'early-morning': [0, 6],
  morning: [6, 12],
  afternoon: [12, 18],
  night: [18, 24],
};

/**
 * Seat counts a member can ask for, in two tiers (docs/product/award-search.md#the-query). The
 * tiers are cabins: airlines release premium-cabin award seats one to four at a time, so business,
 * first and premium economy offer any, 2, 3, 4+; economy space usually comes in bigger blocks, so
 * it offers any, 4, 5, 6+ for groups. 1 means any; the last choice means "or more".
 */
export const SEAT_CHOICES: Record<Cabin, readonly number[]> = {
  economy: [1, 4, 5, 6],
  premium: [1, 2, 3, 4],
  business: [1, 2, 3, 4],
  first: [1, 2, 3, 4],
};

/** How far ahead airlines open their award schedules (the simulated ones, and the date fields' limit). */
export const BOOKING_HORIZON_DAYS = 330;

/** The longest date range one search may cover (the member's monthly quota is counted elsewhere). */
export const MAX_SEARCH_DAYS = 15;

export interface AwardQuery {
  /** Airport or metro code, e.g. TPE (TPE + TSA) or LAX. */
  origin: string;
  destination: string;
  /** Local departure dates at the origin, YYYY-MM-DD; a single date has from = to. */
  dates: { from: string; to: string };
  cabin: Cabin;
  /** At least this many seats on every leg (one of SEAT_CHOICES[cabin]). */
  seats: number;
  /** Every leg flown by one of these airlines (IATA); empty for any. */
  airlines: string[];
  /** The itinerary includes this flight, e.g. BR12; null for any. */
  flightNumber: string | null;
  stops: StopsChoice;
  /** First departure in one of these slots; empty for any. */
  timesOfDay: TimeOfDay[];
  /**
   * Whether a leg may be in a lower cabin when the asked one has no seats; the itinerary must
   * then fly at least `minPercent` of its distance in the asked cabin (and always some of it).
   */
  mixedCabin: { allowed: boolean; minPercent: number };
  /** Only this alliance's airlines (plus the partners its programmes book); null for all. */
  alliance: SearchAlliance | null;
}

/** A query on a route with every other filter left open: any airline, flight and time, no mixed cabin. */
export function openAwardQuery(
  route: Pick<AwardQuery, 'origin' | 'destination' | 'dates' | 'cabin'> &
    Partial<Pick<AwardQuery, 'seats' | 'stops' | 'alliance'>>,
): AwardQuery {
  return {
    origin: route.origin,
    destination: route.destination,
    dates: route.dates,
    cabin: route.cabin,
    seats: route.seats ?? 1,
    airlines: [],
    flightNumber: null,
    stops: route.stops ?? 'two',
    timesOfDay: [],
    mixedCabin: { allowed: false, minPercent: 100 },
    alliance: route.alliance ?? null,
  };
}

export type SourceId = 'simulated' | 'seats.aero';

export interface AwardLeg {
  flightNumber: string;
  airline: string;
  from: string;
  to: string;
  /** Local time at the airport with its UTC offset, e.g. 2026-12-01T23:55+08:00. */
  departure: string;
  arrival: string;
  /** The cabin flown on this leg (lower than asked on a mixed-cabin leg). */
  cabin: Cabin;
  seats: number;
  /** Great-circle miles. */
  miles: number;
}

export interface RedeemOption {
  /** Programme id (data/programmes.json). */
  programme: string;
  miles: number;
  /** Taxes, fees and carrier surcharges, one way, in US dollars. */
  feesUsd: number;
  /** Half of a round-trip price, for programmes without one-way partner awards. */
  halfOfRoundTrip: boolean;
  /** The programme prices these flights dynamically: `miles` is its usual lowest level, shown as 'from about'. */
  estimate: boolean;
  /** Cents of cash fare saved per mile spent: (cash price − fees) ÷ miles × 100, one decimal. */
  centsPerPoint: number;
}

export interface AwardItinerary {
  /** Stable key: the legs' flight numbers, dates and cabins. */
  id: string;
  departure: string;
  arrival: string;
  /** Local arrival date minus local departure date (+1 = the next day, −1 = the day before). */
  arrivalDayOffset: number;
  durationMinutes: number;
  stops: number;
  /** Operating airlines in leg order, without repeats. */
  airlines: string[];
  /** The cabin asked for. */
  cabin: Cabin;
  /** Seats on the whole itinerary: the fewest on any leg. */
  seats: number;
  /** Share of the flown distance in the asked cabin, 0–100 (100 when no leg is lower). */
  mixedCabinPercent: number;
  legs: AwardLeg[];
  /** Cheapest first. */
  redeemOptions: RedeemOption[];
  /** Estimated cash fare for the same trip, one way, US dollars (from the fare model, or a source's price). */
  cashUsd: number;
  /** On the best-flights front for its departure day (fewest miles, shortest, fewest stops). */
  best: boolean;
  source: { id: SourceId; simulated: boolean; fetchedAt: string };
}

/**
 * A sample redemption on the award search landing
 * (docs/product/award-search.md#sample-redemptions): the cheapest award the engine finds on a
 * popular route a month ahead, computed, not typed in.
 */
export interface AwardSample {
  /** Where the trip starts: the United States or Taiwan. */
  region: 'us' | 'tw';
  origin: string;
  destination: string;
  cabin: Cabin;
  date: string;
  itinerary: AwardItinerary;
  option: RedeemOption;
}

/** Display names, in the member's language, of the codes a response mentions. */
export interface AwardNames {
  places: Record<string, { city: string; name: string }>;
  airlines: Record<string, string>;
  programmes: Record<string, string>;
}

/** The dates of a month, YYYY-MM-DD. */
export function datesOfMonth(month: string): string[] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return Array.from(
    { length: days },
    (_, index) => `${month}-${String(index + 1).padStart(2, '0')}`,
  );
}

/** One day of the award calendar: the lowest miles found that day (null: nothing found). */
export interface CalendarDay {
  date: string;
  miles: number | null;
  /** The programme of that price. */
  programme: string | null;
}

/** The cheapest redeem option of a list of itineraries, or null. */
export function cheapestOption(
  itineraries: readonly AwardItinerary[],
): { itinerary: AwardItinerary; option: RedeemOption } | null {
  let best: { itinerary: AwardItinerary; option: RedeemOption } | null = null;
  for (const itinerary of itineraries) {
    for (const option of itinerary.redeemOptions) {
      if (
        !best ||
        option.miles < best.option.miles ||
        (option.miles === best.option.miles &&
          itinerary.durationMinutes < best.itinerary.durationMinutes)
      )
        best = { itinerary, option };
    }
  }
  return best;
}

export type SearchNotice =
  | { code: 'alliance-down'; alliance: SearchAlliance }
  /** Staff took this alliance's search down for maintenance (docs/staff.md#live-settings): the others are searched. */
  | { code: 'alliance-maintenance'; alliance: SearchAlliance }
  | { code: 'truncated'; shown: number; found: number };

/** What a running search reports as it goes (streamed to the browser; "scanning" in docs/product/award-search.md#states-and-messages). */
export type SearchProgress =
  | { type: 'scanning'; alliance: SearchAlliance }
  | { type: 'alliance-done'; alliance: SearchAlliance; found: number }
  | { type: 'alliance-down'; alliance: SearchAlliance };

/** What a running search streams: its progress, then `done` (with the error's name when it failed). */
export type AwardSearchEvent =
  SearchProgress | { type: 'done'; status: 'done' | 'failed'; error?: string };

/** A member's search as stored: what was asked, its state, and what it found. */
export interface AwardSearchView {
  id: string;
  status: 'searching' | 'done' | 'failed';
  error: string | null;
  query: AwardQuery;
  results: AwardItinerary[];
  notices: SearchNotice[];
  alliances: SearchAlliance[];
  createdAt: string;
  finishedAt: string | null;
}

export interface AwardSearchResult {
  itineraries: AwardItinerary[];
  notices: SearchNotice[];
  /** Alliances whose availability the result includes. */
  alliances: SearchAlliance[];
}

/** Best flights first, then the rest, each by departure (docs/product/award-search.md#what-a-result-shows: sort by departure time or latest update). */
export type SortOrder = 'departure' | 'latest-update';

export function sortItineraries(
  itineraries: readonly AwardItinerary[],
  order: SortOrder,
): AwardItinerary[] {
  const byDeparture = (a: AwardItinerary, b: AwardItinerary) =>
    instantOf(a.departure) - instantOf(b.departure) ||
    a.durationMinutes - b.durationMinutes ||
    a.id.localeCompare(b.id);
  const compare =
    order === 'departure'
      ? byDeparture
      : (a: AwardItinerary, b: AwardItinerary) =>
          Date.parse(b.source.fetchedAt) - Date.parse(a.source.fetchedAt) || byDeparture(a, b);
  return [...itineraries].sort(compare);
}

/** The instant (ms) of a local time written with its offset. */
export function instantOf(localWithOffset: string): number {
  return Date.parse(localWithOffset);
}

/** The cheapest price of an itinerary in one programme, or across all when none is chosen. */
export function milesFor(itinerary: AwardItinerary, programme: string | null): number | null {
  const options =
    programme === null
      ? itinerary.redeemOptions
      : itinerary.redeemOptions.filter((option) => option.programme === programme);
  return options.length === 0 ? null : Math.min(...options.map((option) => option.miles));
}

/** Cents per point, one decimal; 0 when the fees exceed the cash fare. */
export function centsPerPoint(cashUsd: number, feesUsd: number, miles: number): number {
  if (miles <= 0) return 0;
  return Math.max(0, Math.round(((cashUsd - feesUsd) / miles) * 1000) / 10);
}

interface FrontItem {
  miles: number;
  duration: number;
  stops: number;
}

/**
 * Marks the Pareto front of (miles, duration, stops): an item is on it when no other item is at
 * least as good on all three and better on one. O(n log n): sort, then sweep keeping the
 * shortest duration seen for each stop count.
 */
export function paretoFront(items: readonly FrontItem[]): boolean[] {
  const order = items
    .map((_, index) => index)
    .sort((a, b) => {
      const x = items[a] as FrontItem;
      const y = items[b] as FrontItem;
      return x.miles - y.miles || x.duration - y.duration || x.stops - y.stops;
    });
  const onFront = new Array<boolean>(items.length).fill(false);
  const shortest = [Infinity, Infinity, Infinity, Infinity];
  let previous: FrontItem | null = null;
  let previousOnFront = false;
  for (const index of order) {
    const item = items[index] as FrontItem;
    // An exact copy of the item before shares its fate: neither dominates the other.
    if (
      previous &&
      previous.miles === item.miles &&
      previous.duration === item.duration &&
      previous.stops === item.stops
    ) {
      onFront[index] = previousOnFront;
      continue;
    }
    const stops = Math.min(item.stops, 3);
    let dominated = false;
    for (let fewer = 0; fewer <= stops; fewer += 1)
      if ((shortest[fewer] as number) <= item.duration) dominated = true;
    onFront[index] = !dominated;
    shortest[stops] = Math.min(shortest[stops] as number, item.duration);
    previous = item;
    previousOnFront = !dominated;
  }
  return onFront;
}

/**
 * Best flights for the redeem-option selector: per local departure day, the front of the chosen
 * programme's miles (or the cheapest option's), duration and stops. Itineraries the programme
 * cannot book are never best.
 */
export function markBest(
  itineraries: readonly AwardItinerary[],
  programme: string | null,
): AwardItinerary[] {
  const byDay = new Map<string, number[]>();
  itineraries.forEach((itinerary, index) => {
    if (milesFor(itinerary, programme) === null) return;
    const day = itinerary.departure.slice(0, 10);
    const indexes = byDay.get(day);
    if (indexes) indexes.push(index);
    else byDay.set(day, [index]);
  });
  const best = new Set<number>();
  for (const indexes of byDay.values()) {
    const front = paretoFront(
      indexes.map((index) => {
        const itinerary = itineraries[index] as AwardItinerary;
        return {
          miles: milesFor(itinerary, programme) as number,
          duration: itinerary.durationMinutes,
          stops: itinerary.stops,
        };
      }),
    );
    indexes.forEach((index, position) => {
      if (front[position]) best.add(index);
    });
  }
  return itineraries.map((itinerary, index) => ({ ...itinerary, best: best.has(index) }));
}
