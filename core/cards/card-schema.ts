import { z } from 'zod';
import { CalendarDaySchema } from '../date-schemas.ts';
import {
  CAP_PERIODS,
  CARD_BANKS,
  CARD_COUNTRIES,
  CARD_KINDS,
  CARD_NETWORKS,
  EARN_CONDITIONS,
  SPEND_CATEGORIES,
} from './card.ts';

/**
 * The schemas of a credit card as CardPlus shows it (docs/product/cards.md#card-tools): they check
 * the data files in data/cards/ when they are read, and are the shape `GET /api/cards` answers
 * with, so the pages and outside callers see the same fields. The types and constants are in
 * card.ts, which the pages import without building these (zod builds a schema when its module
 * is evaluated, which a phone would pay for at every start).
 */

export const LocalizedTextSchema = z
  .object({ en: z.string().min(1), 'zh-Hant': z.string().min(1), 'zh-Hans': z.string().min(1) })
  .strict();
const Localized = LocalizedTextSchema;

/** A calendar date as the data files write it, YYYY-MM-DD. */
/** A day of the data's records: one that exists (core/date-schemas.ts). */
export const IsoDateSchema = CalendarDaySchema;
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
    cap: z
      .object({ spend: z.number().positive(), period: z.enum(CAP_PERIODS) })
      .strict()
      .optional(),
    condition: z.enum(EARN_CONDITIONS).optional(),
    note: Localized.optional(),
    /** A rate that holds for a while (3x until 31 Dec 2026, then 2x): its first and last day, inclusive. */
    since: IsoDate.optional(),
    until: IsoDate.optional(),
  })
  .strict();

export const WelcomeBonusSchema = z
  .object({
    /** Points or miles; for a cash-back card, the cash amount in the card's currency. */
    amount: z.number().nonnegative(),
    /** Spend required, in the card's currency, within `months`; 0 when there is none. */
    spend: z.number().nonnegative(),
    months: z.number().int().nonnegative(),
    /** Anything else in the offer (a free night, a travel credit, first-year fee waived). */
    extra: Localized.optional(),
    /** The last day to apply, when the issuer names one ("offer ends 1/15/2027"); after it the offer is history, not current. */
    until: IsoDate.optional(),
    /**
     * 'confirmed': the issuer's page or a dated report states this offer (`source`, `checked`).
     * 'unconfirmed': no page we read does; shown with that label, never counted in a value.
     */
    status: z.enum(['confirmed', 'unconfirmed']).optional(),
    source: Url.optional(),
    /** The day someone last checked the offer against `source`. */
    checked: IsoDate.optional(),
  })
  .strict();

/** One dated welcome-bonus record, for the detail page's history chart. */
export const BonusRecordSchema = WelcomeBonusSchema.extend({
  date: IsoDate,
  source: Url.optional(),
}).strict();

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
    credits: z
      .array(z.object({ name: Localized, value: z.number().positive() }).strict())
      .default([]),
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
      context.addIssue({
        code: 'custom',
        path: ['earn'],
        message: 'needs a base rate: category other, without a cap or condition',
      });
    }
    // A current offer says whether a source confirms it: an unconfirmed one is shown, never counted.
    if (card.welcomeBonus && !card.welcomeBonus.status)
      context.addIssue({
        code: 'custom',
        path: ['welcomeBonus', 'status'],
        message: 'a current welcome offer is confirmed or unconfirmed',
      });
    if (card.welcomeBonus?.status === 'confirmed' && !card.welcomeBonus.source)
      context.addIssue({
        code: 'custom',
        path: ['welcomeBonus', 'source'],
        message: 'a confirmed welcome offer names its page',
      });
    const dates = card.bonusHistory.map((record) => record.date);
    if (dates.some((date, index) => index > 0 && date < dates[index - 1]!)) {
      context.addIssue({
        code: 'custom',
        path: ['bonusHistory'],
        message: 'records must be oldest first',
      });
    }
  });
