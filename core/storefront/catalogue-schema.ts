import { z } from 'zod';
import { IdSchema, IsoDateSchema, LocalizedTextSchema } from '../cards/card-schema.ts';
import { MONEY_CURRENCIES } from '../locale.ts';
import { isCalendarDay } from '../dated.ts';
import {
  AnnualCapSchema,
  BonusCountSchema,
  PerOrderMaxSchema,
  PostingHoursSchema,
} from './limits.ts';

/**
 * What the storefront sells and has sold (docs/product/storefront.md): the programmes on sale
 * with their purchase rules, and their sale campaigns, past and present. Both are data files in
 * data/storefront/, checked against these schemas when the server starts.
 */

/** A price of 1,000 miles or points in a money currency the checkout can charge. */
export const SalePriceSchema = z
  .object({ amount: z.number().positive(), currency: z.enum(MONEY_CURRENCIES) })
  .strict();
export type SalePrice = z.infer<typeof SalePriceSchema>;

/** An instant as a data file writes it, with its offset: 2026-11-10T00:00:00-05:00. */
export const InstantSchema = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})$/,
    'an instant with its offset, 2026-11-10T00:00:00-05:00',
  )
  .refine((value) => isCalendarDay(value.slice(0, 10)), 'on a date that exists');

/** The programme's base price over time: a price holds from `since` to `until` (inclusive, YYYY-MM-DD). */
const BasePriceSchema = z
  .object({
    since: IsoDateSchema.nullable(),
    until: IsoDateSchema.nullable(),
    pricePer1000: SalePriceSchema,
    source: z.string().url(),
    /** Lower prices per 1,000 from larger orders (the programme's own steps), rising in `from`, falling in `amount`. */
    tiers: z
      .array(
        z.object({ from: z.number().int().positive(), amount: z.number().positive() }).strict(),
      )
      .optional(),
    /** No source confirms this price as current: shown with that label, no orders (docs/data-audit.md#unknown-is-its-own-value). */
    unconfirmed: z.string().optional(),
  })
  .strict()
  .refine(
    (price) =>
      (price.tiers ?? []).every(
        (tier, index, tiers) =>
          tier.amount < (index === 0 ? price.pricePer1000.amount : tiers[index - 1]!.amount) &&
          (index === 0 || tier.from > tiers[index - 1]!.from),
      ),
    {
      message: 'price tiers must rise in quantity and fall in price',
      path: ['tiers'],
    },
  );

export const StorefrontProgrammeSchema = z
  .object({
    /** The programme's id in data/programmes.json or data/hotel-programmes.json (its guide's id). */
    id: IdSchema,
    kind: z.enum(['airline', 'hotel']),
    /** What the programme calls its currency: "LifeMiles", "Avios", "Bonvoy points". */
    unit: LocalizedTextSchema,
    /** Base prices, oldest first; the last one has no `until`. */
    basePrices: z.array(BasePriceSchema).min(1),
    /** Miles are sold in multiples of this. */
    increment: z.number().int().positive(),
    minPerOrder: z.number().int().positive(),
    /** Most per order; 'none-stated' when the programme's terms give only a yearly limit (core/storefront/limits.ts). */
    maxPerOrder: PerOrderMaxSchema,
    /** Most one account may buy in a calendar year (in `timeZone`): stated, a range, 'none' or 'unknown'. */
    annualCap: AnnualCapSchema,
    /** Whether bonus miles count toward the annual cap, unless a campaign says otherwise. */
    capIncludesBonus: BonusCountSchema,
    /** The programme's own time zone: its calendar year and its sales' end times. */
    timeZone: z.string().min(3),
    /** Hours the programme usually takes to post a purchase, and the most it states. */
    postingHours: PostingHoursSchema,
    /** How bought miles expire, in the programme's words, or unknown. */
    expiry: z.union([LocalizedTextSchema, z.literal('unknown')]),
    /** The membership number: its pattern (a regular expression, whole value) and a made-up example of the shape. */
    account: z
      .object({
        pattern: z.string().min(2),
        example: z.string().min(3),
        label: LocalizedTextSchema,
      })
      .strict(),
    source: z.string().url(),
    asOf: IsoDateSchema,
    unverified: z.array(z.string()).default([]),
  })
  .strict()
  .superRefine((programme, context) => {
    if (programme.minPerOrder % programme.increment !== 0)
      context.addIssue({
        code: 'custom',
        path: ['minPerOrder'],
        message: 'the minimum is not a multiple of the increment',
      });
    const max = programme.maxPerOrder;
    if (typeof max === 'number' && (max % programme.increment !== 0 || max < programme.minPerOrder))
      context.addIssue({
        code: 'custom',
        path: ['maxPerOrder'],
        message: 'the maximum is not a multiple of the increment above the minimum',
      });
    programme.basePrices.forEach((price, index) => {
      const next = programme.basePrices[index + 1];
      if (next && (!price.until || !next.since || next.since <= price.until))
        context.addIssue({
          code: 'custom',
          path: ['basePrices', index],
          message: 'base prices overlap or leave the end open',
        });
      if (!next && price.until)
        context.addIssue({
          code: 'custom',
          path: ['basePrices', index],
          message: 'the newest base price has an end',
        });
    });
    try {
      new RegExp(`^(?:${programme.account.pattern})$`);
    } catch {
      context.addIssue({
        code: 'custom',
        path: ['account', 'pattern'],
        message: 'not a regular expression',
      });
    }
  });
