import { estimateCashFare } from '../../../core/awards/cash-fare.ts';
import {
  centsPerPoint,
  MAX_STOPS,
  sortItineraries,
  TIME_OF_DAY_HOURS,
  type AwardItinerary,
  type AwardLeg,
  type AwardQuery,
  type Cabin,
  type RedeemOption,
  type SearchAlliance,
} from '../../../core/awards/search.ts';
import { isPeakDate } from '../../../core/awards/simulated-seats.ts';
import { dayDifference } from '../../../core/awards/zoned-time.ts';
import {
  airports,
  greatCircleMiles,
  metros,
  programmeAllianceOn,
} from '../../../data/reference.ts';
import { dayOf } from '../../../core/dated.ts';
import type { AwardSource, SourceRequest } from './award-source.ts';
import {
  normalizeFlightNumber,
  readAvailability,
  localTime,
  readSearchPage,
  readTrip,
  type AvailabilityData,
  type LocalTime,
  type TripData,
} from './seats-aero-response.ts';

/**
 * The seats.aero Partner API as an availability source (cached search, GET /search with
 * include_trips). The response shape is written out in fixtures/seats-aero/README.md and read by
 * the zod schemas of seats-aero-response.ts; the fixtures beside the test follow it. What the API does not filter on (seat count, time of
 * day, flight number, every-leg airline, stops beyond direct) is filtered here after mapping.
 */

/**
 * seats.aero source keys → programme ids of data/programmes.json. seats.aero renames keys now and
 * then (`eurobonus` vs `sas`…), so the table is the one place to fix; keys it does
 * not list (including any new ones) are ignored rather than guessed. Spirit is left out: there is
 * no programme for it in programmes.json.
 */
export const SEATS_AERO_PROGRAMMES: Readonly<Record<string, string>> = {
  aeroplan: 'aeroplan',
  united: 'united-mileageplus',
  american: 'aadvantage',
  alaska: 'alaska-atmos',
  qantas: 'qantas-frequent-flyer',
  flyingblue: 'flying-blue',
  delta: 'delta-skymiles',
  singapore: 'singapore-krisflyer',
  lufthansa: 'miles-and-more',
  turkish: 'turkish-miles-and-smiles',
  etihad: 'etihad-guest',
  emirates: 'emirates-skywards',
  virginatlantic: 'virgin-flying-club',
  qatar: 'qatar-privilege-club',
  finnair: 'finnair-plus',
  eurobonus: 'sas-eurobonus',
  velocity: 'velocity',
  aeromexico: 'aeromexico-rewards',
  connectmiles: 'copa-connectmiles',
  azul: 'azul-fidelidade',
  smiles: 'gol-smiles',
  jetblue: 'jetblue-trueblue',
  ethiopian: 'ethiopian-shebamiles',
  saudia: 'saudia-alfursan',
  frontier: 'frontier-miles',
};

/** The source keys whose programme belongs to an alliance on `day`, in table order (programmes without one, e.g. Emirates, are never asked). */
export function seatsAeroSourcesFor(alliance: SearchAlliance, day = dayOf(new Date())): string[] {
  return Object.entries(SEATS_AERO_PROGRAMMES)
    .filter(([, programme]) => programmeAllianceOn(programme, day) === alliance)
    .map(([source]) => source);
}

/** seats.aero's page size: the documented default and a good balance of calls (1,000 a day) against payload. */
const PAGE_SIZE = 500;
const CABINS = new Set<string>(['economy', 'premium', 'business', 'first']);

export interface SeatsAeroOptions {
  apiKey: string;
  /** e.g. https://seats.aero/partnerapi */
  baseUrl: string;
  fetch?: typeof fetch;
  /** At most this many pages per search: each page is one call of the daily quota. */
  pageLimit?: number;
}

// ---------------------------------------------------------------------------------------------
// Mapping and filtering.

/** One trip priced by one programme, before trips of the same flights are merged. */
interface Candidate {
  key: string;
  itinerary: AwardItinerary;
  /** For the time-of-day filter: the first departure's local clock. */
  departureMinutes: number;
  departureDate: string;
}

