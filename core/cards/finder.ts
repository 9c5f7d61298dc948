import type { MoneyCurrency } from '../locale.ts';
import {
  COUNTRY_CURRENCY,
  PERIODS_PER_YEAR,
  SPEND_CATEGORIES,
  baseRate,
  type Card,
  type EarnRate,
  type SpendCategory,
} from './card.ts';

/**
 * The card finder's arithmetic (docs/cards.md#the-card-finder). A member's monthly spend by
 * category, in their money currency, becomes a year's earnings on each card, valued in cents per
 * point, plus the welcome bonus when its spend requirement is reachable, plus credits, minus the
 * annual fee. Every step is kept so the page can show the sum for each card (docs/cards.md has the
 * rules and a worked case).
 */

export type MonthlySpend = Partial<Record<SpendCategory, number>>;

/** Yearly credits are counted at half their face value: few holders use every credit in full. */
export const CREDIT_USE_RATE = 0.5;

/** What the finder needs about a card's currency: its value, and whether it is cash. */
export interface CurrencyValue {
  /** US cents per point; unused for cash. */
  cents: number;
  cash: boolean;
}

export interface Rates {
  /** Units of each money currency per US dollar. */
  perUsd: Record<MoneyCurrency, number>;
}

/** A slice of one category's spend at one rate (a capped rate, then the base rate past the cap). */
export interface EarnTier {
  /** Yearly spend in this slice, in the card's currency. */
  spend: number;
  rate: number;
  /** The slice ends at a cap of this yearly spend. */
  capped: number | null;
  points: number;
}

export interface CategoryEarning {
  category: SpendCategory;
  /** Yearly spend in the card's currency. */
  spend: number;
  tiers: EarnTier[];
  points: number;
}

export interface BonusCheck {
  amount: number;
  /** Spend the offer asks for, and in how many months, in the card's currency. */
  required: number;
  months: number;
  /** What the member's spend comes to in those months. */
  reached: number;
  reachable: boolean;
  /** No issuer page or dated report confirms the offer: it is shown, never counted. */
  unconfirmed: boolean;
  /** In the member's currency; 0 when not reachable or unconfirmed. */
  value: number;
}

