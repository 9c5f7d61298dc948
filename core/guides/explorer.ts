import { z } from 'zod';
import {
  canBook,
  priceAward,
  type Alliance,
  type AwardChart,
  type PriceBasis,
  type PricedLeg,
} from '../awards/award-pricing.ts';
import { greatCircleMiles } from '../awards/geo.ts';
import { CABINS, type Cabin } from '../awards/simulated-schedule.ts';
import type { PointsCurrency, Transfer } from '../cards/points-currency.ts';
import type { PurchaseRule } from './guide.ts';
import { buyQuote, currentCampaign, type BuyQuote, type SaleCampaign } from './explorer-buy.ts';
import { holdsOn } from '../dated.ts';
import { currentBonus, milesFor, pointsNeededFor, type TransferBonus } from './transfers.ts';

/**
 * (Over 400 lines on purpose: the form's checks, the chart options, the holdings and the answer are
 * one calculation that explorer.test.ts follows end to end.)
 *
 * The redeem explorer (docs/product/guides.md#redeem-explorer): from an amount of points or miles
 * (or the member's wallet), an origin and a cabin, every destination the points reach through
 * transfers and award charts, with the whole path (currency → ratio and bonus → programme → chart
 * row → miles needed); and, in buy-miles mode, what it costs to buy the miles still missing at the
 * programme's current sale price, within its purchase cap.
 */

/** A one-stop trip may fly at most this much further than the great circle (as the search engine allows). */
export const EXPLORER_DETOUR_LIMIT = 1.6;
export const MAX_EXPLORER_POINTS = 100_000_000;

export const EXPLORER_ERRORS = [
  'amount-required',
  'amount-invalid',
  'source-required',
  'source-unknown',
  'origin-required',
  'origin-unknown',
  'cabin-invalid',
] as const;
export type ExplorerError = (typeof EXPLORER_ERRORS)[number];

/** The form as the page sends it (query strings): checked in the order of docs/product/guides.md#redeem-explorer, amount then system. */
export const ExplorerQuerySchema = z
  .object({
    amount: z.string().trim().optional(),
    source: z.string().trim().max(60).optional(),
    origin: z.string().trim().max(3).optional(),
    cabin: z.string().optional(),
    /** `wallet=1`: the member's saved balances instead of an amount and a source. */
    wallet: z.enum(['0', '1']).optional(),
    /** `buy=1`: also destinations just out of reach, with the cost of the missing miles. */
    buy: z.enum(['0', '1']).optional(),
  })
  .strict();
export type ExplorerForm = z.infer<typeof ExplorerQuerySchema>;

/** The form once checked: an amount and its source are null in wallet mode. */
export interface ExplorerQuestion {
  amount: number | null;
  source: string | null;
  origin: string;
  cabin: Cabin;
  buy: boolean;
  wallet: boolean;
}

/**
 * Checks the form; field errors name what is wrong (docs/product/guides.md#redeem-explorer: an
 * amount of points or miles and a points system or programme are both required). Wallet mode needs
 * neither.
 */