function mapTrip(
  trip: TripData,
  programme: string,
  fetchedAt: string,
  now: Date,
): Candidate | null {
  const cabin = CABINS.has(trip.cabin) ? (trip.cabin as Cabin) : null;
  if (cabin === null) return null;
  // Fees are shown in dollars; other currencies would need a rate we do not have, and a wrong fee
  // skews cents per point, so such trips are left out rather than guessed.
  if (trip.taxesCurrency !== '' && trip.taxesCurrency !== 'USD') return null;

  const known = airports();
  const legs: AwardLeg[] = [];
  const times: { departure: LocalTime; arrival: LocalTime }[] = [];
  for (const segment of trip.segments) {
    const from = known.get(segment.from);
    const to = known.get(segment.to);
    if (!from || !to) return null;
    const departure = localTime(segment.departsAt, from.tz);
    const arrival = localTime(segment.arrivesAt, to.tz);
    if (!departure || !arrival) return null;
    times.push({ departure, arrival });
    legs.push({
      flightNumber: segment.flightNumber,
      airline: segment.flightNumber.slice(0, 2),
      from: segment.from,
      to: segment.to,
      departure: departure.text,
      arrival: arrival.text,
      cabin,
      seats: trip.remainingSeats,
      miles: Math.round(segment.distance ?? greatCircleMiles(from, to)),
    });
  }
  const first = times[0];
  const last = times[times.length - 1];
  if (!first || !last) return null;

  const measured = (last.arrival.instant - first.departure.instant) / 60_000;
  const durationMinutes = measured > 0 ? Math.round(measured) : (trip.totalDuration ?? 0);
  const departureDate = first.departure.date;
  const daysOut = dayDifference(now.toISOString().slice(0, 10), departureDate);
  const cashUsd = estimateCashFare(legs, daysOut, isPeakDate(departureDate));
  const feesUsd = trip.totalTaxesCents / 100;
  const option: RedeemOption = {
    programme,
    miles: trip.mileageCost,
    feesUsd,
    // seats.aero prices one-way awards, as the programme showed them: a price seen, not an estimate.
    halfOfRoundTrip: false,
    estimate: false,
    centsPerPoint: centsPerPoint(cashUsd, feesUsd, trip.mileageCost),
  };

  return {
    // Same flights at the same times in the same cabin are one itinerary, whichever programme sells it.
    key: `${cabin}|${legs.map((leg) => `${leg.flightNumber}@${leg.departure}`).join('+')}`,
    departureMinutes: first.departure.minutes,
    departureDate,
    itinerary: {
      id: legs
        .map((leg) => `${leg.flightNumber}@${leg.departure.slice(0, 10)}/${leg.cabin}`)
        .join('+'),
      departure: first.departure.text,
      arrival: last.arrival.text,
      arrivalDayOffset: dayDifference(departureDate, last.arrival.date),
      durationMinutes,
      stops: legs.length - 1,
      airlines: [...new Set(legs.map((leg) => leg.airline))],
      cabin,
      seats: trip.remainingSeats,
      mixedCabinPercent: 100,
      legs,
      redeemOptions: [option],
      cashUsd,
      best: false,
      source: { id: 'seats.aero', simulated: false, fetchedAt },
    },
  };
}

/**
 * The query's filters the API does not apply. Applied per programme's trip, before merging, so a
 * programme with too few seats does not ride along on another programme's seat count.
 */
function matches(candidate: Candidate, query: AwardQuery): boolean {
  const { itinerary } = candidate;
  if (itinerary.cabin !== query.cabin) return false;
  if (itinerary.seats < query.seats) return false;
  if (itinerary.stops > MAX_STOPS[query.stops]) return false;
  if (candidate.departureDate < query.dates.from || candidate.departureDate > query.dates.to)
    return false;
  if (query.airlines.length > 0) {
    const wanted = new Set(query.airlines.map((airline) => airline.toUpperCase()));
    if (!itinerary.legs.every((leg) => wanted.has(leg.airline))) return false;
  }
  if (query.flightNumber !== null) {
    const wanted = normalizeFlightNumber(query.flightNumber);
    if (!itinerary.legs.some((leg) => leg.flightNumber === wanted)) return false;
  }
  if (query.timesOfDay.length > 0) {
    const hour = Math.floor(candidate.departureMinutes / 60);
    if (
      !query.timesOfDay.some(
        (slot) => hour >= TIME_OF_DAY_HOURS[slot][0] && hour < TIME_OF_DAY_HOURS[slot][1],
      )
    )
      return false;
  }
  return true;
}

function byPrice(a: RedeemOption, b: RedeemOption): number {
  return a.miles - b.miles || a.feesUsd - b.feesUsd || a.programme.localeCompare(b.programme);
}

/** Merges one programme's trip into an itinerary already found through another (or the same) programme. */
function merge(into: AwardItinerary, other: AwardItinerary): AwardItinerary {
  const options = new Map(into.redeemOptions.map((option) => [option.programme, option]));
  for (const option of other.redeemOptions) {
    const existing = options.get(option.programme);
    // The same programme twice (e.g. two cached records): its cheaper price counts.
    if (!existing || byPrice(option, existing) < 0) options.set(option.programme, option);
  }
  const seats = Math.max(into.seats, other.seats);
  return {
    ...into,
    // seats.aero counts seats per programme's view of the same inventory; the larger is the best evidence of what is open.
    seats,
    legs: into.legs.map((leg) => ({ ...leg, seats })),
    redeemOptions: [...options.values()].sort(byPrice),
    // The freshest look at these flights dates the whole itinerary.
    source: {
      ...into.source,
      fetchedAt:
        into.source.fetchedAt > other.source.fetchedAt
          ? into.source.fetchedAt
          : other.source.fetchedAt,
    },
  };
}

function fetchedAtOf(computedLastSeen: string | null, now: Date): string {
  const parsed = computedLastSeen === null ? Number.NaN : Date.parse(computedLastSeen);
  return Number.isNaN(parsed) ? now.toISOString() : new Date(parsed).toISOString();
}

