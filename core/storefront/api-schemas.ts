import { z } from 'zod';
import { CabinSchema } from '../awards/api-schemas.ts';
import { LocalizedNameSchema } from '../cards/api-schemas.ts';
import { ProgrammeRulesSchema } from '../guides/guide.ts';
import { MONEY_CURRENCIES } from '../locale.ts';
import { AnnualCapSchema, BonusCountSchema, CLOSED_REASONS, PostingHoursSchema } from './limits.ts';

/**
 * What the storefront's API answers (docs/product/storefront.md), one contract for the pages and
 * the server. Names and texts come in all three languages (the page picks one), so an answer can
 * be kept for every visitor. Money is in minor units of `currency`, the currency the programme
 * sells in and the checkout charges; the pages show it converted beside.
 */

const Currency = z.enum(MONEY_CURRENCIES);
const Minor = z.number().describe('Minor units (cents) of the programme’s currency');

export const CampaignViewSchema = z.object({
  id: z.string(),
  programme: z.string(),
  start: z.string().describe('ISO instant'),
  end: z.string().describe('ISO instant'),
  timeZone: z.string().describe('The programme’s time zone'),
  startsLocal: z
    .object({ date: z.string(), time: z.string(), offset: z.string() })
    .describe('The start as the programme announced it'),
  endsLocal: z
    .object({ date: z.string(), time: z.string(), offset: z.string() })
    .describe(
      'The end as the programme announced it: its wall-clock day and time and their UTC offset',
    ),
  state: z.enum(['upcoming', 'ongoing', 'limited', 'expired']),
  flash: z.boolean(),
  discountPercent: z.number(),
  bonusLadder: z.array(z.object({ from: z.number().int(), percent: z.number() })),
  bonusCountsTowardCap: z.boolean(),
  /** The lowest price per 1,000 received miles the campaign reaches (its "price from"); null for an unconfirmed campaign, which is never priced. */
  pricePer1000: Minor.nullable(),
  status: z.enum(['confirmed', 'unconfirmed']),
  announcement: z
    .object({ url: z.string(), date: z.string() })
    .nullable()
    .describe('The programme’s announcement or the dated report that confirms the campaign'),
  source: z.string(),
  unverified: z.string().nullable(),
});
export type CampaignView = z.infer<typeof CampaignViewSchema>;

export const ProgrammeOnSaleSchema = z.object({
  id: z.string(),
  kind: z.enum(['airline', 'hotel']),
  name: LocalizedNameSchema,
  unit: LocalizedNameSchema,
  currency: Currency,
  basePricePer1000: Minor,
  basePriceTiers: z
    .array(z.object({ from: z.number().int(), pricePer1000: Minor }))
    .describe('Lower prices per 1,000 from larger orders; empty for one price'),
  saleState: z.enum(['ongoing', 'limited', 'no-sale']),
  orders: z
    .enum(['open', ...CLOSED_REASONS])
    .describe(
      'Whether orders are taken; closed while the price or a limit they rest on is unknown',
    ),
  campaign: CampaignViewSchema.nullable().describe(
    'The campaign running now that reaches the lowest price',
  ),
  /** The lowest price per 1,000 now: the campaign's, or the base price. */
  pricePer1000: Minor,
  lowest12Months: Minor.nullable().describe(
    'The lowest campaign price per 1,000 in the last 12 months, the current one included',
  ),
  isLowest12Months: z.boolean().describe('Today’s price is the lowest of the last 12 months'),
});
export type ProgrammeOnSale = z.infer<typeof ProgrammeOnSaleSchema>;

export const OrderPriceSchema = z.object({
  quantity: z.number().int(),
  bonus: z.number().int(),
  total: z.number().int(),
  amount: z.number().int().describe('Minor units charged'),
  currency: Currency,
  discountPercent: z.number(),
  bonusPercent: z.number(),
  pricePer1000: Minor,
  countedTowardCap: z.number().int(),
  campaignId: z.string().nullable(),
});
export type OrderPriceView = z.infer<typeof OrderPriceSchema>;

export const SampleRedemptionSchema = z.object({
  origin: z.string(),
  destination: z.string(),
  cabin: CabinSchema,
  date: z.string(),
  miles: z.number().int(),
  feesUsd: z.number(),
  cashUsd: z.number().describe('The estimated cash fare of the same trip, US dollars'),
  estimate: z.boolean(),
  simulated: z.boolean().describe('The award came from the simulated source'),
  /** What buying those miles costs today (the smallest order that covers them). */
  buy: OrderPriceSchema.nullable(),
});
export type SampleRedemption = z.infer<typeof SampleRedemptionSchema>;

export const ProgrammeSaleDetailSchema = ProgrammeOnSaleSchema.extend({
  rules: z.object({
    increment: z.number().int(),
    minPerOrder: z.number().int(),
    maxPerOrder: z
      .number()
      .int()
      .nullable()
      .describe('The largest order taken; null while orders are closed'),
    annualCap: AnnualCapSchema,
    capIncludesBonus: BonusCountSchema,
    timeZone: z.string(),
    postingHours: PostingHoursSchema,
    expiry: z.union([LocalizedNameSchema, z.literal('unknown')]),
  }),
  account: z.object({ pattern: z.string(), example: z.string(), label: LocalizedNameSchema }),
  /** Prices of the usual quantities under the campaign running now. */
  priceTable: z.array(OrderPriceSchema),
  basePrices: z.array(
    z.object({ since: z.string().nullable(), until: z.string().nullable(), pricePer1000: Minor }),
  ),
  /** Every campaign recorded, oldest first. */
  history: z.array(CampaignViewSchema),
  allTimeLow: z
    .object({ pricePer1000: Minor, campaignId: z.string(), start: z.string() })
    .nullable(),
  sample: SampleRedemptionSchema.nullable(),
  guideRules: ProgrammeRulesSchema.nullable().describe(
    'The programme’s rules from its guide (validity, partner fee, seat hold, stopover)',
  ),
  source: z.string(),
  asOf: z.string(),
  unverified: z.array(z.string()),
});
export type ProgrammeSaleDetail = z.infer<typeof ProgrammeSaleDetailSchema>;

export const SaleEventSchema = CampaignViewSchema.extend({
  name: LocalizedNameSchema,
  kind: z.enum(['airline', 'hotel']),
  currency: Currency,
});
export type SaleEvent = z.infer<typeof SaleEventSchema>;
