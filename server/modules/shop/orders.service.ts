/* eslint-disable max-lines -- every move of a shop order and of the stock it holds (not staff counts: stock.service.ts; not views: order-views.ts) is here, each an update naming the state it leaves, so "exactly once" is checked in one place. */
import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MoneyCurrency } from '../../../core/locale.ts';
import {
  SHOP_HOLD_MINUTES,
  SHOP_PLACED_STATUSES,
  type ShopOrderPay,
  type ShopOrderRequest,
  type ShopOrderStatus,
} from '../../../core/shop/orders.ts';
import { shopTotals, taxRuleOf } from '../../../core/shop/pricing.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { shopCodes, shopOrderLines, shopOrders, shopStock } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { MemberRow } from '../auth/index.ts';
import { enqueueMail } from '../mail/index.ts';
import type { PaymentRow, Payments } from '../payments/index.ts';
import { recordChange, type Actor } from '../staff/index.ts';
import type { ShopCarts } from './cart.service.ts';
import type { ShopCatalogue } from './catalogue.ts';
import type { ShopOrderViews } from './order-views.ts';
import { shopMail, type ShopMailKind } from './shop-mail.ts';

export type ShopOrderRow = typeof shopOrders.$inferSelect;
export type ShopLineRow = typeof shopOrderLines.$inferSelect;

