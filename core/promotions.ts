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
