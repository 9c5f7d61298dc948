import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withErrors } from '../../../core/api-schemas.ts';
import { CurrentPromotionResponseSchema, PromotionQuerySchema } from '../../../core/promotions.ts';
import { getCurrentPromotion } from './promotions.service.ts';

export const promotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/promotions/current',
    { schema: { querystring: PromotionQuerySchema, response: withErrors({ 200: CurrentPromotionResponseSchema }) } },
    async (request) => ({
      ok: true as const,
      promotion: await getCurrentPromotion({ db: app.database.db, language: request.query.lang }),
    }),
  );
};
