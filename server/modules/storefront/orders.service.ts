/* eslint-disable max-lines -- every move of an order between its states is here, each an update naming the state it leaves, so exactly-once is checked in one place. */
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { localize } from '../../../core/cards/card.ts';
import { numberFormat } from '../../../core/intl.ts';
import { INTL_LOCALES, type Language, type MoneyCurrency } from '../../../core/locale.ts';
import { serverText } from '../../i18n.ts';
import {
  CAP_COUNTED_STATUSES,
  normalizeAccountNumber,
  type OrderPay,
  type OrderRequest,
  type OrderView,
} from '../../../core/storefront/orders.ts';
import {
  capRemaining,
  largestOrderWithin,
  priceOrder,
  QUOTE_HOLD_MINUTES,
  quantityProblem,
  yearIn,
  type PurchaseRules,
} from '../../../core/storefront/pricing.ts';
import type { StorefrontProgramme } from '../../../core/storefront/catalogue-schema.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { payments, storefrontOrders } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { MemberRow } from '../auth/index.ts';
import { enqueueMail } from '../mail/index.ts';
import type { NoticeWriter } from '../notices/index.ts';
import type { PaymentRow, Payments } from '../payments/index.ts';
import type { StorefrontCatalogue } from './catalogue.ts';
import type { CreditingPartner } from './crediting-partner.ts';
import { storefrontMail, type StorefrontMailKind } from './storefront-mail.ts';
import { recordChange, type Actor } from '../staff/index.ts';

export type OrderRow = typeof storefrontOrders.$inferSelect;

