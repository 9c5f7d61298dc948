import { z } from 'zod';

/**
 * A credit card as CardPlus shows it (docs/product/cards.md#card-tools). The schema checks the data
 * files in data/cards/ when they are read, and is the shape `GET /api/cards` answers with, so the
 * pages and outside callers see the same fields.
 */

const Localized = z.object({ en: z.string().min(1), 'zh-Hant': z.string().min(1), 'zh-Hans': z.string().min(1) }).strict();
export type LocalizedText = z.infer<typeof Localized>;
export { Localized as LocalizedTextSchema };

/** Data carries en, zh-Hant and zh-Hans; Japanese reads the English. */
export function localize(text: LocalizedText, language: 'en' | 'zh-Hant' | 'zh-Hans' | 'ja'): string {
  return language === 'ja' ? text.en : text[language];
}

/** Where cards are issued; a card's amounts are in its country's currency. */
export const CARD_COUNTRIES = ['US', 'TW'] as const;
export type CardCountry = (typeof CARD_COUNTRIES)[number];
export const COUNTRY_CURRENCY: Record<CardCountry, 'USD' | 'TWD'> = { US: 'USD', TW: 'TWD' };

/** The seven US issuers of docs/product/cards.md#card-tools, then the Taiwan banks. */
export const US_BANKS = ['chase', 'amex', 'citi', 'capital-one', 'bank-of-america', 'wells-fargo', 'us-bank'] as const;
export const TW_BANKS = ['cathay-united', 'ctbc', 'taishin', 'fubon', 'esun', 'sinopac', 'union-bank', 'hsbc-tw', 'first-bank', 'mega', 'dbs-tw', 'rakuten-tw', 'line-bank', 'shin-kong', 'far-eastern', 'hua-nan', 'yuanta', 'taiwan-cooperative', 'kgi', 'standard-chartered-tw', 'o-bank', 'land-bank', 'chang-hwa', 'taichung-bank', 'sunny-bank', 'bank-of-taiwan', 'richart'] as const;
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
export const SPEND_CATEGORIES = ['dining', 'groceries', 'gas', 'flights', 'hotels', 'travel', 'transit', 'streaming', 'drugstores', 'phone-internet', 'online-shopping', 'overseas', 'other'] as const;
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

/** A calendar date as the data files write it, YYYY-MM-DD. */
export const IsoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');
const IsoDate = IsoDateSchema;
/** A data file's id: lower case words joined by hyphens, `chase-sapphire-preferred`. */
export const IdSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);
const Url = z.string().url();

export const EarnRateSchema = z
  .object({
    category: z.enum(SPEND_CATEGORIES),
    /** Points (or miles) per one unit of the card's currency; for cash back, cents per dollar as a percent (1.5 = 1.5%). */
    rate: z.number().positive(),
    /** Spend that earns this rate per period; past it, the card's `other` rate. */
    cap: z.object({ spend: z.number().positive(), period: z.enum(CAP_PERIODS) }).strict().optional(),
    condition: z.enum(EARN_CONDITIONS).optional(),
    note: Localized.optional(),
  })
  .strict();
export type EarnRate = z.infer<typeof EarnRateSchema>;

export const WelcomeBonusSchema = z
  .object({
    /** Points or miles; for a cash-back card, the cash amount in the card's currency. */
    amount: z.number().nonnegative(),
    /** Spend required, in the card's currency, within `months`; 0 when there is none. */
    spend: z.number().nonnegative(),
    months: z.number().int().nonnegative(),
    /** Anything else in the offer (a free night, a travel credit, first-year fee waived). */
    extra: Localized.optional(),
  })
  .strict();
export type WelcomeBonus = z.infer<typeof WelcomeBonusSchema>;

/** One dated welcome-bonus record, for the detail page's history chart. */
export const BonusRecordSchema = WelcomeBonusSchema.extend({ date: IsoDate, source: Url.optional() }).strict();
export type BonusRecord = z.infer<typeof BonusRecordSchema>;

export const CardSchema = z
  .object({
    /** Stable and readable: `chase-sapphire-preferred`. */
    id: IdSchema,
    country: z.enum(CARD_COUNTRIES),
    bank: z.enum(CARD_BANKS),
    name: Localized,
    kind: z.enum(CARD_KINDS),
    business: z.boolean(),
    network: z.enum(CARD_NETWORKS),
    /** In the card's currency (US: USD, TW: TWD), per year. */
    annualFee: z.number().nonnegative(),
    /** The first year's fee when it differs (waived: 0). */
    firstYearFee: z.number().nonnegative().optional(),
    /** Foreign transaction fee, percent. */
    foreignFee: z.number().nonnegative(),
    /** What the card earns: a points currency or programme id of data/points-currencies.json, or `cash`. */
    earns: z.string().min(1),
    earn: z.array(EarnRateSchema).min(1),
    /** Yearly credits (travel, dining) in the card's currency, counted by the finder at half their value. */
    credits: z.array(z.object({ name: Localized, value: z.number().positive() }).strict()).default([]),
    /** Points given each card anniversary (Venture X's 10,000). */
    anniversaryPoints: z.number().nonnegative().default(0),
    features: z.array(Localized).min(1),
    description: Localized,
    welcomeBonus: WelcomeBonusSchema.nullable(),
    /** Dated offers, oldest first; the last one is the current offer. */
    bonusHistory: z.array(BonusRecordSchema),
    /** Where the facts come from and when they were checked. */
    source: Url,
    asOf: IsoDate,
    /** Facts not confirmed on the issuer's own page. */
    unverified: z.array(z.string()).default([]),
  })
  .strict()
  .superRefine((card, context) => {
    if (!card.earn.some((rate) => rate.category === 'other' && !rate.condition && !rate.cap)) {
      context.addIssue({ code: 'custom', path: ['earn'], message: 'needs a base rate: category other, without a cap or condition' });
    }
    const dates = card.bonusHistory.map((record) => record.date);
    if (dates.some((date, index) => index > 0 && date < dates[index - 1]!)) {
      context.addIssue({ code: 'custom', path: ['bonusHistory'], message: 'records must be oldest first' });
    }
  });
export type Card = z.infer<typeof CardSchema>;

/**
 * What a list of cards shows and filters on: a quarter of a card's data, without its features,
 * credits, description, offer history and notes, so a page of a hundred cards stays small.
 */
export type CardListItem = Pick<Card, 'id' | 'country' | 'bank' | 'name' | 'kind' | 'business' | 'network' | 'annualFee' | 'firstYearFee' | 'earns' | 'welcomeBonus'> & {
  earn: Omit<EarnRate, 'note'>[];
};

export function cardListItem(card: Card): CardListItem {
  const { id, country, bank, name, kind, business, network, annualFee, firstYearFee, earns, welcomeBonus } = card;
  return { id, country, bank, name, kind, business, network, annualFee, ...(firstYearFee === undefined ? {} : { firstYearFee }), earns, welcomeBonus, earn: card.earn.map(({ note: _note, ...rate }) => rate) };
}

/** The base rate: what spend outside every bonus category (and past every cap) earns. */
export function baseRate(card: Pick<Card, 'earn'>): number {
  return card.earn.find((rate) => rate.category === 'other' && !rate.condition && !rate.cap)!.rate;
}

export function cardTypes(card: Pick<Card, 'kind' | 'business'>): CardType[] {
  return card.business ? ['business', card.kind] : [card.kind];
}
