import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import { PriceAlertRequestSchema, PriceAlertViewSchema } from '../../../core/storefront/orders.ts';
import type { Sessions } from '../auth/index.ts';
import type { PriceAlerts } from './price-alerts.service.ts';

/** A member's price alerts (docs/storefront.md#price-alerts): list, set (or move) one per programme, remove. */
export const priceAlertsRoutes: FastifyPluginAsyncZod<{
  alerts: PriceAlerts;
  sessions: Sessions;
}> = async (app, { alerts, sessions }) => {
  const List = withErrors({ 200: okSchema({ alerts: z.array(PriceAlertViewSchema) }) });
  const listOf = async (memberId: string) => ({
    ok: true as const,
    alerts: (await alerts.list(memberId)).map((row) => alerts.view(row)),
  });

  app.get('/storefront/alerts', { schema: { response: List } }, async (request) =>
    listOf((await sessions.requireMember(request)).id),
  );

  app.post(
    '/storefront/alerts',
    { schema: { body: PriceAlertRequestSchema, response: List } },
    async (request) => {
      const member = await sessions.requireMember(request);
      await alerts.set(member, request.body);
      return listOf(member.id);
    },
  );

  app.delete(
    '/storefront/alerts/:id',
    { schema: { params: z.object({ id: z.uuid() }), response: List } },
    async (request) => {
      const member = await sessions.requireMember(request);
      await alerts.remove(member.id, request.params.id);
      return listOf(member.id);
    },
  );
};
