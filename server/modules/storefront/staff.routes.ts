import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import {
  OrderNoteSchema,
  StaffOrderViewSchema,
  type StaffOrderView,
} from '../../../core/storefront/orders.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Sessions } from '../auth/index.ts';
import { recordChange } from '../staff/index.ts';
import type { OrderRow, StorefrontOrders } from './orders.service.ts';

/**
 * The storefront's staff console (docs/storefront.md#staff): orders in review and the latest
 * others, each with staff's notes; release one to crediting, refuse and refund it, or note
 * something on it. Support only (403 for other members).
 */
export const staffRoutes: FastifyPluginAsyncZod<{
  orders: StorefrontOrders;
  db: Db;
  sessions: Sessions;
}> = async (app, { orders, db, sessions }) => {
  /** Staff's notes on these orders, from the audit log (one query for the whole list). */
  const notesOf = async (ids: string[]) => {
    const notes = new Map<string, StaffOrderView['notes']>();
    if (ids.length === 0) return notes;
    const rows = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'order.note'),
          inArray(
            auditLog.subject,
            ids.map((id) => `order:${id}`),
          ),
        ),
      )
      .orderBy(asc(auditLog.id));
    for (const row of rows) {
      const id = row.subject.slice('order:'.length);
      const note = (row.after as { note?: unknown } | null)?.note;
      if (typeof note !== 'string') continue;
      notes.set(id, [
        ...(notes.get(id) ?? []),
        { at: row.at.toISOString(), staffEmail: row.staffEmail, note },
      ]);
    }
    return notes;
  };
  const views = async (list: OrderRow[]): Promise<StaffOrderView[]> => {
    const notes = await notesOf(list.map((order) => order.id));
    return Promise.all(
      list.map(async (order) => ({
        ...(await orders.view(order)),
        payer: { name: order.billing.name, email: order.billing.email },
        notes: notes.get(order.id) ?? [],
      })),
    );
  };
  const view = async (order: OrderRow) => (await views([order]))[0]!;
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
        inReview: await views(inReview),
        recent: await views(recent),
      };
    },
  );

  app.post(
    '/admin/storefront/orders/:id/note',
    { schema: { params: Params, body: OrderNoteSchema, response: Answer } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      const order = await orders.byId(request.params.id);
      if (!order) throw new AppError('NOT_FOUND', { message: 'No such order.' });
      await recordChange(db, staff, {
        action: 'order.note',
        subject: `order:${order.id}`,
        before: null,
        after: { note: request.body.note },
      });
      return { ok: true as const, order: await view(order) };
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
