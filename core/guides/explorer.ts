import { type Cabin } from '../awards/simulated-schedule.ts';
import type { PointsCurrency } from '../cards/points-currency.ts';
import type { PurchaseRule } from './guide.ts';
import { buyQuote, currentCampaign, type BuyQuote, type SaleCampaign } from './explorer-buy.ts';
import { type TransferBonus } from './transfers.ts';
import { type ChartOption, type Network } from './explorer-routes.ts';
import { pointsToUse, programmeHoldings, type ProgrammeHolding } from './explorer-holdings.ts';

/**
 * The redeem explorer (docs/product/guides.md#redeem-explorer): from an amount of points or miles
 * (or the member's wallet), an origin and a cabin, every destination the points reach through
 * transfers and award charts, with the whole path (currency → ratio and bonus → programme → chart
 * row → miles needed); and, in buy-miles mode, what it costs to buy the miles still missing at the
 * programme's current sale price, within its purchase cap.
 *
 * One calculation in four files: the form's checks (explorer-form.ts), the route graph and chart
 * options (explorer-routes.ts), the holdings (explorer-holdings.ts), buy quotes (explorer-buy.ts),
 * and here the answer. Importers use this file; explorer.test.ts follows it end to end.
 */
export * from './explorer-form.ts';
export * from './explorer-routes.ts';
export * from './explorer-holdings.ts';

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