export interface CardValue {
  cardId: string;
  /** The card's own money currency and the member's. */
  cardCurrency: 'USD' | 'TWD';
  currency: MoneyCurrency;
  /** One point, in the member's currency (for cash, the value of 1% of one unit is not used). */
  pointValue: number;
  cash: boolean;
  categories: CategoryEarning[];
  /** Points (or, for cash, money in the card's currency) earned in a year. */
  points: number;
  /** The year's earnings in the member's currency. */
  earnValue: number;
  bonus: BonusCheck | null;
  credits: number;
  anniversaryValue: number;
  firstYearFee: number;
  annualFee: number;
  firstYear: number;
  ongoing: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** An amount of one money currency in another, through the US dollar. */
export function convert(
  amount: number,
  from: MoneyCurrency,
  to: MoneyCurrency,
  rates: Rates,
): number {
  if (from === to) return amount;
  return (amount / rates.perUsd[from]) * rates.perUsd[to];
}

/**
 * The share of spend an earning rate gives back, the same measure for every card: a cash card's
 * percent, or the points per unit of the card's money times what a point is worth (US cents),
 * valued in that money. 3% cash back and NT$15 a mile at 1.5¢ a mile (about 3.2%) compare.
 */
export function returnShare(
  card: Pick<Card, 'earns' | 'country'>,
  rate: number,
  centsPerPoint: number,
  rates: Rates,
): number {
  if (card.earns === 'cash') return rate / 100;
  return (rate * centsPerPoint) / 100 / convert(1, COUNTRY_CURRENCY[card.country], 'USD', rates);
}

/** The rates that apply to a category in the finder, best first: conditional rates are left out. */
function ratesFor(card: Card, category: SpendCategory): EarnRate[] {
  return card.earn
    .filter((rate) => rate.category === category && !rate.condition && category !== 'other')
    .sort((a, b) => b.rate - a.rate);
}

/** A year's spend in one category, split over the card's rates: each capped rate up to its cap, the rest at the next, the remainder at the base rate. */
export function earnCategory(
  card: Card,
  category: SpendCategory,
  yearlySpend: number,
): CategoryEarning {
  const base = baseRate(card);
  const tiers: EarnTier[] = [];
  let left = yearlySpend;
  for (const rate of ratesFor(card, category)) {
    if (left <= 0) break;
    if (rate.rate <= base) continue;
    const capped = rate.cap ? rate.cap.spend * PERIODS_PER_YEAR[rate.cap.period] : null;
    const spend = capped === null ? left : Math.min(left, capped);
    tiers.push({
      spend,
      rate: rate.rate,
      capped: capped !== null && left > capped ? capped : null,
      points: spend * rate.rate,
    });
    left -= spend;
  }
  if (left > 0 || tiers.length === 0)
    tiers.push({ spend: left, rate: base, capped: null, points: left * base });
  return {
    category,
    spend: yearlySpend,
    tiers,
    points: tiers.reduce((sum, tier) => sum + tier.points, 0),
  };
}

export function valueCard(
  card: Card,
  spend: MonthlySpend,
  currency: MoneyCurrency,
  worth: CurrencyValue,
  rates: Rates,
): CardValue {
  const cardCurrency = COUNTRY_CURRENCY[card.country];
  const toMember = (amount: number) => convert(amount, cardCurrency, currency, rates);
  const monthly = (category: SpendCategory) =>
    convert(Math.max(0, spend[category] ?? 0), currency, cardCurrency, rates);
  const categories = SPEND_CATEGORIES.filter((category) => monthly(category) > 0).map((category) =>
    earnCategory(card, category, monthly(category) * 12),
  );
  const points = categories.reduce((sum, earning) => sum + earning.points, 0);
  // Cash back: the rate is a percent, so "points" are hundredths of the card's currency.
  const pointValue = worth.cash
    ? toMember(0.01)
    : toMember(convert(worth.cents / 100, 'USD', cardCurrency, rates));
  const earnValue = points * pointValue;

  let bonus: BonusCheck | null = null;
  if (card.welcomeBonus && card.welcomeBonus.amount > 0) {
    const offer = card.welcomeBonus;
    const totalMonthly = SPEND_CATEGORIES.reduce((sum, category) => sum + monthly(category), 0);
    const reached = totalMonthly * Math.max(offer.months, 1);
    const reachable = reached >= offer.spend;
    const offerValue = worth.cash ? toMember(offer.amount) : offer.amount * pointValue;
    const unconfirmed = offer.status !== 'confirmed';
    bonus = {
      amount: offer.amount,
      required: offer.spend,
      months: offer.months,
      reached,
      reachable,
      unconfirmed,
      value: reachable && !unconfirmed ? offerValue : 0,
    };
  }
  const credits = toMember(
    card.credits.reduce((sum, credit) => sum + credit.value, 0) * CREDIT_USE_RATE,
  );
  const anniversaryValue = card.anniversaryPoints * pointValue;
  const firstYearFee = toMember(card.firstYearFee ?? card.annualFee);
  const annualFee = toMember(card.annualFee);
  return {
    cardId: card.id,
    cardCurrency,
    currency,
    pointValue,
    cash: worth.cash,
    categories,
    points,
    earnValue: round2(earnValue),
    bonus: bonus && { ...bonus, value: round2(bonus.value) },
    credits: round2(credits),
    anniversaryValue: round2(anniversaryValue),
    firstYearFee: round2(firstYearFee),
    annualFee: round2(annualFee),
    // The anniversary points come at the end of the first year, so they count from the second.
    firstYear: round2(earnValue + (bonus?.value ?? 0) + credits - firstYearFee),
    ongoing: round2(earnValue + credits + anniversaryValue - annualFee),
  };
}

export type FinderOrder = 'first-year' | 'ongoing';

/** Values every card and ranks them, best first; ties keep the cards' order. */
export function rankCards(
  cards: readonly Card[],
  spend: MonthlySpend,
  currency: MoneyCurrency,
  worthOf: (card: Card) => CurrencyValue,
  rates: Rates,
  order: FinderOrder,
): CardValue[] {
  const key = order === 'first-year' ? 'firstYear' : 'ongoing';
  return cards
    .map((card) => valueCard(card, spend, currency, worthOf(card), rates))
    .sort((a, b) => b[key] - a[key]);
}
