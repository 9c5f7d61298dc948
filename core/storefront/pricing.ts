import type { MoneyCurrency } from '../locale.ts';
import type { KnownLimits } from './limits.ts';

/**
 * The storefront's arithmetic (docs/storefront.md#prices): what an order of a programme's
 * miles costs under the campaign of the moment, its bonus, what it counts toward the annual cap,
 * and which state a sale is in. Plain functions of plain values, shared by the pages (which show
 * prices) and the server (which alone charges them). Money is in minor units (cents), as in
 * payments, so a price is an integer before it is ever shown.
 */

/** A sale is "limited time" in its final 72 hours (or when it is a flash sale throughout). */
export const LIMITED_TIME_HOURS = 72;
/** A quote keeps its price this long; after it, the checkout asks for a new one. */
export const QUOTE_HOLD_MINUTES = 15;

/** The limits an order is checked against: a programme's stated ones once all are known (`readLimits`). */
export type PurchaseRules = KnownLimits;

/** A step of a price that falls with quantity: from this many miles ordered, this price per 1,000. */
export interface PriceTier {
  from: number;
  amount: number;
}

export interface BasePrice {
  since: string | null;
  until: string | null;
  pricePer1000: { amount: number; currency: MoneyCurrency };
  /** Lower prices per 1,000 for larger orders (IHG's), rising in `from` and falling in `amount`. */
  tiers?: readonly PriceTier[];
}

/** The price per 1,000 an order is charged at: the base price, and its tiers by quantity. */
export interface UnitPrice {
  amount: number;
  currency: MoneyCurrency;
  tiers?: readonly PriceTier[];
}

export interface CampaignTerms {
  id: string;
  start: string;
  end: string;
  discountPercent: number;
  bonusLadder: readonly { from: number; percent: number }[];
  flash: boolean;
  /** Settled from the campaign's and the programme's rules; true where neither is known. */
  bonusCountsTowardCap: boolean;
  /** Announced by the programme or described in a dated report; an unconfirmed campaign is never priced. */
  confirmed: boolean;
}

/** What pricing an order reads of a campaign (the pages pass the API's view of one). */
export type PricedCampaign = Pick<
  CampaignTerms,
  'id' | 'discountPercent' | 'bonusLadder' | 'bonusCountsTowardCap'
>;

export type CampaignState = 'upcoming' | 'ongoing' | 'limited' | 'expired';
/** The state of a programme's sale (docs/product/storefront.md#sale-campaigns: ongoing, limited time, no sale). */
export type SaleState = 'ongoing' | 'limited' | 'no-sale';

/** The base price on a day (YYYY-MM-DD): the dated price that holds then, else the oldest (history before the first record). */
export function basePriceOn(prices: readonly BasePrice[], day: string): UnitPrice {
  const price = basePriceRecordOn(prices, day);
  return price.tiers && price.tiers.length > 0
    ? { ...price.pricePer1000, tiers: price.tiers }
    : price.pricePer1000;
}

/** The dated price record that holds on a day, else the oldest (before the first record) or the newest. */
export function basePriceRecordOn<T extends BasePrice>(prices: readonly T[], day: string): T {
  const holding = prices.find(
    (price) => (!price.since || price.since <= day) && (!price.until || day <= price.until),
  );
  return (holding ?? (day < (prices[0]?.since ?? '') ? prices[0] : prices[prices.length - 1]))!;
}

/** The bonus percent an order of `quantity` earns: the highest ladder step it reaches, 0 below the first. */
export function bonusPercentAt(ladder: CampaignTerms['bonusLadder'], quantity: number): number {
  let percent = 0;
  for (const step of ladder) if (quantity >= step.from) percent = step.percent;
  return percent;
}

export interface OrderPrice {
  quantity: number;
  /** Extra miles from the campaign's bonus, rounded down. */
  bonus: number;
  /** Miles the account receives. */
  total: number;
  /** What is charged, minor units. */
  amount: number;
  currency: MoneyCurrency;
  discountPercent: number;
  bonusPercent: number;
  /** What 1,000 of the received miles cost, minor units (fractional: a price per mile, not a charge). */
  pricePer1000: number;
  /** Miles this order counts toward the programme's annual cap. */
  countedTowardCap: number;
  campaignId: string | null;
}

/** The base price of 1,000 miles in minor units, for an order of `quantity` (the smallest order's price by default). */
export function minorPer1000(price: UnitPrice, quantity = 0): number {
  let amount = price.amount;
  for (const tier of price.tiers ?? []) if (quantity >= tier.from) amount = tier.amount;
  return Math.round(amount * 100);
}

/**
 * The price of `quantity` miles: the base price less the campaign's discount, rounded half up to
 * the cent once for the whole order; the ladder's bonus on top, rounded down.
 */
export function priceOrder(
  rules: PurchaseRules,
  base: UnitPrice,
  campaign: PricedCampaign | null,
  quantity: number,
): OrderPrice {
  const discountPercent = campaign?.discountPercent ?? 0;
  const bonusPercent = campaign ? bonusPercentAt(campaign.bonusLadder, quantity) : 0;
  const amount = Math.round(
    (minorPer1000(base, quantity) * quantity * (100 - discountPercent)) / 100_000,
  );
  const bonus = Math.floor((quantity * bonusPercent) / 100);
  const total = quantity + bonus;
  const bonusCounts = campaign ? campaign.bonusCountsTowardCap : rules.capIncludesBonus;
  return {
    quantity,
    bonus,
    total,
    amount,
    currency: base.currency,
    discountPercent,
    bonusPercent,
    pricePer1000: (amount * 1000) / total,
    countedTowardCap: bonusCounts ? total : quantity,
    campaignId: campaign?.id ?? null,
  };
}

