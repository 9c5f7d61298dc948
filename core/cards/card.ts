import { endedBefore, holdsOn } from '../dated.ts';
import type { z } from 'zod';
import type {
  BonusRecordSchema,
  CardSchema,
  EarnRateSchema,
  LocalizedTextSchema,
  WelcomeBonusSchema,
} from './card-schema.ts';

/**
 * A credit card as CardPlus shows it (docs/product/cards.md#card-tools): its types, the lists its
 * fields take their values from, and what the pages compute from it. The schemas that check the
 * data files and the API's answers are in card-schema.ts.
 */

export type LocalizedText = z.infer<typeof LocalizedTextSchema>;
export type EarnRate = z.infer<typeof EarnRateSchema>;
export type WelcomeBonus = z.infer<typeof WelcomeBonusSchema>;
export type BonusRecord = z.infer<typeof BonusRecordSchema>;
export type Card = z.infer<typeof CardSchema>;

/** Data carries en, zh-Hant and zh-Hans; Japanese reads the English. */
export function localize(
  text: LocalizedText,
  language: 'en' | 'zh-Hant' | 'zh-Hans' | 'ja',
): string {
  return language === 'ja' ? text.en : text[language];
}

/** Where cards are issued; a card's amounts are in its country's currency. */
export const CARD_COUNTRIES = ['US', 'TW'] as const;
export type CardCountry = (typeof CARD_COUNTRIES)[number];
export const COUNTRY_CURRENCY: Record<CardCountry, 'USD' | 'TWD'> = { US: 'USD', TW: 'TWD' };

/** The seven US issuers of docs/product/cards.md#card-tools and Bilt (its cards are issued by Column N.A.), then the Taiwan banks. */
export const US_BANKS = [
  'chase',
  'amex',
  'citi',
  'capital-one',
  'bank-of-america',
  'wells-fargo',
  'us-bank',
  'bilt',
] as const;
export const TW_BANKS = [
  'cathay-united',
  'ctbc',
  'taishin',
  'fubon',
  'esun',
  'sinopac',
  'union-bank',
  'hsbc-tw',
  'first-bank',
  'mega',
  'dbs-tw',
  'rakuten-tw',
  'line-bank',
  'shin-kong',
  'far-eastern',
  'hua-nan',
  'yuanta',
  'taiwan-cooperative',
  'kgi',
  'standard-chartered-tw',
  'o-bank',
  'land-bank',
  'chang-hwa',
  'taichung-bank',
  'sunny-bank',
  'bank-of-taiwan',
  'richart',
] as const;
export const CARD_BANKS = [...US_BANKS, ...TW_BANKS] as const;
export type CardBank = (typeof CARD_BANKS)[number];

/**
 * The card types of docs/product/cards.md#card-tools. "Business" is also a flag of its own
 * (`business`), because a business card is also one of the other four (Ink Business Preferred earns
 * bank rewards).
 */
export const CARD_KINDS = ['airline', 'hotel', 'bank-rewards', 'cash-back'] as const;
export type CardKind = (typeof CARD_KINDS)[number];
export const CARD_TYPES = ['business', ...CARD_KINDS] as const;
export type CardType = (typeof CARD_TYPES)[number];

export const CARD_NETWORKS = ['visa', 'mastercard', 'amex', 'discover', 'jcb', 'unionpay'] as const;

/**
 * Spend categories of the card finder and of earn rates. `overseas` is spend in another currency
 * (Taiwan cards pay more on it); `other` is everything else, the base rate.
 */
export const SPEND_CATEGORIES = [
  'dining',
  'groceries',
  'gas',
  'flights',
  'hotels',
  'travel',
  'transit',
  'streaming',
  'drugstores',
  'phone-internet',
  'online-shopping',
  'overseas',
  'other',
] as const;
export type SpendCategory = (typeof SPEND_CATEGORIES)[number];

export const CAP_PERIODS = ['month', 'quarter', 'year'] as const;
export type CapPeriod = (typeof CAP_PERIODS)[number];
/** Periods in a year, to turn a cap into a yearly one. */
export const PERIODS_PER_YEAR: Record<CapPeriod, number> = { month: 12, quarter: 4, year: 1 };

/**
 * Conditions under which a rate applies only to part of a category: booked through the issuer's
 * travel site, at the co-brand's own airline or hotel, in rotating quarterly categories, or
 * after enrolling. The finder leaves such rates out (docs/cards.md); the card page shows them.
 */
export const EARN_CONDITIONS = ['portal', 'brand', 'rotating', 'enrolment'] as const;
export type EarnCondition = (typeof EARN_CONDITIONS)[number];

/**
 * What a list of cards shows and filters on: a quarter of a card's data, without its features,
 * credits, description, offer history and notes, so a page of a hundred cards stays small.
 */
export type CardListItem = Pick<
  Card,
  | 'id'
  | 'country'
  | 'bank'
  | 'name'
  | 'kind'
  | 'business'
  | 'network'
  | 'annualFee'
  | 'firstYearFee'
  | 'earns'
  | 'welcomeBonus'
> & {
  earn: Omit<EarnRate, 'note'>[];
};

/**
 * The card as it stands on `day`: an offer past its last day is no longer current (its record
 * stays in the history), so lists, the detail page and the finder's first-year value drop it by
 * themselves on the day after it ends.
 */
export function cardOn<T extends Pick<Card, 'welcomeBonus' | 'earn'>>(card: T, day: string): T {
  const earn = card.earn.filter((rate) => holdsOn(rate, day));
  const dated = earn.length === card.earn.length ? card : { ...card, earn };
  return dated.welcomeBonus && endedBefore(dated.welcomeBonus, day)
    ? { ...dated, welcomeBonus: null }
    : dated;
}

export function cardListItem(card: Card): CardListItem {
  const {
    id,
    country,
    bank,
    name,
    kind,
    business,
    network,
    annualFee,
    firstYearFee,
    earns,
    welcomeBonus,
  } = card;
  return {
    id,
    country,
    bank,
    name,
    kind,
    business,
    network,
    annualFee,
    ...(firstYearFee === undefined ? {} : { firstYearFee }),
    earns,
    welcomeBonus,
    earn: card.earn.map(({ note: _note, ...rate }) => rate),
  };
}

/** The base rate: what spend outside every bonus category (and past every cap) earns. */
export function baseRate(card: Pick<Card, 'earn'>): number {
  return card.earn.find((rate) => rate.category === 'other' && !rate.condition && !rate.cap)!.rate;
}

export function cardTypes(card: Pick<Card, 'kind' | 'business'>): CardType[] {
  return card.business ? ['business', card.kind] : [card.kind];
}
