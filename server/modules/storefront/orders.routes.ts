import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import { PaymentViewSchema } from '../../../core/payments/api-schemas.ts';
import {
  OrderPaySchema,
  OrderRequestSchema,
  OrderViewSchema,
} from '../../../core/storefront/orders.ts';
import { AppError } from '../../errors.ts';
import { rateLimited } from '../../plugins/rate-limits.ts';
import type { Sessions } from '../auth/index.ts';
import { paymentView } from '../payments/index.ts';
import type { Payments } from '../payments/index.ts';
import type { StorefrontOrders } from './orders.service.ts';

/**
 * Storefront orders (docs/storefront.md#api), members only: price an order, pay it, and follow it.
 * The price is the server's: the body names a programme and a quantity, never an amount.
 */
export const ordersRoutes: FastifyPluginAsyncZod<{
  orders: StorefrontOrders;
  payments: Payments;
  sessions: Sessions;
  rateLimitScale: number;
}> = async (app, { orders, payments, sessions, rateLimitScale }) => {
  const Params = z.object({ id: z.uuid() });
  const OrderAnswer = withErrors({ 200: okSchema({ order: OrderViewSchema }) });
  const limited = rateLimited(app, 'storefrontOrder', rateLimitScale);

  app.post(
    '/storefront/orders',
    { schema: { body: OrderRequestSchema, response: OrderAnswer }, preHandler: limited },
    async (request) => {
      const member = await sessions.requireMember(request);
      const order = await orders.quote(member, request.body);
      return { ok: true as const, order: await orders.view(order) };
    },
  );

  app.get(
    '/storefront/orders',
    { schema: { response: withErrors({ 200: okSchema({ orders: z.array(OrderViewSchema) }) }) } },
    async (request) => {
      const member = await sessions.requireMember(request);
      const list = await orders.list(member.id);
      return {
        ok: true as const,
        orders: await Promise.all(list.map((order) => orders.view(order))),
      };
    },
  );

  app.get(
    '/storefront/orders/:id',
    { schema: { params: Params, response: OrderAnswer } },
    async (request) => {
      const member = await sessions.requireMember(request);
      const order = await orders.get(member.id, request.params.id);
      if (!order) throw new AppError('NOT_FOUND', { message: 'No such order.' });
      return { ok: true as const, order: await orders.view(order) };
    },
  );

  // Give up an order left at the bank's page: it stops holding the allowance.
  app.post(
    '/storefront/orders/:id/cancel',
    { schema: { params: Params, response: OrderAnswer } },
    async (request) => {
      const member = await sessions.requireMember(request);
      return {
        ok: true as const,
        order: await orders.view(await orders.cancel(member, request.params.id)),
      };
    },
  );

  app.post(
    '/storefront/orders/:id/pay',
    {
      schema: {
        params: Params,
        body: OrderPaySchema,
        response: withErrors({
          200: okSchema({ order: OrderViewSchema, payment: PaymentViewSchema }),
        }),
      },
      preHandler: limited,
    },
    async (request) => {
      const member = await sessions.requireMember(request);
      const { order, payment } = await orders.pay(member, request.params.id, request.body);
      return {
        ok: true as const,
        order: await orders.view(order),
        payment: paymentView(payment, await payments.cardOf(payment)),
      };
    },
  );
};
