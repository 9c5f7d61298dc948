import { z } from 'zod';
import { AnnualCapSchema, BonusCountSchema } from '../storefront/limits.ts';
import { IdSchema, IsoDateSchema as IsoDate, LocalizedTextSchema } from '../cards/card-schema.ts';

/**
 * A programme's guide (docs/product/guides.md#programme-library): what the library pages at
 * /rewardslib/:id and /hotelslib/:id say about an airline or hotel programme, in three languages,
 * with the rules docs/product/storefront.md#mileage-facts lists (purchase cap, validity,
 * partner-redemption fee, seat hold, stopover) stored per programme, since each programme sets its
 * own. A rule the sources did not settle is null and the page says so rather than guessing.
 */

/** An amount in the currency a programme prices it in. */
export const PriceSchema = z
  .object({
    amount: z.number().nonnegative(),
    currency: z.enum(['USD', 'CAD', 'EUR', 'TWD', 'GBP']),
  })
  .strict();

export const PurchaseRuleSchema = z
  .object({
    /** Base price of 1,000 miles or points, before any sale. */
    pricePer1000: PriceSchema,
    /** Miles are sold in blocks of this many. */
    block: z.number().int().positive(),
    /** Most a member may buy in a calendar year: stated, a range, 'none' or 'unknown' (core/storefront/limits.ts). */
    annualCap: AnnualCapSchema,
    /** Whether sale bonus miles count towards the cap, or unknown. */
    capIncludesBonus: BonusCountSchema,
    note: LocalizedTextSchema.optional(),
  })
  .strict();
export type PurchaseRule = z.infer<typeof PurchaseRuleSchema>;

export const ProgrammeRulesSchema = z
  .object({
    purchase: PurchaseRuleSchema.nullable(),
    /** Months miles stay valid; null with a rule text when they do not expire or it depends on activity. */
    validity: z
      .object({ months: z.number().int().positive().nullable(), rule: LocalizedTextSchema })
      .strict()
      .nullable(),
    partnerRedemptionFee: z
      .object({
        fee: PriceSchema,
        per: z.enum(['one-way', 'ticket']),
        freeChangeHours: z.number().int().nonnegative().nullable(),
      })
      .strict()
      .nullable(),
    /** Hours an award seat can be held before ticketing; 0: no holds. */
    seatHold: z
      .object({ hours: z.number().int().nonnegative(), rule: LocalizedTextSchema })
      .strict()
      .nullable(),
    stopover: z
      .object({
        allowed: z.boolean(),
        maxDays: z.number().int().positive().nullable(),
        rule: LocalizedTextSchema,
      })
      .strict()
      .nullable(),
  })
  .strict();
export type ProgrammeRules = z.infer<typeof ProgrammeRulesSchema>;

export const GUIDE_PARTS = [
  'overview',
  'earn',
  'burn',
  'validity',
  'purchase',
  'seatHold',
  'stopover',
  'faq',
] as const;
export type GuidePart = (typeof GUIDE_PARTS)[number];

export const GuideMarkSchema = z
  .object({
    part: z.enum(GUIDE_PARTS),
    /** The question's place in `faq`, for a mark on a question. */
    index: z.number().int().nonnegative().optional(),
    note: LocalizedTextSchema,
    source: z.string().url().nullable(),
  })
  .strict();
export type GuideMark = z.infer<typeof GuideMarkSchema>;

export const ProgrammeGuideSchema = z
  .object({
    /** The programme's id in data/programmes.json (airline) or data/hotel-programmes.json (hotel). */
    id: IdSchema,
    kind: z.enum(['airline', 'hotel']),
    overview: LocalizedTextSchema,
    earn: LocalizedTextSchema,
    burn: LocalizedTextSchema,
    sweetSpots: z.array(LocalizedTextSchema).max(6),
    rules: ProgrammeRulesSchema,
    faq: z
      .array(z.object({ q: LocalizedTextSchema, a: LocalizedTextSchema }).strict())
      .min(3)
      .max(8),
    /**
     * What a part of the guide says that no source confirms: shown beside that part as the
     * 'unverified' mark with its note and source, instead of editors' remarks in running text.
     */
    marks: z.array(GuideMarkSchema).default([]),
    sources: z.array(z.string().url()).min(1),
    asOf: IsoDate,
    /** Facts taken from thin or old sources, in plain words. */
    unverified: z.array(z.string()),
  })
  .strict();
export type ProgrammeGuide = z.infer<typeof ProgrammeGuideSchema>;

export const HotelThemeSchema = z
  .object({
    id: IdSchema,
    name: LocalizedTextSchema,
    description: LocalizedTextSchema,
    hotels: z
      .array(
        z
          .object({
            name: LocalizedTextSchema,
            city: LocalizedTextSchema,
            /** ISO 3166-1 alpha-2. */
            country: z.string().regex(/^[A-Z]{2}$/),
            programme: z.string(),
            /** Standard points per night, lowest and highest season; equal when fixed. */
            pointsPerNight: z
              .object({ min: z.number().int().positive(), max: z.number().int().positive() })
              .strict(),
            note: LocalizedTextSchema.optional(),
          })
          .strict(),
      )
      .min(3),
  })
  .strict();
export type HotelTheme = z.infer<typeof HotelThemeSchema>;