/** The quantities an order may have, or why `quantity` is not one of them. */
export function quantityProblem(
  rules: PurchaseRules,
  quantity: number,
): 'below-minimum' | 'above-maximum' | 'not-in-increments' | null {
  if (!Number.isInteger(quantity) || quantity < rules.minPerOrder) return 'below-minimum';
  if (quantity > rules.maxPerOrder) return 'above-maximum';
  if (quantity % rules.increment !== 0) return 'not-in-increments';
  return null;
}

/** The quantities the price table shows: the minimum, round steps, each ladder step and price tier, the maximum. */
export function tableQuantities(
  rules: PurchaseRules,
  campaign: Pick<CampaignTerms, 'bonusLadder'> | null,
  base?: UnitPrice,
): number[] {
  const round = [1_000, 2_000, 5_000, 10_000, 20_000, 30_000, 50_000, 100_000, 150_000];
  const wanted = [
    rules.minPerOrder,
    ...round,
    ...(campaign?.bonusLadder.map((step) => step.from) ?? []),
    ...(base?.tiers?.map((tier) => tier.from) ?? []),
    rules.maxPerOrder,
  ];
  return [
    ...new Set(wanted.map((quantity) => Math.ceil(quantity / rules.increment) * rules.increment)),
  ]
    .filter((quantity) => quantity >= rules.minPerOrder && quantity <= rules.maxPerOrder)
    .sort((a, b) => a - b);
}

/**
 * The lowest price per 1,000 received miles an order can reach under a campaign (the "price
 * from" of docs/product/storefront.md#what-is-sold): tried at each ladder step and at the largest order, within the rules.
 */
export function bestPricePer1000(
  rules: PurchaseRules,
  base: UnitPrice,
  campaign: CampaignTerms | null,
): OrderPrice {
  const candidates = tableQuantities(rules, campaign, base);
  return candidates
    .map((quantity) => priceOrder(rules, base, campaign, quantity))
    .reduce((best, order) => (order.pricePer1000 < best.pricePer1000 - 1e-9 ? order : best));
}

/**
 * What a campaign offers, in the order the pages and the banner word it: its discount, then its top
 * bonus ("up to" when the ladder has more than one step). Each is a catalog key under `offer.`.
 */
export function offerTerms(
  campaign: Pick<CampaignTerms, 'discountPercent' | 'bonusLadder'>,
): { key: 'discount' | 'bonus' | 'upToBonus'; percent: number }[] {
  const top = campaign.bonusLadder.at(-1)?.percent ?? 0;
  return [
    ...(campaign.discountPercent > 0
      ? [{ key: 'discount' as const, percent: campaign.discountPercent }]
      : []),
    ...(top > 0
      ? [
          {
            key: campaign.bonusLadder.length > 1 ? ('upToBonus' as const) : ('bonus' as const),
            percent: top,
          },
        ]
      : []),
  ];
}

/** Where a campaign stands at an instant. */
export function campaignState(
  campaign: Pick<CampaignTerms, 'start' | 'end' | 'flash'>,
  now: Date,
): CampaignState {
  const at = now.getTime();
  const start = Date.parse(campaign.start);
  const end = Date.parse(campaign.end);
  if (at < start) return 'upcoming';
  if (at >= end) return 'expired';
  return campaign.flash || end - at <= LIMITED_TIME_HOURS * 3_600_000 ? 'limited' : 'ongoing';
}

/** Of a programme's confirmed campaigns, the one running at `now` that reaches the lowest price; null: no sale. */
export function liveCampaign<T extends CampaignTerms>(
  campaigns: readonly T[],
  rules: PurchaseRules,
  base: UnitPrice,
  now: Date,
): T | null {
  const running = campaigns.filter((campaign) => {
    if (!campaign.confirmed) return false;
    const state = campaignState(campaign, now);
    return state === 'ongoing' || state === 'limited';
  });
  let best: T | null = null;
  let bestPrice = Infinity;
  for (const campaign of running) {
    const price = bestPricePer1000(rules, base, campaign).pricePer1000;
    if (price < bestPrice) [best, bestPrice] = [campaign, price];
  }
  return best;
}

/** The sale state a programme shows. */
export function saleState(live: CampaignTerms | null, now: Date): SaleState {
  if (!live) return 'no-sale';
  return campaignState(live, now) === 'limited' ? 'limited' : 'ongoing';
}

/** The calendar year of an instant in a time zone (a programme's cap runs by its own year). */
export function yearIn(instant: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(instant));
}

/**
 * What an account may still buy this year: the cap less what its paid and pending orders count,
 * in whole increments; null when the programme states no cap.
 */
export function capRemaining(rules: PurchaseRules, countedThisYear: number): number | null {
  if (rules.annualCap === null) return null;
  return Math.max(0, rules.annualCap - countedThisYear);
}

/**
 * The largest order (miles bought) whose count toward the cap fits in `remaining`, for the
 * message that names how many can still be bought; 0 when not even the minimum fits.
 */
export function largestOrderWithin(
  rules: PurchaseRules,
  base: UnitPrice,
  campaign: PricedCampaign | null,
  remaining: number,
): number {
  for (
    let quantity = Math.min(
      rules.maxPerOrder,
      Math.floor(remaining / rules.increment) * rules.increment,
    );
    quantity >= rules.minPerOrder;
    quantity -= rules.increment
  ) {
    if (priceOrder(rules, base, campaign, quantity).countedTowardCap <= remaining) return quantity;
  }
  return 0;
}