/** A first purchase, or a spot-checked one, waits this long before crediting unless staff act first (docs/product/storefront.md#crediting). */
export const REVIEW_HOURS = 24;
/** An order still paying this long after its quote ran out is given up (abandoned verification). */
const ABANDON_AFTER_MS = 60 * 60_000;
const KEY_PREFIX = 'storefront:';
/** Order numbers: SF- and eight letters and digits that cannot be misread (no 0/O, 1/I/L). */
const NUMBER_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export interface OrdersOptions {
  db: Db;
  catalogue: StorefrontCatalogue;
  payments: Payments;
  /** Null: the storefront takes no orders (CREDITING_PARTNER=none). */
  partner: CreditingPartner | null;
  siteUrl: string;
  spotCheckRate: number;
  random: () => number;
  now: () => Date;
  /** Staff's live maintenance switch (docs/staff.md#live-settings): no new orders while it is on. */
  maintenance?: () => Promise<boolean>;
  /** Writes the member's notice (credited, in review) in the order's move (docs/notices.md). */
  notices?: NoticeWriter;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * Storefront orders (docs/storefront.md#orders): priced once on the server and held for
 * QUOTE_HOLD_MINUTES, paid through the payments module, reviewed when they are a member's first
 * purchase or picked for a spot check, passed to the crediting partner and credited, or refused
 * and refunded. Every move is an update that names the state it leaves, so of two callers (the
 * page and a webhook, two job runs) one moves the order and the other finds it moved.
 */
export class StorefrontOrders {
  constructor(private readonly options: OrdersOptions) {
    options.payments.on('storefront', {
      succeeded: (tx, payment) => this.#paid(tx, payment),
      failed: (tx, payment) => this.#paymentFailed(tx, payment),
    });
    options.payments.describe('storefront', (payment, language) =>
      this.#receiptItem(payment, language),
    );
  }

  get open(): boolean {
    return this.options.partner !== null;
  }

  /** What an account has bought (and is buying) of a programme in a calendar year, as the cap counts it. */
  async countedThisYear(
    db: Pick<Db, 'select'>,
    programme: string,
    accountNumber: string,
    year: number,
    except?: string,
  ): Promise<number> {
    const [row] = await db
      .select({ total: sql<number>`coalesce(sum(${storefrontOrders.countedTowardCap}), 0)::int` })
      .from(storefrontOrders)
      .where(
        and(
          eq(storefrontOrders.programme, programme),
          eq(storefrontOrders.accountNumber, accountNumber),
          eq(storefrontOrders.capYear, year),
          inArray(storefrontOrders.status, [...CAP_COUNTED_STATUSES]),
          // An order left at the bank's page counts only while its price holds (docs/storefront.md#orders).
          or(
            ne(storefrontOrders.status, 'paying'),
            gt(storefrontOrders.quoteExpiresAt, this.options.now()),
          ),
          except ? ne(storefrontOrders.id, except) : undefined,
        ),
      );
    return Number(row?.total ?? 0);
  }

  /**
   * Prices an order (the checkout's details step): the programme's rules, the account number's
   * shape, the annual cap; then the price under the campaign running now, held for 15 minutes.
   */
  async quote(member: MemberRow, input: OrderRequest): Promise<OrderRow> {
    if (!this.open)
      throw new AppError('STOREFRONT_CLOSED', {
        message: 'The storefront takes no orders at the moment.',
      });
    if (await this.options.maintenance?.())
      throw new AppError('STOREFRONT_MAINTENANCE', {
        message: 'The storefront is under maintenance. Please come back later.',
      });
    const programme = this.options.catalogue.programme(input.programme);
    if (!programme)
      throw new AppError('NOT_FOUND', { message: 'This programme is not sold here.' });
    const rules = this.#limits(programme);
    const problem = quantityProblem(rules, input.quantity);
    if (problem) {
      throw new AppError('INVALID_QUANTITY', {
        message: `Buy ${rules.minPerOrder} to ${rules.maxPerOrder} in steps of ${rules.increment}.`,
        fields: { quantity: problem },
        details: { min: rules.minPerOrder, max: rules.maxPerOrder, step: rules.increment },
      });
    }
    const accountNumber = normalizeAccountNumber(input.account.number);
    if (!new RegExp(`^(?:${programme.account.pattern})$`).test(accountNumber)) {
      throw new AppError('INVALID_ACCOUNT', {
        message: `This is not a ${programme.account.label.en}; it looks like ${programme.account.example}.`,
        fields: { 'account.number': 'not a valid account number' },
        details: { example: programme.account.example },
      });
    }
    const now = this.options.now();
    const base = this.options.catalogue.basePrice(programme, now);
    const campaign = this.options.catalogue.live(programme, now);
    const price = priceOrder(rules, base, campaign, input.quantity);
    const capYear = yearIn(now, programme.timeZone);
    await this.#checkCap(this.options.db, {
      programme: programme.id,
      accountNumber,
      capYear,
      counted: price.countedTowardCap,
    });
    for (;;) {
      try {
        const [order] = await this.options.db
          .insert(storefrontOrders)
          .values({
            number: orderNumber(),
            memberId: member.id,
            programme: programme.id,
            accountNumber,
            accountName: input.account.name,
            quantity: price.quantity,
            bonus: price.bonus,
            countedTowardCap: price.countedTowardCap,
            capYear,
            amount: price.amount,
            currency: price.currency,
            campaignId: price.campaignId,
            status: 'quoted',
            quoteExpiresAt: new Date(now.getTime() + QUOTE_HOLD_MINUTES * 60_000),
            billing: input.details,
            language: input.language,
          })
          .returning();
        return order!;
      } catch (error) {
        // Two orders drew the same number (one in a billion): draw again.
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }

  /**
   * The limits an order of this programme is checked against; refuses every order while one they
   * rest on is unknown (docs/product/storefront.md#purchase-limits), at quoting and again at paying.
   */
  #limits(programme: StorefrontProgramme): PurchaseRules {
    const reading = this.options.catalogue.limits(programme);
    if (!reading.open)
      throw new AppError('ORDERS_CLOSED', {
        message: 'We could not confirm this programme’s purchase limit, so orders are closed.',
        details: { reason: reading.reason },
      });
    return reading.limits;
  }

  /** Refuses an order that would pass the account's annual cap, naming how many can still be bought. */
  async #checkCap(
    db: Pick<Db, 'select'>,
    order: {
      programme: string;
      accountNumber: string;
      capYear: number;
      counted: number;
      except?: string;
    },
  ): Promise<void> {
    const programme = this.options.catalogue.programme(order.programme)!;
    const rules = this.#limits(programme);
    const remaining = capRemaining(
      rules,
      await this.countedThisYear(
        db,
        order.programme,
        order.accountNumber,
        order.capYear,
        order.except,
      ),
    );
    if (remaining === null || order.counted <= remaining) return;
    const now = this.options.now();
    const largest = largestOrderWithin(
      rules,
      this.options.catalogue.basePrice(programme, now),
      this.options.catalogue.live(programme, now),
      remaining,
    );
    throw new AppError('CAP_REACHED', {
      message: `This order would pass the account's annual cap of ${rules.annualCap}: ${remaining} can still be bought this year.`,
      fields: { quantity: 'over the annual cap' },
      details: { cap: rules.annualCap, remaining, largest },
    });
  }

  /**
   * Pays a priced order (the confirmation step): the quote must still hold and the cap still
   * allow it; the order then counts toward the cap while its payment is made. One payment per
   * order, under the order's own key: a double click or a retry pays once.
   */
  async pay(
    member: MemberRow,
    orderId: string,
    input: OrderPay,
  ): Promise<{ order: OrderRow; payment: PaymentRow }> {
    let order = await this.get(member.id, orderId);
    if (!order) throw new AppError('NOT_FOUND', { message: 'No such order.' });
    const key = `${KEY_PREFIX}${order.id}`;
    // An order left paying without a payment (its card could not be saved, or a crash) is priced
    // again like a quote: the hold and the cap are checked again, never skipped.
    if (order.status === 'paying' && !(await this.options.payments.byKey(key))) {
      await this.options.db
        .update(storefrontOrders)
        .set({ status: 'quoted' })
        .where(and(eq(storefrontOrders.id, order.id), eq(storefrontOrders.status, 'paying')));
      order = { ...order, status: 'quoted' };
    }
    if (order.status === 'quoted') {
      if (order.quoteExpiresAt.getTime() < this.options.now().getTime()) {
        throw new AppError('QUOTE_EXPIRED', {
          message: `The price was held for ${QUOTE_HOLD_MINUTES} minutes and has expired. Check the new price.`,
        });
      }
      const quoted = order;
      // The cap is checked again under a lock on the programme and account, so two tabs cannot both pass it.
      await this.options.db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`${quoted.programme}:${quoted.accountNumber}`}))`,
        );
        await this.#checkCap(tx as unknown as Db, {
          programme: quoted.programme,
          accountNumber: quoted.accountNumber,
          capYear: quoted.capYear,
          counted: quoted.countedTowardCap,
          except: quoted.id,
        });
        await tx
          .update(storefrontOrders)
          .set({ status: 'paying', updatedAt: this.options.now() })
          .where(and(eq(storefrontOrders.id, quoted.id), eq(storefrontOrders.status, 'quoted')));
      });
    } else if (order.status !== 'paying') {
      throw new AppError('ORDER_CLOSED', {
        message: 'This order is closed. Start a new one.',
      });
    }
    let payment: PaymentRow;
    try {
      payment = await this.options.payments.pay({
        memberId: member.id,
        purpose: 'storefront',
        plan: null,
        amount: order.amount,
        currency: order.currency,
        card: {
          save: () =>
            this.options.payments.saveCard(member.id, input.card.token, order.billing.holderName),
        },
        idempotencyKey: key,
        description: `TripPlus storefront ${order.number}`,
        billing: order.billing,
        language: order.language,
        holderPresent: true,
        returnPath: `/storefront/checkout/payment?payment={payment}&order=${order.id}`,
      });
    } catch (error) {
      // No payment was written (the card could not be saved): the order stops counting toward the cap.
      if (!(await this.options.payments.byKey(key)))
        await this.options.db
          .update(storefrontOrders)
          .set({ status: 'quoted' })
          .where(and(eq(storefrontOrders.id, order.id), eq(storefrontOrders.status, 'paying')));
      throw error;
    }
    return { order: (await this.get(member.id, orderId))!, payment };
  }

  /** A paid order: reviewed first (a first purchase, or a spot check), else straight to crediting. */
  async #paid(tx: Db, payment: PaymentRow): Promise<void> {
    const orderId = payment.idempotencyKey.slice(KEY_PREFIX.length);
    const [order] = await tx
      .select()
      .from(storefrontOrders)
      .where(eq(storefrontOrders.id, orderId));
    if (!order) return;
    const paidAt = payment.paidAt ?? this.options.now();
    // Paid after its price stopped holding, it stopped counting toward the cap meanwhile: another
    // order may have taken the room. Over the cap now, the money goes back (the job refunds it).
    if (order.status === 'paying' && order.quoteExpiresAt.getTime() < paidAt.getTime()) {
      try {
        await this.#checkCap(tx, {
          programme: order.programme,
          accountNumber: order.accountNumber,
          capYear: order.capYear,
          counted: order.countedTowardCap,
          except: order.id,
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await tx
          .update(storefrontOrders)
          .set({
            status: 'failed',
            paymentId: payment.id,
            paidAt,
            failure: 'cap-reached-while-paying',
            updatedAt: paidAt,
          })
          .where(and(eq(storefrontOrders.id, order.id), eq(storefrontOrders.status, 'paying')));
        return;
      }
    }
    const reviewReason = !(await this.#boughtBefore(tx, order))
      ? 'first-purchase'
      : this.options.random() < this.options.spotCheckRate
        ? 'spot-check'
        : null;
    const [moved] = await tx
      .update(storefrontOrders)
      .set({
        status: reviewReason ? 'in-review' : 'crediting',
        paymentId: payment.id,
        paidAt,
        reviewReason,
        reviewUntil: reviewReason ? new Date(paidAt.getTime() + REVIEW_HOURS * 3_600_000) : null,
        updatedAt: paidAt,
      })
      .where(and(eq(storefrontOrders.id, order.id), eq(storefrontOrders.status, 'paying')))
      .returning();
    if (!moved) {
      // Paid after the order was given up (the bank answered hours late): the money goes back.
      await tx
        .update(storefrontOrders)
        .set({
          status: 'failed',
          paymentId: payment.id,
          paidAt,
          failure: 'paid-after-abandoned',
          updatedAt: paidAt,
        })
        .where(
          and(eq(storefrontOrders.id, order.id), eq(storefrontOrders.status, 'payment-failed')),
        );
      return;
    }
    await this.#mail(tx, moved, 'receipt', payment.receiptNumber);
    if (reviewReason) await this.#mail(tx, moved, 'in-review');
  }

  /** A receipt's line for an order: "Order SF-…: LifeMiles, 10,000 + 12,000 bonus = 22,000, account …". */
  async #receiptItem(payment: PaymentRow, language: Language): Promise<string | null> {
    const [order] = await this.options.db
      .select()
      .from(storefrontOrders)
      .where(eq(storefrontOrders.id, payment.idempotencyKey.slice(KEY_PREFIX.length)));
    const programme = order && this.options.catalogue.programme(order.programme);
    if (!order || !programme) return null;
    const lang = language === 'ja' ? 'en' : language;
    const count = numberFormat(INTL_LOCALES[lang]).format;
    return serverText('payments', lang, 'receipt.purpose_storefront', {
      number: order.number,
      programme: localize(this.options.catalogue.name(order.programme), lang),
      bought: count(order.quantity),
      bonus: count(order.bonus),
      total: count(order.quantity + order.bonus),
      unit: localize(programme.unit, lang),
      account: order.accountNumber,
    });
  }

  /** Whether the member has another paid order (the review of a first purchase turns on it). */
  async #boughtBefore(db: Pick<Db, 'select'>, order: OrderRow): Promise<boolean> {
    const [earlier] = await db
      .select({ id: storefrontOrders.id })
      .from(storefrontOrders)
      .where(
        and(
          eq(storefrontOrders.memberId, order.memberId),
          ne(storefrontOrders.id, order.id),
          inArray(storefrontOrders.status, ['in-review', 'crediting', 'credited']),
        ),
      )
      .limit(1);
    return earlier !== undefined;
  }

  async #paymentFailed(tx: Db, payment: PaymentRow): Promise<void> {
    const orderId = payment.idempotencyKey.slice(KEY_PREFIX.length);
    await tx
      .update(storefrontOrders)
      .set({
        status: 'payment-failed',
        paymentId: payment.id,
        failure: payment.failure ?? 'declined',
        updatedAt: this.options.now(),
      })
      .where(and(eq(storefrontOrders.id, orderId), eq(storefrontOrders.status, 'paying')));
  }

  async #mail(
    tx: Pick<Db, 'insert'>,
    order: OrderRow,
    kind: StorefrontMailKind,
    receiptNumber?: string | null,
  ): Promise<void> {
    const programme = this.options.catalogue.programme(order.programme);
    if (!programme) return;
    if (kind === 'credited' || kind === 'in-review') {
      await this.options.notices?.write(
        tx as Db,
        order.memberId,
        kind === 'credited' ? 'order-credited' : 'order-in-review',
        { order: order.number, programme: order.programme, miles: order.quantity + order.bonus },
      );
    }
    await enqueueMail(
      tx,
      storefrontMail({
        kind,
        order,
        programme,
        name: this.options.catalogue.name(order.programme),
        siteUrl: this.options.siteUrl,
        receiptNumber: receiptNumber ?? null,
      }),
    );
  }

  /** Moves one order from one state to another, once; the answer is the moved row, or null when another caller moved it first. */
  async #move(
    id: string,
    from: OrderRow['status'],
    patch: Partial<typeof storefrontOrders.$inferInsert>,
    mail?: StorefrontMailKind,
    /** Staff's move: written to the audit log in the move's transaction (docs/staff.md#audit-log). */
    by?: { actor: Actor; action: string },
  ): Promise<OrderRow | null> {
    return this.options.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(storefrontOrders)
        .set({ ...patch, updatedAt: this.options.now() })
        .where(and(eq(storefrontOrders.id, id), eq(storefrontOrders.status, from)))
        .returning();
      if (moved && mail) await this.#mail(tx as unknown as Db, moved, mail);
      if (moved && by)
        await recordChange(tx, by.actor, {
          action: by.action,
          subject: `order:${moved.id}`,
          before: { status: from },
          after: patch,
        });
      return moved ?? null;
    });
  }

  /**
   * The crediting job's run (docs/storefront.md#orders): reviewed orders whose review is over
   * go on to crediting; orders to credit are given to the partner (once: it answers by order id);
   * accepted ones are credited when the partner has posted them; refused ones are refunded.
   */
  async advance(now = this.options.now()): Promise<{
    released: number;
    submitted: number;
    credited: number;
    refunded: number;
    abandoned: number;
  }> {
    const report = { released: 0, submitted: 0, credited: 0, refunded: 0, abandoned: 0 };
    const { db, partner } = this.options;
    if (!partner) return report;
    report.abandoned = await this.#abandonStalePayments(now);
    const due = await db
      .select()
      .from(storefrontOrders)
      .where(and(eq(storefrontOrders.status, 'in-review'), lte(storefrontOrders.reviewUntil, now)))
      .limit(200);
    for (const order of due)
      if (await this.#move(order.id, 'in-review', { status: 'crediting' })) report.released += 1;

    const crediting = await db
      .select()
      .from(storefrontOrders)
      .where(eq(storefrontOrders.status, 'crediting'))
      .limit(200);
    for (const order of crediting) {
      try {
        if (!order.partnerRef) {
          const answer = await partner.credit(
            {
              id: order.id,
              programme: order.programme,
              accountNumber: order.accountNumber,
              accountName: order.accountName,
              miles: order.quantity + order.bonus,
            },
            now,
          );
          if (answer.status === 'rejected') {
            await this.#move(order.id, 'crediting', { status: 'failed', failure: answer.reason });
            continue;
          }
          await db
            .update(storefrontOrders)
            .set({ partnerRef: answer.reference })
            .where(and(eq(storefrontOrders.id, order.id), isNull(storefrontOrders.partnerRef)));
          report.submitted += 1;
          order.partnerRef = answer.reference;
        }
        if (await partner.posted(order.partnerRef, now)) {
          if (
            await this.#move(
              order.id,
              'crediting',
              { status: 'credited', creditedAt: now },
              'credited',
            )
          )
            report.credited += 1;
        }
      } catch (error) {
        this.options.log.warn(
          { err: error, order: order.id },
          'an order could not be passed to the crediting partner; the next run tries again',
        );
      }
    }

    const failed = await db
      .select()
      .from(storefrontOrders)
      .where(eq(storefrontOrders.status, 'failed'))
      .limit(200);
    for (const order of failed) if (await this.#refund(order, now)) report.refunded += 1;
    return report;
  }

  /**
   * Orders still paying an hour after their quote ran out: the holder left the bank's verification
   * page, or the page never came back. The provider is asked once more; a payment that has not
   * succeeded leaves the order `payment-failed`, so it stops counting toward the cap. Should the
   * bank's answer still come later, #paid refunds it.
   */
  async #abandonStalePayments(now: Date): Promise<number> {
    const stale = await this.options.db
      .select()
      .from(storefrontOrders)
      .where(
        and(
          eq(storefrontOrders.status, 'paying'),
          lte(storefrontOrders.quoteExpiresAt, new Date(now.getTime() - ABANDON_AFTER_MS)),
        ),
      )
      .limit(200);
    let abandoned = 0;
    for (const order of stale) {
      const payment = await this.options.payments.byKey(`${KEY_PREFIX}${order.id}`);
      const settled = payment
        ? await this.options.payments.refresh(payment).catch(() => payment)
        : null;
      if (settled?.status === 'succeeded') continue;
      if (
        await this.#move(order.id, 'paying', {
          status: 'payment-failed',
          failure: settled ? 'verification-abandoned' : 'not-paid',
        })
      )
        abandoned += 1;
    }
    return abandoned;
  }

  /** Gives a failed order's payment back in full (once: one refund key per payment) and marks it refunded. */
  async #refund(order: OrderRow, now: Date): Promise<boolean> {
    try {
      if (order.paymentId) await this.options.payments.refund(order.paymentId);
      return (
        (await this.#move(
          order.id,
          'failed',
          { status: 'refunded', refundedAt: now },
          'refunded',
        )) !== null
      );
    } catch (error) {
      this.options.log.warn(
        { err: error, order: order.id },
        'a refused order could not be refunded; the next run tries again',
      );
      return false;
    }
  }

  /**
   * The member gives up an order they left at the bank's verification page (or before paying):
   * it stops counting toward the cap at once. Should the bank still answer that it paid, the
   * payment is refunded (#paid finds the order given up).
   */
  async cancel(member: MemberRow, orderId: string): Promise<OrderRow> {
    const order = await this.get(member.id, orderId);
    if (!order) throw new AppError('NOT_FOUND', { message: 'No such order.' });
    for (const from of ['paying', 'quoted'] as const) {
      const moved = await this.#move(order.id, from, {
        status: 'payment-failed',
        failure: 'cancelled-by-member',
      });
      if (moved) return moved;
    }
    throw new AppError('ORDER_CLOSED', { message: 'This order is no longer waiting for payment.' });
  }

  /** Staff: send an order in review on to crediting now. */
  async release(orderId: string, actor: Actor): Promise<OrderRow | null> {
    return this.#move(orderId, 'in-review', { status: 'crediting' }, undefined, {
      actor,
      action: 'order.release',
    });
  }

  /** Staff: refuse an order in review and refund it at once (the crediting job retries a refund that fails). */
  async refuse(orderId: string, actor: Actor): Promise<OrderRow | null> {
    const refused = await this.#move(
      orderId,
      'in-review',
      { status: 'failed', failure: 'refused-in-review' },
      undefined,
      { actor, action: 'order.refuse' },
    );
    if (!refused) return null;
    await this.#refund(refused, this.options.now());
    const [after] = await this.options.db
      .select()
      .from(storefrontOrders)
      .where(eq(storefrontOrders.id, orderId));
    return after ?? null;
  }

  /** Staff's console: orders waiting in review (oldest first), and the latest of every other state. */
  async forStaff(): Promise<{ inReview: OrderRow[]; recent: OrderRow[] }> {
    const inReview = await this.options.db
      .select()
      .from(storefrontOrders)
      .where(eq(storefrontOrders.status, 'in-review'))
      .orderBy(storefrontOrders.paidAt)
      .limit(500);
    const recent = await this.options.db
      .select()
      .from(storefrontOrders)
      .where(and(ne(storefrontOrders.status, 'quoted'), ne(storefrontOrders.status, 'in-review')))
      .orderBy(desc(storefrontOrders.updatedAt))
      .limit(50);
    return { inReview, recent };
  }

  /** One order by its id, whoever placed it (staff's view). */
  async byId(orderId: string): Promise<OrderRow | null> {
    const [row] = await this.options.db
      .select()
      .from(storefrontOrders)
      .where(eq(storefrontOrders.id, orderId));
    return row ?? null;
  }

  async get(memberId: string, orderId: string): Promise<OrderRow | null> {
    const [row] = await this.options.db
      .select()
      .from(storefrontOrders)
      .where(and(eq(storefrontOrders.id, orderId), eq(storefrontOrders.memberId, memberId)));
    return row ?? null;
  }

  /** A member's orders past the quote, newest first (the profile's transactions). */
  async list(memberId: string): Promise<OrderRow[]> {
    return this.options.db
      .select()
      .from(storefrontOrders)
      .where(and(eq(storefrontOrders.memberId, memberId), ne(storefrontOrders.status, 'quoted')))
      .orderBy(desc(storefrontOrders.createdAt))
      .limit(200);
  }

  /** The payment of an order left at the bank's page while its price holds; null otherwise. */
  async #resumable(order: OrderRow): Promise<string | null> {
    if (order.status !== 'paying' || order.quoteExpiresAt.getTime() <= this.options.now().getTime())
      return null;
    const payment = await this.options.payments.byKey(`${KEY_PREFIX}${order.id}`);
    return payment?.status === 'verifying' ? payment.id : null;
  }

  /** An order as the pages see it. */
  async view(order: OrderRow): Promise<OrderView> {
    const programme = this.options.catalogue.programme(order.programme)!;
    const [payment] = order.paymentId
      ? await this.options.db
          .select({ receiptNumber: payments.receiptNumber })
          .from(payments)
          .where(eq(payments.id, order.paymentId))
      : [];
    const counted = await this.countedThisYear(
      this.options.db,
      order.programme,
      order.accountNumber,
      order.capYear,
      order.id,
    );
    const reading = this.options.catalogue.limits(programme);
    const remaining = reading.open
      ? capRemaining(reading.limits, counted + order.countedTowardCap)
      : null;
    return {
      id: order.id,
      number: order.number,
      programme: order.programme,
      programmeName: this.options.catalogue.name(order.programme),
      unit: programme.unit,
      accountNumber: order.accountNumber,
      accountName: order.accountName,
      quantity: order.quantity,
      bonus: order.bonus,
      total: order.quantity + order.bonus,
      amount: order.amount,
      currency: order.currency as MoneyCurrency,
      campaignId: order.campaignId,
      status: order.status,
      quoteExpiresAt: order.quoteExpiresAt.toISOString(),
      firstPurchase:
        order.reviewReason === 'first-purchase' ||
        (!order.paidAt && !(await this.#boughtBefore(this.options.db, order))),
      reviewReason: order.reviewReason ?? null,
      reviewUntil: order.reviewUntil?.toISOString() ?? null,
      postingHours: programme.postingHours,
      capRemaining: remaining,
      failure: order.failure,
      paymentId: order.paymentId,
      resumePayment: await this.#resumable(order),
      receiptNumber: payment?.receiptNumber ?? null,
      paidAt: order.paidAt?.toISOString() ?? null,
      creditedAt: order.creditedAt?.toISOString() ?? null,
      refundedAt: order.refundedAt?.toISOString() ?? null,
      createdAt: order.createdAt.toISOString(),
    };
  }
}

function orderNumber(): string {
  const draw = () =>
    Array.from({ length: 4 }, () => NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)]).join('');
  return `SF-${draw()}-${draw()}`;
}
