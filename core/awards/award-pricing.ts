import type { Cabin } from './simulated-schedule.ts';

/**
 * Prices an itinerary with a programme's award chart: which programmes can book it, for how many
 * miles and what taxes and surcharges ("Pricing" in
 * docs/product/award-search.md#how-itineraries-are-built). Charts are data
 * (data/award-charts.json); this is the one place that reads their rules.
 */

export type Alliance = 'star' | 'oneworld' | 'skyteam';
type CabinPrices = Record<Cabin, number | null>;

export interface AwardChart {
  programme: string;
  bookable: { alliances: Alliance[]; airlines: string[] };
  /** distance: by flown miles (per segment or for the whole trip); zone: by origin and destination region; zone-distance: both. */
  pricing: 'distance' | 'zone' | 'zone-distance';
  perSegment: boolean;
  bands: ({ maxMiles: number | null } & CabinPrices)[] | null;
  regions: Record<string, { countries: string[]; airports?: string[] }> | null;
  zonePrices:
    | ({
        from: string;
        to: string;
        maxMiles?: number | null;
        oneDirection?: boolean;
      } & CabinPrices)[]
    | null;
  fees: {
    currency: 'USD';
    perSegment: number;
    perItinerary: number;
    carrierSurchargePerSegment: Record<string, number>;
  };
  /** False when the programme sells partner awards only as round trips (ANA): one way costs half. */
  oneWay: boolean;
  /**
   * Set when the programme prices by demand instead of a published chart: on every flight it books
   * (`airlines` empty: United, Flying Blue) or on these airlines' flights (American's own on
   * AAdvantage). The rows are then the usual lowest levels, and a price from them is an estimate.
   */
  dynamic: { airlines: string[]; since?: string; source: string } | null;
  /**
   * The programme changed its prices from `since` without publishing the new ones: the rows are the
   * earlier prices, shown for reference on the programme page and used by nothing that prices an
   * award from that day (docs/data-audit.md#unknown-is-its-own-value).
   */
  superseded?: { since: string; source: string } | null;
  /** The day someone last checked the chart against its sources. */
  checked?: string;
  notes: string[];
  sources: string[];
  /** Prices staff corrected after the chart was entered, oldest first (docs/staff.md#content). */
  corrections?: ChartCorrection[];
}

/** One price of a chart corrected by staff: which row and cabin, before and after, where it was read and when. */
export interface ChartCorrection {
  /** The row as the chart names it: "USCA–EU" for a zone row, "up to 650 mi" for a band. */
  row: string;
  cabin: Cabin;
  before: number | null;
  after: number | null;
  source: string;
  checked: string;
}

export interface PricedLeg {
  airline: string;
  alliance: Alliance | null;
  from: { airport: string; country: string };
  to: { airport: string; country: string };
  miles: number;
  /** The cabin flown on this leg when lower than the itinerary's (mixed cabin); per-segment charts price it so. */
  cabin?: Cabin;
}

export interface RedeemPrice {
  programme: string;
  miles: number;
  /** Taxes, fees and carrier surcharges, one way, in US dollars. */
  feesUsd: number;
  /** Half of a round-trip price, for programmes without one-way partner awards. */
  halfOfRoundTrip: boolean;
  /** The programme prices these flights dynamically: the miles are its usual lowest level, an estimate ('from about'). */
  estimate: boolean;
  /** Which row of the chart set the price, so a page can show the way to it. */
  basis: PriceBasis;
}

/** A distance band: flown miles above `above` up to `upTo` (null: no upper edge). */
export interface DistanceBand {
  above: number;
  upTo: number | null;
}

export type PriceBasis =
  | {
      kind: 'distance';
      perSegment: boolean;
      parts: { miles: number; band: DistanceBand; price: number }[];
    }
  | { kind: 'zone'; from: string; to: string; miles: number; upTo: number | null };

/** Whether the programme had changed this chart's prices, without publishing the new ones, by `day` (YYYY-MM-DD). */
export function supersededOn(chart: Pick<AwardChart, 'superseded'>, day: string): boolean {
  return Boolean(chart.superseded && chart.superseded.since <= day);
}

