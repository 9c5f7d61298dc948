import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withErrors } from '../../../core/api-schemas.ts';
import {
  CurrentPromotionResponseSchema,
  PromoListResponseSchema,
  PromotionQuerySchema,
} from '../../../core/promotions.ts';
import type { Language } from '../../../core/locale.ts';
import type { Promotion } from '../../../core/promotions.ts';
import { currentPromotions, type PromoSources } from './promo-page.ts';
import { getCurrentPromotion } from './promotions.service.ts';

/**
 * The banner's promotion: the newest one staff entered, else what `fallback` offers (the
 * storefront's live sale), in the language asked for; and every promotion running now, for /promo.
 */
export const promotionsRoutes: FastifyPluginAsyncZod<{
  fallback?: (language: Language) => Promotion | null;
  promo: PromoSources;
}> = async (app, options) => {
  app.get(
    '/promotions',
    {
      schema: {
        querystring: PromotionQuerySchema,
        response: withErrors({ 200: PromoListResponseSchema }),
      },
    },
    async (request) => ({
      ok: true as const,
      now: options.promo.now().toISOString(),
      promotions: await currentPromotions(options.promo, request.query.lang),
    }),
  );

  app.get(
    '/promotions/current',
    {
      schema: {
        querystring: PromotionQuerySchema,
        response: withErrors({ 200: CurrentPromotionResponseSchema }),
      },
    },
    async (request) => ({
      ok: true as const,
      promotion:
        (await getCurrentPromotion({ db: app.database.db, language: request.query.lang })) ??
        options.fallback?.(request.query.lang) ??
        null,
    }),
  );
};
