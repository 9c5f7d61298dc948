import { z } from 'zod';
import { LanguageSchema } from './preferences.ts';

/**
 * The top campaign banner's promotion, fetched by language (docs/product/platform.md#the-named-calls):
 * one staff entered (a number), else the storefront's live sale (`sale:<campaign>`).
 */
export const PromotionSchema = z.object({
  id: z.union([z.number().int(), z.string()]),
  title: z.string(),
  linkPath: z.string(),
  endsAt: z.string().nullable(),
});
export type Promotion = z.infer<typeof PromotionSchema>;

export const PromotionQuerySchema = z.object({ lang: LanguageSchema.default('en') });

export const CurrentPromotionResponseSchema = z.object({
  ok: z.literal(true),
  promotion: PromotionSchema.nullable(),
});

/** What /promo lists (docs/product/site.md#promotions): each kind of offer the site knows to end. */
export const PROMO_KINDS = [
  'sale',
  'transfer-bonus',
  'card-offer',
  'shop-discount',
  'site',
] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** One current promotion on /promo, in the language asked for, with where it is and when it ends. */
export const PromoEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(PROMO_KINDS),
  title: z.string(),
  linkPath: z.string(),
  /** Its last moment (an instant), or its last day (YYYY-MM-DD); null: no end announced. */
  endsAt: z.string().nullable(),
});
export type PromoEntry = z.infer<typeof PromoEntrySchema>;

/** When a promotion ends, as a moment: a last day ends at its last second (UTC); none: never. */
export function promoEnd(entry: Pick<PromoEntry, 'endsAt'>): number {
  if (entry.endsAt === null) return Infinity;
  return Date.parse(entry.endsAt.length === 10 ? `${entry.endsAt}T23:59:59Z` : entry.endsAt);
}

export const PromoListResponseSchema = z.object({
  ok: z.literal(true),
  /** The server's clock: the page counts days left from it, so server and browser agree. */
  now: z.string(),
  promotions: z.array(PromoEntrySchema),
});