/** Whether a chart's price for these legs is an estimate: the programme prices some of them dynamically. */
export function isEstimate(
  chart: Pick<AwardChart, 'dynamic'>,
  legs: readonly Pick<PricedLeg, 'airline'>[],
): boolean {
  const dynamic = chart.dynamic;
  return (
    dynamic !== null &&
    (dynamic.airlines.length === 0 || legs.some((leg) => dynamic.airlines.includes(leg.airline)))
  );
}

export function canBook(chart: AwardChart, legs: readonly PricedLeg[]): boolean {
  return legs.every(
    (leg) =>
      chart.bookable.airlines.includes(leg.airline) ||
      (leg.alliance !== null && chart.bookable.alliances.includes(leg.alliance)),
  );
}

/** A place's region in a chart: an airport listed by name wins over its country. */
export function regionOf(
  chart: AwardChart,
  place: { airport: string; country: string },
): string | null {
  const regions = Object.entries(chart.regions ?? {});
  return (
    regions.find(([, region]) => region.airports?.includes(place.airport))?.[0] ??
    regions.find(([, region]) => region.countries.includes(place.country))?.[0] ??
    null
  );
}

function bandPrice(
  bands: NonNullable<AwardChart['bands']>,
  miles: number,
  cabin: Cabin,
): { miles: number; band: DistanceBand; price: number } | null {
  const index = bands.findIndex(
    (candidate) => candidate.maxMiles === null || miles <= candidate.maxMiles,
  );
  const band = bands[index];
  const price = band?.[cabin] ?? null;
  if (!band || price === null) return null;
  return {
    miles,
    band: { above: index === 0 ? 0 : (bands[index - 1]?.maxMiles ?? 0), upTo: band.maxMiles },
    price,
  };
}

function zoneRows(chart: AwardChart, from: string, to: string) {
  const matches = (row: NonNullable<AwardChart['zonePrices']>[number], a: string, b: string) =>
    (row.from === a || row.from === '*') && (row.to === b || row.to === '*');
  return (chart.zonePrices ?? [])
    .filter((row) => matches(row, from, to) || (!row.oneDirection && matches(row, to, from)))
    .sort((a, b) => (a.maxMiles ?? Infinity) - (b.maxMiles ?? Infinity));
}

/** The programme's price for the itinerary in the cabin, or null when it cannot book or price it. */
export function priceAward(
  chart: AwardChart,
  legs: readonly PricedLeg[],
  cabin: Cabin,
): RedeemPrice | null {
  const first = legs[0];
  const last = legs[legs.length - 1];
  if (!first || !last || !canBook(chart, legs)) return null;
  const totalMiles = legs.reduce((sum, leg) => sum + leg.miles, 0);

  let price: number | null;
  let basis: PriceBasis;
  if (chart.pricing === 'distance' && chart.bands) {
    const bands = chart.bands;
    const parts = chart.perSegment
      ? legs.map((leg) => bandPrice(bands, leg.miles, leg.cabin ?? cabin))
      : [bandPrice(bands, totalMiles, cabin)];
    if (parts.some((part) => part === null)) return null;
    const priced = parts.filter((part) => part !== null);
    price = priced.reduce((sum, part) => sum + part.price, 0);
    basis = { kind: 'distance', perSegment: chart.perSegment, parts: priced };
  } else {
    // Zone and whole-trip charts price a mixed-cabin trip at its highest cabin, as the programmes do.
    const from = regionOf(chart, first.from);
    const to = regionOf(chart, last.to);
    if (!from || !to) return null;
    const rows = zoneRows(chart, from, to);
    const row =
      chart.pricing === 'zone-distance'
        ? rows.find((candidate) => candidate.maxMiles == null || totalMiles <= candidate.maxMiles)
        : rows[0];
    price = row?.[cabin] ?? null;
    basis = { kind: 'zone', from, to, miles: totalMiles, upTo: row?.maxMiles ?? null };
  }
  if (price === null) return null;

  const surcharges = legs.reduce(
    (sum, leg) => sum + (chart.fees.carrierSurchargePerSegment[leg.airline] ?? 0),
    0,
  );
  return {
    programme: chart.programme,
    miles: chart.oneWay ? price : Math.ceil(price / 2),
    feesUsd:
      Math.round(
        (chart.fees.perItinerary + chart.fees.perSegment * legs.length + surcharges) * 100,
      ) / 100,
    halfOfRoundTrip: !chart.oneWay,
    estimate: isEstimate(chart, legs),
    basis,
  };
}
