import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import {
  ProgrammeOnSaleSchema,
  ProgrammeSaleDetailSchema,
  SaleEventSchema,
} from '../../../core/storefront/api-schemas.ts';
import { AppError } from '../../errors.ts';
import type { StorefrontCatalogue } from './catalogue.ts';

/**
 * The storefront's catalogue (docs/storefront.md#api): programmes on sale with today's
 * price, one programme's sale page, and the sale events. Open to visitors; the same for everyone.
 */
export const storefrontRoutes: FastifyPluginAsyncZod<{ catalogue: StorefrontCatalogue }> = async (
  app,
  { catalogue },
) => {
  const now = z.string().describe('The instant the prices were worked out for');

  app.get(
    '/storefront/programmes',
    {
      schema: {
        response: withErrors({
          200: okSchema({ now, programmes: z.array(ProgrammeOnSaleSchema) }),
        }),
      },
    },
    async () => {
      const at = catalogue.now();
      return { ok: true as const, now: at.toISOString(), programmes: catalogue.list(at) };
    },
  );

  app.get(
    '/storefront/programmes/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(60) }),
        response: withErrors({ 200: okSchema({ now, programme: ProgrammeSaleDetailSchema }) }),
      },
    },
    async (request) => {
      const at = catalogue.now();
      const programme = await catalogue.detail(request.params.id, at);
      if (!programme)
        throw new AppError('NOT_FOUND', {
          message: 'This programme is not sold here.',
        });
      return { ok: true as const, now: at.toISOString(), programme };
    },
  );

  app.get(
    '/storefront/events',
    {
      schema: {
        response: withErrors({ 200: okSchema({ now, events: z.array(SaleEventSchema) }) }),
      },
    },
    async () => {
      const at = catalogue.now();
      return { ok: true as const, now: at.toISOString(), events: catalogue.events(at) };
    },
  );
};
