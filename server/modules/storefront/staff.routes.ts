import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import { StaffOrderViewSchema, type StaffOrderView } from '../../../core/storefront/orders.ts';
import { AppError } from '../../errors.ts';
import type { Sessions } from '../auth/index.ts';
import type { OrderRow, StorefrontOrders } from './orders.service.ts';

/**
 * The storefront's staff console (docs/storefront.md#staff): orders in review and the latest
 * others; release one to crediting, or refuse and refund it. Staff only (403 for other members).
 */
export const staffRoutes: FastifyPluginAsyncZod<{
  orders: StorefrontOrders;
  sessions: Sessions;
}> = async (app, { orders, sessions }) => {
  const view = async (order: OrderRow): Promise<StaffOrderView> => ({
    ...(await orders.view(order)),
    payer: { name: order.billing.name, email: order.billing.email },
  });
  const Answer = withErrors({ 200: okSchema({ order: StaffOrderViewSchema }) });
  const Params = z.object({ id: z.uuid() });

  app.get(
    '/admin/storefront/orders',
    {
      schema: {
        response: withErrors({
          200: okSchema({
            inReview: z.array(StaffOrderViewSchema),
            recent: z.array(StaffOrderViewSchema),
          }),
        }),
      },
    },
    async (request) => {
      await sessions.requireStaff(request);
      const { inReview, recent } = await orders.forStaff();
      return {
        ok: true as const,
        inReview: await Promise.all(inReview.map(view)),
        recent: await Promise.all(recent.map(view)),
      };
    },
  );

  for (const action of ['release', 'refuse'] as const) {
    app.post(
      `/admin/storefront/orders/:id/${action}`,
      { schema: { params: Params, response: Answer } },
      async (request) => {
        // A refusal refunds the payment: staff type their password again first.
        const staff =
          action === 'refuse'
            ? await sessions.requireConfirmedStaff(request)
            : await sessions.requireStaff(request);
        const moved = await orders[action](request.params.id, {
          id: staff.id,
          email: staff.email,
        });
        if (!moved)
          throw new AppError('ORDER_CLOSED', {
            message: 'This order is no longer in review.',
          });
        request.log.info({ order: moved.id, staff: staff.id, action }, 'storefront order reviewed');
        return { ok: true as const, order: await view(moved) };
      },
    );
  }
};
