import { estimateCashFare } from './cash-fare.ts';
import type { Candidate } from './candidates.ts';
import { CABIN_COUNT, type AwardInventory } from './inventory.ts';
import {
  CABINS,
  centsPerPoint,
  type AwardItinerary,
  type AwardLeg,
  type AwardQuery,
  type Cabin,
  type RedeemOption,
  type SourceId,
} from './search.ts';
import { isPeakDate } from './simulated-seats.ts';

/** Legs described and kept for the next itineraries that fly them (#leg), some 300 bytes each. */
const LEG_CACHE_SIZE = 200_000;

/** Every programme's price for an itinerary's flights, before a cash fare gives each its cents per point. */
export type RedeemPrices = Omit<RedeemOption, 'centsPerPoint'>[];

/** A leg as itineraries show it, the seats' look it was described from, and its part of an itinerary's id. */
interface DescribedLeg {
  leg: AwardLeg;
  fetchedAt: number;
  id: string;
}

/**
 * The itineraries the engine keeps, as searches answer them: legs, times, seats, the cash fare and
 * each programme's option. Only the few hundred kept itineraries of a search are described, but
 * they share legs and price lists, and searches of popular routes describe them again: the parts
 * are kept between searches while the seats they were read from stand.
 */
export class ItineraryDescriber {
  readonly #legs = new Map<number, DescribedLeg>();
  readonly #options = new Map<RedeemPrices, Map<number, RedeemOption[]>>();
  readonly #peak = new Map<string, boolean>();
  #lastInstant = { minutes: NaN, text: '' };

  constructor(
    private readonly inventory: AwardInventory,
    private readonly source: { id: SourceId; simulated: boolean },
  ) {}

  /** Lets go of the options kept per price list, when the engine's price lists start again. */
  forgetPrices(): void {
    this.#options.clear();
  }

  describe(
    query: AwardQuery,
    candidate: Candidate,
    prices: RedeemPrices,
    duration: number,
    share: number,
    best: boolean,
    today: number,
  ): AwardItinerary {
    const inventory = this.inventory;
    const described = candidate.days.map((day, index) =>
      this.#leg(day, candidate.cabins[index] as number),
    );
    const legs = described.map((entry) => entry.leg);
    const first = legs[0] as AwardLeg;
    const last = legs[legs.length - 1] as AwardLeg;
    const departureDate = first.departure.slice(0, 10);
    const firstDate = inventory.dayDate[candidate.days[0] as number] as number;
    const cashUsd = estimateCashFare(legs, firstDate - today, this.#isPeak(departureDate));
    const redeemOptions = this.#redeemOptions(prices, cashUsd);
    let fetchedAt = Infinity;
    for (const day of candidate.days)
      fetchedAt = Math.min(fetchedAt, inventory.fetchedAt[day] as number);
    return {
      id: described.length === 1 ? described[0]!.id : described.map((entry) => entry.id).join('+'),
      departure: first.departure,
      arrival: last.arrival,
      arrivalDayOffset: Math.round(
        (Date.parse(last.arrival.slice(0, 10)) - Date.parse(departureDate)) / 86_400_000,
      ),
      durationMinutes: duration,
      stops: legs.length - 1,
      airlines: [...new Set(legs.map((leg) => leg.airline))],
      cabin: query.cabin,
      seats: Math.min(...legs.map((leg) => leg.seats)),
      mixedCabinPercent: share,
      legs,
      redeemOptions,
      cashUsd,
      best,
      source: {
        id: this.source.id,
        simulated: this.source.simulated,
        fetchedAt: this.#instant(fetchedAt),
      },
    };
  }

  /** Whether a local date is in a peak season (the cash fare's estimate), once per date. */
  #isPeak(date: string): boolean {
    let peak = this.#peak.get(date);
    if (peak === undefined) {
      peak = isPeakDate(date);
      this.#peak.set(date, peak);
    }
    return peak;
  }

  /** When a source saw the seats, as text: most itineraries of a search share the one refresh. */
  #instant(minutes: number): string {
    if (this.#lastInstant.minutes !== minutes)
      this.#lastInstant = { minutes, text: new Date(minutes * 60_000).toISOString() };
    return this.#lastInstant.text;
  }

  /**
   * A flight-day in a cabin as itineraries show it, kept while its seats are as seen then (a
   * refresh stamps fetchedAt anew): a search shows the same legs in many itineraries, and
   * searches of popular routes show them again. Itineraries share the object; nothing changes it.
   */
  #leg(day: number, cabin: number): DescribedLeg {
    const inventory = this.inventory;
    const key = day * CABIN_COUNT + cabin;
    const seen = inventory.fetchedAt[day] as number;
    const known = this.#legs.get(key);
    if (known && known.fetchedAt === seen) return known;
    // Past its size the cache starts again rather than tracking recency.
    if (this.#legs.size >= LEG_CACHE_SIZE) this.#legs.clear();
    const clock = inventory.clock;
    const flight = inventory.dayFlight[day] as number;
    const from = inventory.flightFrom[flight] as number;
    const to = inventory.flightTo[flight] as number;
    const departure = (inventory.dayDeparture[day] as number) * 60_000;
    const leg: AwardLeg = {
      flightNumber: inventory.flightNumbers[flight] as string,
      airline: inventory.airlineCodes[inventory.flightAirline[flight] as number] as string,
      from: inventory.airportCodes[from] as string,
      to: inventory.airportCodes[to] as string,
      departure: clock.format(departure, inventory.airportTz[from] as string),
      arrival: clock.format(
        departure + (inventory.flightBlock[flight] as number) * 60_000,
        inventory.airportTz[to] as string,
      ),
      cabin: CABINS[cabin] as Cabin,
      seats: Math.min(9, inventory.seats[key] as number),
      miles: inventory.flightMiles[flight] as number,
    };
    const entry = {
      leg,
      fetchedAt: seen,
      id: `${leg.flightNumber}@${leg.departure.slice(0, 10)}/${leg.cabin}`,
    };
    this.#legs.set(key, entry);
    return entry;
  }

  /**
   * A price list with each option's cents per point at a cash fare: one shared list per (price
   * list, fare), as price lists are shared (the engine interns them) and fares repeat by cabin
   * and distance.
   */
  #redeemOptions(prices: RedeemPrices, cashUsd: number): RedeemOption[] {
    let byFare = this.#options.get(prices);
    if (!byFare) {
      byFare = new Map();
      this.#options.set(prices, byFare);
    }
    let options = byFare.get(cashUsd);
    if (!options) {
      // Written out rather than spread: a search describes hundreds of itineraries.
      options = prices.map((price) => ({
        programme: price.programme,
        miles: price.miles,
        feesUsd: price.feesUsd,
        halfOfRoundTrip: price.halfOfRoundTrip,
        estimate: price.estimate,
        centsPerPoint: centsPerPoint(cashUsd, price.feesUsd, price.miles),
      }));
      byFare.set(cashUsd, options);
    }
    return options;
  }
}