export type StorefrontProgramme = z.infer<typeof StorefrontProgrammeSchema>;

/** A step of a bonus ladder: from this many miles bought, this percent on top. */
export const LadderStepSchema = z
  .object({ from: z.number().int().positive(), percent: z.number().int().positive().max(300) })
  .strict();

/** The terms a campaign must keep whoever writes them (the data file, or staff in the console). */
export function checkCampaignTerms(
  campaign: Pick<StorefrontCampaign, 'start' | 'end' | 'discountPercent' | 'bonusLadder'>,
  context: z.RefinementCtx,
): void {
  if (Date.parse(campaign.start) >= Date.parse(campaign.end))
    context.addIssue({
      code: 'custom',
      path: ['end'],
      message: 'a campaign ends before it starts',
    });
  if (campaign.discountPercent === 0 && campaign.bonusLadder.length === 0)
    context.addIssue({
      code: 'custom',
      path: ['bonusLadder'],
      message: 'a campaign with neither a discount nor a bonus',
    });
  campaign.bonusLadder.forEach((step, index) => {
    const before = campaign.bonusLadder[index - 1];
    if (before && (step.from <= before.from || step.percent <= before.percent))
      context.addIssue({
        code: 'custom',
        path: ['bonusLadder', index],
        message: 'ladder steps must rise in quantity and percent',
      });
  });
}

export const StorefrontCampaignSchema = z
  .object({
    id: IdSchema,
    programme: IdSchema,
    /** The campaign's first and last instants, with the offset of the programme's announcement. */
    start: InstantSchema,
    end: InstantSchema,
    /** Percent off the base price (whole percents: the charge's half-up rounding is exact for them). */
    discountPercent: z.number().int().min(0).max(90),
    /** Bonus percent by quantity bought, steps in rising order; empty for a plain discount. */
    bonusLadder: z.array(LadderStepSchema),
    /** A sale announced for a day or three: always "limited time". */
    flash: z.boolean().default(false),
    /** Whether this campaign's bonus miles count toward the annual cap, or the programme's rule. */
    bonusCountsTowardCap: z.enum(['yes', 'no', 'as-programme']),
    /** The report or page the campaign was read from. */
    source: z.string().url(),
    /**
     * 'confirmed': the programme announced it, or a dated report describes it (`announcement`).
     * 'unconfirmed': entered without either; listed with that label and never priced.
     */
    status: z.enum(['confirmed', 'unconfirmed']),
    announcement: z.object({ url: z.string().url(), date: IsoDateSchema }).strict().optional(),
    /** The day someone last checked the campaign against its source. */
    checked: IsoDateSchema,
    /** What is not confirmed about it (a date read from a later report, a ladder seen in one market). */
    unverified: z.string().optional(),
  })
  .strict()
  .superRefine((campaign, context) => {
    if ((campaign.status === 'confirmed') !== Boolean(campaign.announcement))
      context.addIssue({
        code: 'custom',
        path: ['announcement'],
        message: 'a confirmed campaign names its announcement, an unconfirmed one has none',
      });
    checkCampaignTerms(campaign, context);
  });
export type StorefrontCampaign = z.infer<typeof StorefrontCampaignSchema>;

const Sourced = {
  description: z.string(),
  source: z.string(),
  asOf: IsoDateSchema,
  unverified: z.array(z.string()).default([]),
};
export const StorefrontProgrammesFileSchema = z
  .object({ ...Sourced, programmes: z.array(StorefrontProgrammeSchema) })
  .strict();
export const StorefrontCampaignsFileSchema = z
  .object({ ...Sourced, campaigns: z.array(StorefrontCampaignSchema) })
  .strict();
