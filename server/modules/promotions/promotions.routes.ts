import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withErrors } from '../../../core/api-schemas.ts';
import { CurrentPromotionResponseSchema, PromotionQuerySchema } from '../../../core/promotions.ts';
import type { Language } from '../../../core/locale.ts';
import type { Promotion } from '../../../core/promotions.ts';
import { getCurrentPromotion } from './promotions.service.ts';

/**
 * The banner's promotion: the newest one staff entered, else what `fallback` offers (the
 * storefront's live sale), in the language asked for.
 */
export const promotionsRoutes: FastifyPluginAsyncZod<{
  fallback?: (language: Language) => Promotion | null;
}> = async (app, options) => {
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