/** A metro code stands for its airports (TPE → TPE, TSA); an airport code for itself. */
function expandCode(code: string): readonly string[] {
  const upper = code.toUpperCase();
  return metros().get(upper)?.airports ?? [upper];
}

// ---------------------------------------------------------------------------------------------

export class SeatsAeroSource implements AwardSource {
  readonly id = 'seats.aero' as const;
  readonly #apiKey: string;
  readonly #searchUrl: string;
  readonly #fetch: typeof fetch;
  readonly #pageLimit: number;

  constructor({
    apiKey,
    baseUrl,
    fetch: fetchImpl = globalThis.fetch,
    pageLimit = 3,
  }: SeatsAeroOptions) {
    if (!Number.isInteger(pageLimit) || pageLimit < 1)
      throw new RangeError('pageLimit must be a positive integer');
    this.#apiKey = apiKey;
    this.#searchUrl = `${baseUrl.replace(/\/+$/, '')}/search`;
    this.#fetch = fetchImpl;
    this.#pageLimit = pageLimit;
  }

  serves(alliance: SearchAlliance): boolean {
    return seatsAeroSourcesFor(alliance).length > 0;
  }

  async search({ query, alliance, now, signal }: SourceRequest): Promise<AwardItinerary[]> {
    const sources = seatsAeroSourcesFor(alliance, dayOf(now));
    if (sources.length === 0) return [];
    const availabilities = await this.#fetchAll(query, sources, signal);

    // Only this alliance's sources: the orchestrator asks once per alliance, so another
    // alliance's record (should the API return one) would be counted twice.
    const allowed = new Set(sources);
    const merged = new Map<string, AwardItinerary>();
    for (const availability of availabilities) {
      const fetchedAt = fetchedAtOf(availability.computedLastSeen, now);
      for (const raw of availability.trips) {
        const trip = readTrip(raw, availability.source);
        if (!trip || !allowed.has(trip.source)) continue;
        const programme = SEATS_AERO_PROGRAMMES[trip.source];
        if (programme === undefined) continue;
        const candidate = mapTrip(trip, programme, fetchedAt, now);
        if (!candidate || !matches(candidate, query)) continue;
        const existing = merged.get(candidate.key);
        merged.set(
          candidate.key,
          existing ? merge(existing, candidate.itinerary) : candidate.itinerary,
        );
      }
    }
    return sortItineraries([...merged.values()], 'departure');
  }

  /** Every page up to the limit, availability records deduplicated by ID (records can shift between pages). */
  async #fetchAll(
    query: AwardQuery,
    sources: string[],
    signal: AbortSignal,
  ): Promise<AvailabilityData[]> {
    const params = new URLSearchParams({
      origin_airport: expandCode(query.origin).join(','),
      destination_airport: expandCode(query.destination).join(','),
      start_date: query.dates.from,
      end_date: query.dates.to,
      cabins: query.cabin,
      sources: sources.join(','),
      include_trips: 'true',
      take: String(PAGE_SIZE),
    });
    if (query.stops === 'direct') params.set('only_direct_flights', 'true');
    if (query.airlines.length > 0) params.set('carriers', query.airlines.join(','));

    const seen = new Set<string>();
    const found: AvailabilityData[] = [];
    let cursor: string | null = null;
    let skip = 0;
    for (let page = 0; page < this.#pageLimit; page += 1) {
      const pageParams = new URLSearchParams(params);
      if (page > 0) {
        if (cursor !== null) pageParams.set('cursor', cursor);
        pageParams.set('skip', String(skip));
      }
      const { data, nextCursor } = await this.#fetchPage(pageParams, signal);
      for (const raw of data) {
        const availability = readAvailability(raw);
        if (!availability || seen.has(availability.id)) continue;
        seen.add(availability.id);
        found.push(availability);
      }
      skip += data.length;
      cursor = nextCursor ?? cursor;
      // A short page is the last one; no count/hasMore field is documented to rely on.
      if (data.length < PAGE_SIZE) break;
    }
    return found;
  }

  async #fetchPage(
    params: URLSearchParams,
    signal: AbortSignal,
  ): Promise<{ data: unknown[]; nextCursor: string | null }> {
    const response = await this.#fetch(`${this.#searchUrl}?${params}`, {
      headers: { 'Partner-Authorization': this.#apiKey, accept: 'application/json' },
      signal,
    });
    // Messages name the status only: never the key, and not the body, which could echo the request.
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(`seats.aero search failed: HTTP ${response.status}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      // An abort while reading the body is an abort, not bad JSON.
      if (signal.aborted) throw error;
      throw new Error(
        `seats.aero search failed: HTTP ${response.status} with a body that is not JSON`,
        { cause: error },
      );
    }
    const page = readSearchPage(body);
    if (page === null)
      throw new Error(`seats.aero search failed: HTTP ${response.status} without a data list`);
    return page;
  }
}