const KEY_PREFIX = 'shop:';
/** An order still paying this long after its hold ended was left at the bank's page: it is given up. */
const ABANDON_AFTER_MS = 60 * 60_000;
/** Order numbers: SH- and eight letters and digits that cannot be misread (no 0/O, 1/I/L). */
const NUMBER_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export interface ShopOrdersOptions {
  db: Db;
  catalogue: ShopCatalogue;
  carts: ShopCarts;
  payments: Payments;
  views: ShopOrderViews;
  siteUrl: string;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * Shop orders (docs/shop.md#orders). Confirming the checkout turns the cart into an order and
 * holds its stock for SHOP_HOLD_MINUTES (one conditional update per line, so two buyers cannot
 * hold the last item); paying takes the held stock off the shelf once, in the transaction that
 * marks the payment succeeded, and hands out codes and download links at once. Staff pack, ship
 * and deliver a parcel, or cancel and refund an order.
 */
export class ShopOrders {
  constructor(private readonly options: ShopOrdersOptions) {
    options.payments.on('shop', {
      succeeded: (tx, payment) => this.#paid(tx, payment),
      failed: (tx, payment) => this.#paymentFailed(tx, payment),
    });
    options.payments.describe('shop', (payment, language) =>
      options.views.receiptItem(payment, language),
    );
  }

  /**
   * The confirmation step: the member's cart, priced on the server for where it goes, becomes an
   * order holding its stock. An earlier hold of the same member is let go first, so going back and
   * confirming again never holds twice.
   */
  async place(member: MemberRow, request: ShopOrderRequest): Promise<ShopOrderRow> {
    const { catalogue, carts, db } = this.options;
    const cart = await carts.view({ memberId: member.id }, request.currency);
    if (cart.lines.length === 0)
      throw new AppError('SHOP_CART_EMPTY', { message: 'The cart is empty.' });
    const short = cart.lines.find(
      (line) => line.available !== null && line.quantity > line.available,
    );
    if (short)
      throw new AppError('SHOP_OUT_OF_STOCK', {
        message: `Only ${short.available} of ${short.title.en} are left.`,
        details: { variant: short.variant, available: short.available! },
      });
    if (cart.needsShipping && !request.shipping)
      throw new AppError('SHOP_ADDRESS_REQUIRED', {
        message: 'A shipping address is required for what the cart holds.',
        fields: { shipping: 'required' },
      });
    const shipsTo = cart.needsShipping
      ? (catalogue.rules.destinations.find(
          (entry) => entry.country === request.shipping!.country,
        ) ?? null)
      : null;
    const totals = shopTotals(
      cart.lines.map((line) => ({
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        shipped: line.delivery === 'shipped',
      })),
      request.currency,
      shipsTo,
      taxRuleOf(catalogue.rules, shipsTo, request.details.address.country),
    );
    const now = this.options.now();
    const earlier = await db
      .select({ id: shopOrders.id })
      .from(shopOrders)
      .where(and(eq(shopOrders.memberId, member.id), eq(shopOrders.status, 'reserved')));
    for (const order of earlier) await this.#letGo(order.id, 'reserved', 'expired', 'replaced');
    for (;;) {
      try {
        return await db.transaction(async (tx) => {
          for (const line of cart.lines) {
            if (line.delivery === 'download') continue;
            const [held] = await tx
              .update(shopStock)
              .set({ reserved: sql`${shopStock.reserved} + ${line.quantity}`, updatedAt: now })
              .where(
                and(
                  eq(shopStock.variantId, line.variant),
                  sql`${shopStock.onHand} - ${shopStock.reserved} >= ${line.quantity}`,
                ),
              )
              .returning({ id: shopStock.variantId });
            if (!held) {
              const available = (await catalogue.available([line.variant], tx)).get(line.variant);
              throw new AppError('SHOP_OUT_OF_STOCK', {
                message: `Only ${available ?? 0} of ${line.title.en} are left.`,
                details: { variant: line.variant, available: available ?? 0 },
              });
            }
          }
          const [order] = await tx
            .insert(shopOrders)
            .values({
              number: orderNumber(),
              memberId: member.id,
              currency: request.currency,
              totals,
              shipping: cart.needsShipping ? request.shipping : null,
              billing: request.details,
              language: request.language,
              holdUntil: new Date(now.getTime() + SHOP_HOLD_MINUTES * 60_000),
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          await tx.insert(shopOrderLines).values(
            cart.lines.map((line) => ({
              orderId: order!.id,
              productId: line.product,
              variantId: line.variant,
              title: line.title,
              choices: line.choices,
              image: line.image,
              delivery: line.delivery,
              unitPrice: line.unitPrice,
              quantity: line.quantity,
            })),
          );
          return order!;
        });
      } catch (error) {
        // Two orders drew the same number: draw again (the holds rolled back with it).
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }

  /**
   * Pays an order that holds its stock. One payment per order under the order's own key, so a
   * double click or a retry pays once; a hold that has ended is refused (the buyer confirms again).
   */
  async pay(
    member: MemberRow,
    orderId: string,
    input: ShopOrderPay,
  ): Promise<{ order: ShopOrderRow; payment: PaymentRow }> {
    const { db, payments: paying } = this.options;
    let order = await this.get(member.id, orderId);
    if (!order) throw new AppError('NOT_FOUND', { message: 'No such order.' });
    const key = `${KEY_PREFIX}${order.id}`;
    // Left paying without a payment (its card could not be saved, or a crash): it holds again as before.
    if (order.status === 'paying' && !(await paying.byKey(key))) {
      await db
        .update(shopOrders)
        .set({ status: 'reserved' })
        .where(and(eq(shopOrders.id, order.id), eq(shopOrders.status, 'paying')));
      order = { ...order, status: 'reserved' };
    }
    if (order.status === 'reserved') {
      if (order.holdUntil.getTime() < this.options.now().getTime()) {
        await this.#letGo(order.id, 'reserved', 'expired', 'hold-ended');
        throw new AppError('SHOP_HOLD_EXPIRED', {
          message: `The items were held for ${SHOP_HOLD_MINUTES} minutes; confirm the order again.`,
        });
      }
      await db
        .update(shopOrders)
        .set({ status: 'paying', updatedAt: this.options.now() })
        .where(and(eq(shopOrders.id, order.id), eq(shopOrders.status, 'reserved')));
    } else if (order.status !== 'paying') {
      throw new AppError('ORDER_CLOSED', { message: 'This order is closed. Start a new one.' });
    }
    let payment: PaymentRow;
    try {
      payment = await paying.pay({
        memberId: member.id,
        purpose: 'shop',
        plan: null,
        amount: order.totals.total,
        currency: order.currency,
        card: {
          save: () => paying.saveCard(member.id, input.card.token, order.billing.holderName),
        },
        idempotencyKey: key,
        description: `TripPlus shop ${order.number}`,
        billing: order.billing,
        language: order.language,
        holderPresent: true,
        returnPath: `/shop/checkout/payment?payment={payment}&order=${order.id}`,
      });
    } catch (error) {
      if (!(await paying.byKey(key)))
        await db
          .update(shopOrders)
          .set({ status: 'reserved' })
          .where(and(eq(shopOrders.id, order.id), eq(shopOrders.status, 'paying')));
      throw error;
    }
    return { order: (await this.get(member.id, orderId))!, payment };
  }

  /**
   * Paid (in the payment's transaction): the held stock leaves the shelf, codes are given to their
   * lines, and a digital-only order is delivered. Paid after its hold was let go (the bank answered
   * late), the stock is taken again if it is there; if it is not, the order is cancelled and refunded.
   */
  async #paid(tx: Db, payment: PaymentRow): Promise<void> {
    const orderId = payment.idempotencyKey.slice(KEY_PREFIX.length);
    const paidAt = payment.paidAt ?? this.options.now();
    const lines = await tx.select().from(shopOrderLines).where(eq(shopOrderLines.orderId, orderId));
    const digitalOnly = lines.every((line) => line.delivery !== 'shipped');
    const paid = {
      status: (digitalOnly ? 'delivered' : 'paid') as ShopOrderStatus,
      paymentId: payment.id,
      paidAt,
      deliveredAt: digitalOnly ? paidAt : null,
      updatedAt: paidAt,
    };
    const [moved] = await tx
      .update(shopOrders)
      .set(paid)
      .where(and(eq(shopOrders.id, orderId), eq(shopOrders.status, 'paying')))
      .returning();
    let order = moved;
    if (moved) {
      for (const line of lines) await this.#take(tx, line, 'held');
    } else {
      const [late] = await tx
        .update(shopOrders)
        .set({ paymentId: payment.id, paidAt, updatedAt: paidAt })
        .where(
          and(
            eq(shopOrders.id, orderId),
            inArray(shopOrders.status, ['expired', 'payment-failed']),
          ),
        )
        .returning();
      if (!late) return;
      const taken = await this.#takeAgain(tx, lines);
      [order] = await tx
        .update(shopOrders)
        .set(
          taken
            ? paid
            : { status: 'cancelled', failure: 'sold-out-while-paying', cancelledAt: paidAt },
        )
        .where(eq(shopOrders.id, orderId))
        .returning();
      // The refund is the fulfilment job's (it asks the processor, outside this transaction).
      if (!taken) return;
    }
    await this.options.carts.removeBought(
      tx,
      order!.memberId,
      lines.map((line) => line.variantId),
    );
    await this.#mail(tx, order!, 'receipt', payment.receiptNumber);
  }

  /** Takes a line's stock off the shelf: from what it held, or (paid late) from what is free. */
  async #take(tx: Db, line: ShopLineRow, from: 'held' | 'free'): Promise<boolean> {
    if (line.delivery === 'download') return true;
    const [taken] = await tx
      .update(shopStock)
      .set({
        onHand: sql`${shopStock.onHand} - ${line.quantity}`,
        reserved:
          from === 'held' ? sql`${shopStock.reserved} - ${line.quantity}` : shopStock.reserved,
        updatedAt: this.options.now(),
      })
      .where(
        and(
          eq(shopStock.variantId, line.variantId),
          from === 'free'
            ? sql`${shopStock.onHand} - ${shopStock.reserved} >= ${line.quantity}`
            : undefined,
        ),
      )
      .returning({ id: shopStock.variantId });
    if (!taken) return false;
    if (line.delivery === 'code') {
      const free = tx
        .select({ id: shopCodes.id })
        .from(shopCodes)
        .where(and(eq(shopCodes.variantId, line.variantId), isNull(shopCodes.lineId)))
        .orderBy(asc(shopCodes.addedAt))
        .limit(line.quantity)
        .for('update', { skipLocked: true });
      await tx.update(shopCodes).set({ lineId: line.id }).where(inArray(shopCodes.id, free));
    }
    return true;
  }

  /** Every line's stock from what is free, or none of it (a savepoint). */
  async #takeAgain(tx: Db, lines: ShopLineRow[]): Promise<boolean> {
    try {
      await tx.transaction(async (inner) => {
        for (const line of lines)
          if (!(await this.#take(inner as unknown as Db, line, 'free')))
            throw new Error('sold out');
      });
      return true;
    } catch {
      return false;
    }
  }

  async #paymentFailed(tx: Db, payment: PaymentRow): Promise<void> {
    const orderId = payment.idempotencyKey.slice(KEY_PREFIX.length);
    await this.#letGoIn(tx, orderId, 'paying', 'payment-failed', payment.failure ?? 'declined', {
      paymentId: payment.id,
    });
  }

  /** Moves an order out of holding its stock and gives the stock back, once. */
  async #letGo(
    orderId: string,
    from: 'reserved' | 'paying',
    to: 'expired' | 'payment-failed',
    failure: string,
  ): Promise<boolean> {
    return this.options.db.transaction((tx) =>
      this.#letGoIn(tx as unknown as Db, orderId, from, to, failure),
    );
  }

  async #letGoIn(
    tx: Db,
    orderId: string,
    from: 'reserved' | 'paying',
    to: 'expired' | 'payment-failed',
    failure: string,
    patch: Partial<ShopOrderRow> = {},
  ): Promise<boolean> {
    const [moved] = await tx
      .update(shopOrders)
      .set({ ...patch, status: to, failure, updatedAt: this.options.now() })
      .where(and(eq(shopOrders.id, orderId), eq(shopOrders.status, from)))
      .returning({ id: shopOrders.id });
    if (!moved) return false;
    const lines = await tx.select().from(shopOrderLines).where(eq(shopOrderLines.orderId, orderId));
    for (const line of lines) {
      if (line.delivery === 'download') continue;
      await tx
        .update(shopStock)
        .set({ reserved: sql`${shopStock.reserved} - ${line.quantity}` })
        .where(eq(shopStock.variantId, line.variantId));
    }
    return true;
  }

  /**
   * The shop's job run: holds past their 15 minutes are let go; orders left at the bank's page an
   * hour after their hold are asked about once more and given up; cancelled orders with a payment
   * are refunded (once: one refund key per payment).
   */
  async advance(
    now = this.options.now(),
  ): Promise<{ released: number; abandoned: number; refunded: number }> {
    const { db, payments: paying } = this.options;
    const report = { released: 0, abandoned: 0, refunded: 0 };
    const ended = await db
      .select({ id: shopOrders.id })
      .from(shopOrders)
      .where(and(eq(shopOrders.status, 'reserved'), lt(shopOrders.holdUntil, now)))
      .limit(500);
    for (const order of ended)
      if (await this.#letGo(order.id, 'reserved', 'expired', 'hold-ended')) report.released += 1;
    const stale = await db
      .select()
      .from(shopOrders)
      .where(
        and(
          eq(shopOrders.status, 'paying'),
          lt(shopOrders.holdUntil, new Date(now.getTime() - ABANDON_AFTER_MS)),
        ),
      )
      .limit(200);
    for (const order of stale) {
      const payment = await paying.byKey(`${KEY_PREFIX}${order.id}`);
      const settled = payment ? await paying.refresh(payment).catch(() => payment) : null;
      if (settled?.status === 'succeeded') continue;
      if (
        await this.#letGo(
          order.id,
          'paying',
          'payment-failed',
          settled ? 'verification-abandoned' : 'not-paid',
        )
      )
        report.abandoned += 1;
    }
    const toRefund = await db
      .select()
      .from(shopOrders)
      .where(
        and(
          eq(shopOrders.status, 'cancelled'),
          isNotNull(shopOrders.paymentId),
          isNull(shopOrders.refundedAt),
        ),
      )
      .limit(200);
    for (const order of toRefund) if (await this.#refund(order)) report.refunded += 1;
    return report;
  }

  async #refund(order: ShopOrderRow): Promise<boolean> {
    try {
      await this.options.payments.refund(order.paymentId!);
      return (
        (await this.#move(
          order.id,
          ['cancelled'],
          { status: 'refunded', refundedAt: this.options.now() },
          'refunded',
        )) !== null
      );
    } catch (error) {
      this.options.log.warn(
        { err: error, order: order.id },
        'a cancelled shop order could not be refunded; the next run tries again',
      );
      return false;
    }
  }

  /** Moves an order on, once; staff's moves go to the audit log in the same transaction. */
  async #move(
    id: string,
    from: ShopOrderStatus[],
    patch: Partial<typeof shopOrders.$inferInsert>,
    mail?: ShopMailKind,
    by?: { actor: Actor; action: string },
  ): Promise<ShopOrderRow | null> {
    return this.options.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(shopOrders)
        .set({ ...patch, updatedAt: this.options.now() })
        .where(and(eq(shopOrders.id, id), inArray(shopOrders.status, from)))
        .returning();
      if (!moved) return null;
      if (mail) await this.#mail(tx as unknown as Db, moved, mail);
      if (by)
        await recordChange(tx, by.actor, {
          action: by.action,
          subject: `shop-order:${moved.number}`,
          before: { status: from },
          after: patch,
        });
      return moved;
    });
  }

  /** Staff: the parcel is packed. */
  async pack(orderId: string, actor: Actor): Promise<ShopOrderRow> {
    return this.#staffMove(
      orderId,
      ['paid'],
      { status: 'packed', packedAt: this.options.now() },
      undefined,
      actor,
      'shop.pack',
    );
  }

  /** Staff: the parcel left with a carrier; the buyer gets its tracking number. */
  async ship(orderId: string, shipment: { carrier: string; trackingNumber: string }, actor: Actor) {
    return this.#staffMove(
      orderId,
      ['packed'],
      { status: 'shipped', shippedAt: this.options.now(), ...shipment },
      'shipped',
      actor,
      'shop.ship',
    );
  }

  /** Staff: the carrier reports it delivered. */
  async deliver(orderId: string, actor: Actor): Promise<ShopOrderRow> {
    return this.#staffMove(
      orderId,
      ['shipped'],
      { status: 'delivered', deliveredAt: this.options.now() },
      'delivered',
      actor,
      'shop.deliver',
    );
  }

  /**
   * Staff: cancel a paid order that has not shipped and refund it now (the job retries a refund
   * that fails). What was not shipped goes back on the shelf; codes already given stay given.
   */
  async cancel(orderId: string, actor: Actor): Promise<ShopOrderRow> {
    const cancelled = await this.options.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(shopOrders)
        .set({
          status: 'cancelled',
          failure: 'cancelled-by-staff',
          cancelledAt: this.options.now(),
          updatedAt: this.options.now(),
        })
        .where(and(eq(shopOrders.id, orderId), inArray(shopOrders.status, ['paid', 'packed'])))
        .returning();
      if (!moved) return null;
      const lines = await tx
        .select()
        .from(shopOrderLines)
        .where(eq(shopOrderLines.orderId, orderId));
      for (const line of lines)
        if (line.delivery === 'shipped')
          await tx
            .update(shopStock)
            .set({ onHand: sql`${shopStock.onHand} + ${line.quantity}` })
            .where(eq(shopStock.variantId, line.variantId));
      await recordChange(tx, actor, {
        action: 'shop.cancel',
        subject: `shop-order:${moved.number}`,
        before: { status: 'paid or packed' },
        after: { status: 'cancelled' },
      });
      return moved;
    });
    if (!cancelled)
      throw new AppError('SHOP_ORDER_MOVED', {
        message: 'Only a paid order not yet shipped can be cancelled.',
      });
    await this.#refund(cancelled);
    return (await this.byId(orderId))!;
  }

  async #staffMove(
    orderId: string,
    from: ShopOrderStatus[],
    patch: Partial<typeof shopOrders.$inferInsert>,
    mail: ShopMailKind | undefined,
    actor: Actor,
    action: string,
  ): Promise<ShopOrderRow> {
    const moved = await this.#move(orderId, from, patch, mail, { actor, action });
    if (!moved)
      throw new AppError('SHOP_ORDER_MOVED', {
        message: `Only an order that is ${from.join(' or ')} can be moved so.`,
      });
    return moved;
  }

  /** Staff's console: orders to fulfil (oldest first), and the latest others. */
  async forStaff() {
    const { db } = this.options;
    const toFulfil = await db
      .select()
      .from(shopOrders)
      .where(inArray(shopOrders.status, ['paid', 'packed', 'shipped']))
      .orderBy(asc(shopOrders.paidAt))
      .limit(300);
    const recent = await db
      .select()
      .from(shopOrders)
      .where(notInArray(shopOrders.status, ['reserved', 'paid', 'packed', 'shipped']))
      .orderBy(desc(shopOrders.updatedAt))
      .limit(50);
    return { toFulfil, recent };
  }

  async byId(orderId: string): Promise<ShopOrderRow | null> {
    const [row] = await this.options.db.select().from(shopOrders).where(eq(shopOrders.id, orderId));
    return row ?? null;
  }

  async get(memberId: string, orderId: string): Promise<ShopOrderRow | null> {
    const [row] = await this.options.db
      .select()
      .from(shopOrders)
      .where(and(eq(shopOrders.id, orderId), eq(shopOrders.memberId, memberId)));
    return row ?? null;
  }

  /** A member's orders that were paid (the profile's transactions), newest first. */
  async list(memberId: string): Promise<ShopOrderRow[]> {
    return this.options.db
      .select()
      .from(shopOrders)
      .where(
        and(
          eq(shopOrders.memberId, memberId),
          inArray(shopOrders.status, [...SHOP_PLACED_STATUSES]),
        ),
      )
      .orderBy(desc(shopOrders.createdAt))
      .limit(200);
  }

  async #mail(
    tx: Pick<Db, 'insert' | 'select'>,
    order: ShopOrderRow,
    kind: ShopMailKind,
    receiptNumber?: string | null,
  ) {
    const view = await this.options.views.view(order, tx);
    await enqueueMail(
      tx,
      shopMail({
        kind,
        order: view,
        billing: order.billing,
        language: order.language,
        siteUrl: this.options.siteUrl,
        receiptNumber: receiptNumber ?? view.receiptNumber,
        currency: order.currency as MoneyCurrency,
      }),
    );
  }
}

function orderNumber(): string {
  const draw = () =>
    Array.from({ length: 4 }, () => NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)]).join('');
  return `SH-${draw()}-${draw()}`;
}