export function checkExplorerForm(
  form: ExplorerForm,
  known: { currency: (id: string) => boolean; origin: (code: string) => boolean },
):
  | { request: ExplorerQuestion }
  | { errors: Partial<Record<'amount' | 'source' | 'origin' | 'cabin', ExplorerError>> } {
  const errors: Partial<Record<'amount' | 'source' | 'origin' | 'cabin', ExplorerError>> = {};
  const wallet = form.wallet === '1';
  let amount: number | null = null;
  if (!wallet) {
    const text = (form.amount ?? '').replaceAll(',', '');
    if (text === '') errors.amount = 'amount-required';
    else if (!/^\d+$/.test(text) || Number(text) <= 0 || Number(text) > MAX_EXPLORER_POINTS)
      errors.amount = 'amount-invalid';
    else amount = Number(text);
    if (!form.source) errors.source = 'source-required';
    else if (!known.currency(form.source)) errors.source = 'source-unknown';
  }
  const origin = (form.origin ?? '').toUpperCase();
  if (!origin) errors.origin = 'origin-required';
  else if (!known.origin(origin)) errors.origin = 'origin-unknown';
  const cabin = form.cabin ?? 'economy';
  if (!(CABINS as readonly string[]).includes(cabin)) errors.cabin = 'cabin-invalid';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    request: {
      amount,
      source: wallet ? null : (form.source ?? null),
      origin,
      cabin: cabin as Cabin,
      buy: form.buy === '1',
      wallet,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The network: airports, nonstop routes and the charts that price them.

export interface NetworkAirport {
  iata: string;
  country: string;
  lat: number;
  lon: number;
}

export interface Network {
  airports: ReadonlyMap<string, NetworkAirport>;
  /** Nonstop routes, flown both ways. */
  routes: readonly { airline: string; from: string; to: string }[];
  alliances: ReadonlyMap<string, Alliance | null>;
  charts: ReadonlyMap<string, AwardChart>;
}

export interface ExplorerLeg {
  airline: string;
  from: string;
  to: string;
  miles: number;
}

/** The cheapest way a programme's chart prices a trip to one destination. */
export interface ChartOption {
  programme: string;
  miles: number;
  feesUsd: number;
  halfOfRoundTrip: boolean;
  /** The programme prices these flights dynamically: an estimate. */
  estimate: boolean;
  legs: ExplorerLeg[];
  basis: PriceBasis;
}

/** For each programme with a chart, its cheapest award to each destination from the origin's airports, nonstop or one stop. */
// Who flies on from each airport, built once per route list rather than per origin.
const departuresOf = new WeakMap<
  Network['routes'],
  Map<string, { airline: string; to: string }[]>
>();
function departures(routes: Network['routes']): Map<string, { airline: string; to: string }[]> {
  let next = departuresOf.get(routes);
  if (!next) {
    const built = new Map<string, { airline: string; to: string }[]>();
    const link = (from: string, to: string, airline: string) => {
      const list = built.get(from) ?? [];
      list.push({ airline, to });
      built.set(from, list);
    };
    for (const route of routes) {
      link(route.from, route.to, route.airline);
      link(route.to, route.from, route.airline);
    }
    departuresOf.set(routes, built);
    next = built;
  }
  return next;
}

export function chartOptions(
  network: Network,
  originAirports: readonly string[],
  cabin: Cabin,
): Map<string, Map<string, ChartOption>> {
  const next = departures(network.routes);
  const origins = new Set(originAirports);
  const result = new Map<string, Map<string, ChartOption>>();
  const consider = (hops: { airline: string; from: string; to: string }[]) => {
    const legs: PricedLeg[] = [];
    for (const hop of hops) {
      const from = network.airports.get(hop.from);
      const to = network.airports.get(hop.to);
      if (!from || !to) return;
      legs.push({
        airline: hop.airline,
        alliance: network.alliances.get(hop.airline) ?? null,
        from: { airport: from.iata, country: from.country },
        to: { airport: to.iata, country: to.country },
        miles: Math.round(greatCircleMiles(from, to)),
      });
    }
    const destination = hops[hops.length - 1]!.to;
    for (const chart of network.charts.values()) {
      if (!canBook(chart, legs)) continue;
      const price = priceAward(chart, legs, cabin);
      if (!price) continue;
      const byDestination = result.get(chart.programme) ?? new Map<string, ChartOption>();
      result.set(chart.programme, byDestination);
      const held = byDestination.get(destination);
      // Cheaper wins; at the same price, fewer legs, then lower fees.
      if (
        held &&
        (held.miles < price.miles ||
          (held.miles === price.miles &&
            (held.legs.length < legs.length ||
              (held.legs.length === legs.length && held.feesUsd <= price.feesUsd))))
      )
        continue;
      byDestination.set(destination, {
        programme: chart.programme,
        miles: price.miles,
        feesUsd: price.feesUsd,
        halfOfRoundTrip: price.halfOfRoundTrip,
        estimate: price.estimate,
        legs: legs.map((leg) => ({
          airline: leg.airline,
          from: leg.from.airport,
          to: leg.to.airport,
          miles: leg.miles,
        })),
        basis: price.basis,
      });
    }
  };
  for (const origin of origins) {
    const start = network.airports.get(origin);
    if (!start) continue;
    for (const first of next.get(origin) ?? []) {
      if (origins.has(first.to)) continue;
      consider([{ airline: first.airline, from: origin, to: first.to }]);
      const via = network.airports.get(first.to);
      if (!via) continue;
      const firstMiles = greatCircleMiles(start, via);
      for (const second of next.get(first.to) ?? []) {
        if (origins.has(second.to) || second.to === first.to) continue;
        const end = network.airports.get(second.to);
        if (!end) continue;
        if (
          firstMiles + greatCircleMiles(via, end) >
          EXPLORER_DETOUR_LIMIT * greatCircleMiles(start, end)
        )
          continue;
        consider([
          { airline: first.airline, from: origin, to: first.to },
          { airline: second.airline, from: first.to, to: second.to },
        ]);
      }
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// What the member holds in each programme.

/** One way miles arrive in a programme: held there already, or transferred from a currency. */
export interface MilesSource {
  currency: string;
  /** Points of that currency available. */
  points: number;
  /** Null for miles held in the programme itself. */
  transfer: {
    ratio: Transfer['ratio'];
    minimum: number | null;
    increment: number | null;
    bonusPercent: number;
    bonusEnds: string | null;
  } | null;
  /** Miles these points become in the programme. */
  miles: number;
}

export interface ProgrammeHolding {
  programme: string;
  miles: number;
  /** In the order they are spent: miles held first, then transfers, best ratio first. */
  sources: MilesSource[];
}

const spendOrder = (a: MilesSource, b: MilesSource) =>
  Number(a.transfer !== null) - Number(b.transfer !== null) ||
  (b.transfer ? b.transfer.ratio.to / b.transfer.ratio.from : 0) -
    (a.transfer ? a.transfer.ratio.to / a.transfer.ratio.from : 0);

/** Miles each charted programme can receive from the holdings, with the bonus running today. */
export function programmeHoldings(
  holdings: readonly { currency: string; points: number }[],
  currencies: ReadonlyMap<string, Pick<PointsCurrency, 'id' | 'transfers'>>,
  charted: ReadonlySet<string>,
  bonuses: readonly TransferBonus[],
  today: string,
): Map<string, ProgrammeHolding> {
  const result = new Map<string, ProgrammeHolding>();
  const add = (programme: string, source: MilesSource) => {
    if (source.miles <= 0) return;
    const holding = result.get(programme) ?? { programme, miles: 0, sources: [] };
    holding.miles += source.miles;
    holding.sources.push(source);
    holding.sources.sort(spendOrder);
    result.set(programme, holding);
  };
  for (const { currency, points } of holdings) {
    if (charted.has(currency)) add(currency, { currency, points, transfer: null, miles: points });
    for (const transfer of currencies.get(currency)?.transfers ?? []) {
      if (!charted.has(transfer.to) || !holdsOn(transfer, today)) continue;
      const bonus = currentBonus(bonuses, currency, transfer.to, today);
      add(transfer.to, {
        currency,
        points,
        transfer: {
          ratio: transfer.ratio,
          minimum: transfer.minimum ?? null,
          increment: transfer.increment ?? null,
          bonusPercent: bonus?.percent ?? 0,
          bonusEnds: bonus?.end ?? null,
        },
        miles: milesFor(points, transfer, bonus?.percent ?? 0),
      });
    }
  }
  return result;
}

/**
 * The points to move for `miles`, taking the holding's sources in their order (miles held, then
 * the best ratio), each transfer rounded up to its increment. Null when the sources fall short.
 */
export function pointsToUse(
  miles: number,
  holding: ProgrammeHolding,
): { currency: string; points: number; miles: number }[] | null {
  const used: { currency: string; points: number; miles: number }[] = [];
  let missing = miles;
  for (const source of holding.sources) {
    if (missing <= 0) break;
    if (!source.transfer) {
      const take = Math.min(missing, source.points);
      used.push({ currency: source.currency, points: take, miles: take });
      missing -= take;
      continue;
    }
    const rule = {
      ratio: source.transfer.ratio,
      minimum: source.transfer.minimum ?? undefined,
      increment: source.transfer.increment ?? undefined,
    };
    const needed = pointsNeededFor(missing, rule, source.transfer.bonusPercent);
    const points = Math.min(needed, source.points);
    const got = milesFor(points, rule, source.transfer.bonusPercent);
    if (got <= 0) continue;
    used.push({ currency: source.currency, points, miles: got });
    missing -= got;
  }
  return missing <= 0 ? used : null;
}

export {
  buyQuote,
  currentCampaign,
  SaleCampaignSchema,
  type BuyQuote,
  type SaleCampaign,
} from './explorer-buy.ts';

// ---------------------------------------------------------------------------------------------
// The explorer's answer.

export interface ExplorerDestination {
  airport: string;
  country: string;
  lat: number;
  lon: number;
  option: ChartOption;
  /** Reachable: the points to move for it; out of reach: what the programme holds. */
  reachable: boolean;
  use: { currency: string; points: number; miles: number }[] | null;
  held: number;
  /** Buy-miles mode, out of reach: the purchase that closes the gap. */
  buy: BuyQuote | null;
}

export interface ExplorerResult {
  /** The origin, placed at its first airport for the map. */
  origin: { code: string; airports: string[]; lat: number; lon: number };
  cabin: Cabin;
  holdings: ProgrammeHolding[];
  destinations: ExplorerDestination[];
  /** Charted programmes the holdings reach. */
  programmesReached: string[];
}

export interface ExplorerData {
  network: Network;
  currencies: ReadonlyMap<string, Pick<PointsCurrency, 'id' | 'transfers' | 'cents'>>;
  bonuses: readonly TransferBonus[];
  campaigns: readonly SaleCampaign[];
  purchaseRules: ReadonlyMap<string, PurchaseRule | null>;
  /** US dollars per unit of a sale's currency, to compare purchases. */
  usdPer: (currency: string) => number;
}

/** Value spent, in US cents, to compare ways to the same place across currencies. */
function centsSpent(
  use: readonly { currency: string; points: number }[],
  currencies: ExplorerData['currencies'],
): number {
  return use.reduce(
    (sum, part) => sum + part.points * (currencies.get(part.currency)?.cents ?? 1),
    0,
  );
}

export function explore(
  data: ExplorerData,
  options: Map<string, Map<string, ChartOption>>,
  request: {
    holdings: { currency: string; points: number }[];
    origin: { code: string; airports: string[] };
    cabin: Cabin;
    buy: boolean;
  },
  today: string,
): ExplorerResult {
  const charted = new Set(data.network.charts.keys());
  const holdings = programmeHoldings(
    request.holdings,
    data.currencies,
    charted,
    data.bonuses,
    today,
  );
  const best = new Map<string, ExplorerDestination & { rank: number }>();
  const offer = (
    airport: string,
    candidate: Omit<ExplorerDestination, 'airport' | 'country' | 'lat' | 'lon'>,
    rank: number,
  ) => {
    const place = data.network.airports.get(airport);
    if (!place) return;
    const held = best.get(airport);
    // A reachable way beats any purchase; among equals the lower rank (value spent, or money paid) wins.
    if (
      held &&
      (Number(held.reachable) > Number(candidate.reachable) ||
        (held.reachable === candidate.reachable && held.rank <= rank))
    )
      return;
    best.set(airport, {
      airport,
      country: place.country,
      lat: place.lat,
      lon: place.lon,
      ...candidate,
      rank,
    });
  };
  for (const [programme, byDestination] of options) {
    const holding = holdings.get(programme) ?? { programme, miles: 0, sources: [] };
    const campaign = request.buy ? currentCampaign(data.campaigns, programme, today) : null;
    const rule = data.purchaseRules.get(programme) ?? null;
    for (const [airport, option] of byDestination) {
      const use = holding.miles >= option.miles ? pointsToUse(option.miles, holding) : null;
      if (use) {
        offer(
          airport,
          { option, reachable: true, use, held: holding.miles, buy: null },
          centsSpent(use, data.currencies),
        );
        continue;
      }
      // Buy-miles mode prices a gap only in a programme the points already reach.
      if (!request.buy || holding.miles === 0) continue;
      const quote = buyQuote(option.miles - holding.miles, programme, rule, campaign);
      if (quote)
        offer(
          airport,
          { option, reachable: false, use: null, held: holding.miles, buy: quote },
          quote.cost.amount * data.usdPer(quote.cost.currency),
        );
    }
  }
  const destinations = [...best.values()]
    .sort(
      (a, b) =>
        Number(b.reachable) - Number(a.reachable) ||
        a.rank - b.rank ||
        a.option.miles - b.option.miles ||
        a.airport.localeCompare(b.airport),
    )
    .map(({ rank: _rank, ...destination }) => destination);
  const at = data.network.airports.get(request.origin.airports[0] ?? '');
  return {
    origin: { ...request.origin, lat: at?.lat ?? 0, lon: at?.lon ?? 0 },
    cabin: request.cabin,
    holdings: [...holdings.values()].sort((a, b) => b.miles - a.miles),
    destinations,
    programmesReached: [...holdings.keys()].sort(),
  };
}
