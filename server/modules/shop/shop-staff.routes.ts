import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import {
  ShopCodesSchema,
  ShopShipSchema,
  ShopStockSchema,
  ShopStockViewSchema,
  StaffShopOrderViewSchema,
  type StaffShopOrderView,
} from '../../../core/shop/orders.ts';
import type { Db } from '../../db/client.ts';
import { shopCodes } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Sessions } from '../auth/index.ts';
import type { ShopOrderRow } from './orders.service.ts';
import type { Shop } from './shop-setup.ts';

/**
 * The shop's staff console (docs/shop.md#staff), support only: orders to fulfil (pack, ship with a
 * carrier and tracking number, mark delivered), cancel and refund one not yet shipped, count
 * stock and load a supplier's codes. Every act is in the audit log.
 */
export const shopStaffRoutes: FastifyPluginAsyncZod<{
  shop: Shop;
  db: Db;
  sessions: Sessions;
}> = async (app, { shop, db, sessions }) => {
  const { orders, catalogue } = shop;
  const view = async (order: ShopOrderRow): Promise<StaffShopOrderView> => ({
    ...(await shop.views.view(order)),
    payer: { name: order.billing.name, email: order.billing.email },
  });
  const Params = z.object({ id: z.uuid() });
  const Answer = withErrors({ 200: okSchema({ order: StaffShopOrderViewSchema }) });

  app.get(
    '/admin/shop',
    {
      schema: {
        response: withErrors({
          200: okSchema({
            toFulfil: z.array(StaffShopOrderViewSchema),
            recent: z.array(StaffShopOrderViewSchema),
            stock: z.array(ShopStockViewSchema),
          }),
        }),
      },
    },
    async (request) => {
      await sessions.requireStaff(request);
      const { toFulfil, recent } = await orders.forStaff();
      const stock = await shop.stock.rows();
      const samples = new Map(
        (
          await db
            .select({ variant: shopCodes.variantId, count: sql<number>`count(*)::int` })
            .from(shopCodes)
            .where(and(eq(shopCodes.sample, true), isNull(shopCodes.lineId)))
            .groupBy(shopCodes.variantId)
        ).map((row) => [row.variant, Number(row.count)]),
      );
      return {
        ok: true as const,
        toFulfil: await Promise.all(toFulfil.map(view)),
        recent: await Promise.all(recent.map(view)),
        stock: stock.flatMap((row) => {
          const found = catalogue.variant(row.variantId);
          if (!found) return [];
          return [
            {
              variant: row.variantId,
              product: row.productId,
              title: found.product.title,
              choices: catalogue.choices(found.product, found.variant),
              delivery: found.product.delivery,
              onHand: row.onHand,
              reserved: row.reserved,
              sampleCodes: samples.get(row.variantId) ?? 0,
            },
          ];
        }),
      };
    },
  );

  for (const action of ['pack', 'deliver', 'cancel'] as const)
    app.post(
      `/admin/shop/orders/:id/${action}`,
      { schema: { params: Params, response: Answer } },
      async (request) => {
        // A cancellation refunds the payment: staff type their password again first.
        const staff =
          action === 'cancel'
            ? await sessions.requireConfirmedStaff(request)
            : await sessions.requireStaff(request);
        const moved = await orders[action](request.params.id, staff);
        request.log.info({ order: moved.id, staff: staff.id, action }, 'shop order moved');
        return { ok: true as const, order: await view(moved) };
      },
    );

  app.post(
    '/admin/shop/orders/:id/ship',
    { schema: { params: Params, body: ShopShipSchema, response: Answer } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      const moved = await orders.ship(request.params.id, request.body, staff);
      return { ok: true as const, order: await view(moved) };
    },
  );

  const Variant = z.object({ variant: z.string().max(80) });
  app.put(
    '/admin/shop/stock/:variant',
    {
      schema: {
        params: Variant,
        body: ShopStockSchema,
        response: withErrors({ 200: okSchema({}) }),
      },
    },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      await shop.stock.setStock(request.params.variant, request.body.onHand, staff);
      return { ok: true as const };
    },
  );

  app.post(
    '/admin/shop/stock/:variant/codes',
    {
      schema: {
        params: Variant,
        body: ShopCodesSchema,
        response: withErrors({ 200: okSchema({ added: z.number().int() }) }),
      },
    },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      const added = await shop.stock.addCodes(request.params.variant, request.body.codes, staff);
      if (added === 0)
        throw new AppError('INVALID_INPUT', {
          message: 'Every one of these codes was loaded before.',
          fields: { codes: 'already loaded' },
        });
      return { ok: true as const, added };
    },
  );
};
