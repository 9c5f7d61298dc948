/* eslint-disable max-lines -- every state change of a payment (create, confirm, webhook, refund, expire) is one class over one row, each update naming the state it leaves. */
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../../core/locale.ts';
import type {
  CheckoutDetails,
  PaymentFailure,
  PaymentPurpose,
} from '../../../core/payments/checkout-contract.ts';
import type { SponsorPlan } from '../../../core/payments/sponsorship.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  paymentCards,
  paymentEvents,
  payments,
  receiptCounters,
  receiptNumbers,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { CardRejected, type Charge, type PaymentProvider } from './payment-provider.ts';

/** How long a repeated request waits for its twin's charge before answering with the payment as it stands. */
const SETTLE_WAIT_MS = 10_000;
const SETTLE_POLL_MS = 100;
/** A payment still pending after this long was left by a request that stopped (reconcilePending). */
export const STALE_PENDING_MS = 10 * 60_000;

export type PaymentRow = typeof payments.$inferSelect;
export type CardRow = typeof paymentCards.$inferSelect;

/** What runs, inside the transaction that marks a payment succeeded (or failed), for its purpose. */
export type PaymentHandler = (tx: Db, payment: PaymentRow) => Promise<void>;

export interface PayRequest {
  memberId: string;
  purpose: PaymentPurpose;
  /** The plan a sponsorship payment pays for; null for a storefront order. */
  plan: SponsorPlan | null;
  amount: number;
  currency: string;
  /** The card to charge, or how to save the one the browser just tokenized. */
  card: CardRow | { save: () => Promise<CardRow> };
  idempotencyKey: string;
  description: string;
  billing?: Omit<CheckoutDetails, 'termsAgreed'> | null;
  sponsorshipId?: string | null;
  period?: { start: Date; end: Date } | null;
  language: string;
  holderPresent: boolean;
  /** Our page the verification step returns to; `{payment}` becomes the payment's id. */
  returnPath: string;
}

/**
 * Payments through the configured provider, for sponsorship now and the storefront,
 * shop and enterprise checkouts later. A payment is written before the provider is asked, under
 * its idempotency key, and the same key goes to the provider: a repeated request, or a retry
 * after a crash, finds the same payment and the same charge. Whichever of the page's return, the
 * webhook or a renewal sees a charge settle first moves the payment, once.
 */
export class Payments {
  readonly #succeeded = new Map<PaymentPurpose, PaymentHandler>();
  readonly #failed = new Map<PaymentPurpose, PaymentHandler>();
  /** What runs for every payment that succeeds, whatever it paid for (an affiliate's commission). */
  readonly #anySucceeded: PaymentHandler[] = [];
  readonly #describers = new Map<
    PaymentPurpose,
    (payment: PaymentRow, language: Language) => Promise<string | null>
  >();

  constructor(
    private readonly options: {
      db: Db;
      provider: PaymentProvider;
      publicUrl: string;
      now: () => Date;
      log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
    },
  ) {}

  get provider(): PaymentProvider {
    return this.options.provider;
  }

  /** Registers what a purpose does once its payment succeeds (and, optionally, fails). */
  on(
    purpose: PaymentPurpose,
    handlers: { succeeded: PaymentHandler; failed?: PaymentHandler },
  ): void {
    this.#succeeded.set(purpose, handlers.succeeded);
    if (handlers.failed) this.#failed.set(purpose, handlers.failed);
  }

  /** Registers what runs, in the same transaction, after any purpose's payment succeeds. */
  onAnySucceeded(handler: PaymentHandler): void {
    this.#anySucceeded.push(handler);
  }

  /** Registers how a purpose names what a payment bought, for its receipt (a storefront order's miles and account). */
  describe(
    purpose: PaymentPurpose,
    describer: (payment: PaymentRow, language: Language) => Promise<string | null>,
  ): void {
    this.#describers.set(purpose, describer);
  }

  /** What a payment bought, in words, when its purpose says so; null for the receipt's own wording (a plan). */
  async itemOf(payment: PaymentRow, language: Language): Promise<string | null> {
    return (await this.#describers.get(payment.purpose)?.(payment, language)) ?? null;
  }

  /** Saves the card the browser tokenized; a spent or forged token is "card info incomplete". */
  async saveCard(memberId: string, token: string, holderName: string): Promise<CardRow> {
    try {
      const saved = await this.options.provider.saveCard({ token, customer: memberId });
      const [card] = await this.options.db
        .insert(paymentCards)
        .values({
          memberId,
          provider: this.options.provider.name,
          providerRef: saved.ref,
          brand: saved.brand,
          last4: saved.last4,
          expMonth: saved.expMonth,
          expYear: saved.expYear,
          holderName,
        })
        .returning();
      return card!;
    } catch (error) {
      if (error instanceof CardRejected)
        throw new AppError('CARD_INFO_INCOMPLETE', {
          message: 'Card info incomplete.',
          fields: { card: 'card info incomplete' },
        });
      throw error;
    }
  }

  /** The card a payment was charged to (its member's own). */
  async cardOf(payment: PaymentRow): Promise<CardRow | null> {
    if (!payment.cardId) return null;
    const [card] = await this.options.db
      .select()
      .from(paymentCards)
      .where(and(eq(paymentCards.id, payment.cardId), eq(paymentCards.memberId, payment.memberId)));
    return card ?? null;
  }

  async byKey(idempotencyKey: string): Promise<PaymentRow | null> {
    const [row] = await this.options.db
      .select()
      .from(payments)
      .where(eq(payments.idempotencyKey, idempotencyKey));
    return row ?? null;
  }

  /**
   * Writes the payment (or finds the one under its key) and charges the card once. A card still
   * to be saved (`saveCard`, the checkout's one-use token) is saved only by the request that wrote
   * the payment, so a double-submitted checkout spends its token once and both requests answer
   * with the same payment.
   */
  async pay(request: PayRequest): Promise<PaymentRow> {
    if (!(await this.byKey(request.idempotencyKey))) {
      const written = await this.#write(request);
      if (written) return this.#charge(request, written);
    }
    const payment = await this.#settled(request.idempotencyKey);
    // The twin that wrote it could not save its card and withdrew the payment: the same token fails here too.
    if (!payment) return this.pay(request);
    if (payment.memberId !== request.memberId)
      throw new AppError('NOT_FOUND', { message: 'No such payment.' });
    // Asked before: its charge already answered (or is waiting for the holder).
    if (payment.status !== 'pending' || !payment.cardId) return payment;
    // Left pending by a request that stopped (a crash): the same key asks the provider for the same charge.
    return this.#charge(request, payment);
  }

  /** The payment under a new key, or null when a concurrent request wrote it first. */
  async #write(request: PayRequest): Promise<PaymentRow | null> {
    try {
      const [inserted] = await this.options.db
        .insert(payments)
        .values({
          memberId: request.memberId,
          purpose: request.purpose,
          plan: request.plan,
          amount: request.amount,
          currency: request.currency,
          idempotencyKey: request.idempotencyKey,
          provider: this.options.provider.name,
          cardId: 'id' in request.card ? request.card.id : null,
          billing: request.billing ?? null,
          sponsorshipId: request.sponsorshipId ?? null,
          periodStart: request.period?.start ?? null,
          periodEnd: request.period?.end ?? null,
          language: request.language,
        })
        .returning();
      return inserted ?? null;
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /**
   * The payment under a key another request wrote, once that request has had time to save its
   * card and ask for the charge (a double-submitted checkout), so both answer with its outcome.
   */
  async #settled(idempotencyKey: string): Promise<PaymentRow | null> {
    for (;;) {
      const payment = await this.byKey(idempotencyKey);
      const inFlight =
        payment?.status === 'pending' && Date.now() - payment.createdAt.getTime() < SETTLE_WAIT_MS;
      if (!inFlight) return payment;
      await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    }
  }

  async #charge(request: PayRequest, written: PaymentRow): Promise<PaymentRow> {
    let payment = written;
    // A payment keeps the card it was written with; a retry does not save a second one.
    let card = payment.cardId ? await this.cardOf(payment) : null;
    if (!card && 'save' in request.card) {
      try {
        card = await request.card.save();
      } catch (error) {
        await this.options.db
          .delete(payments)
          .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
        throw error;
      }
      [payment] = (await this.options.db
        .update(payments)
        .set({ cardId: card.id })
        .where(eq(payments.id, payment.id))
        .returning()) as [PaymentRow];
    }
    if (!card) throw new Error(`payment ${payment.id} has no card to charge`);
    return this.#chargeAndRecord(payment, card, request);
  }

  /** Asks the provider for a payment's charge under the payment's own idempotency key, and records the answer. */
  async #chargeAndRecord(
    payment: PaymentRow,
    card: CardRow,
    how: { description: string; holderPresent: boolean; returnPath: string },
  ): Promise<PaymentRow> {
    const charge = await this.options.provider.charge({
      cardRef: card.providerRef,
      amount: payment.amount,
      currency: payment.currency,
      description: how.description,
      idempotencyKey: payment.idempotencyKey,
      reference: payment.id,
      holderPresent: how.holderPresent,
      returnUrl: `${this.options.publicUrl}${how.returnPath.replace('{payment}', payment.id)}`,
      language: payment.language,
    });
    return this.#record(payment.id, charge);
  }

  /**
   * Payments a crash left `pending` (the request stopped between writing the payment and recording
   * its charge), once they are older than STALE_PENDING_MS. Without a card nothing can have been
   * charged (a charge needs one), so the payment is withdrawn and the transaction list stays clean.
   * With a card, the provider is asked for the charge under the payment's own idempotency key: it
   * answers the first charge if the dead request got that far, and otherwise makes it, as the
   * member asked. The holder is not at the page, so no verification step is started.
   */
  async reconcilePending(now: Date): Promise<{ withdrawn: number; settled: number }> {
    const { db } = this.options;
    const stale = await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, 'pending'),
          lt(payments.createdAt, new Date(now.getTime() - STALE_PENDING_MS)),
        ),
      )
      .limit(100);
    const report = { withdrawn: 0, settled: 0 };
    for (const payment of stale) {
      const card = await this.cardOf(payment);
      if (!card) {
        const gone = await db
          .delete(payments)
          .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
          .returning({ id: payments.id });
        report.withdrawn += gone.length;
        continue;
      }
      try {
        await this.#chargeAndRecord(payment, card, {
          description: `TripPlus ${payment.plan ?? payment.purpose}`,
          holderPresent: false,
          returnPath: '/profilepage/transaction',
        });
        report.settled += 1;
      } catch (error) {
        this.options.log.warn(
          { err: error, payment: payment.id },
          'a pending payment could not be settled; the next run tries again',
        );
      }
    }
    return report;
  }

  /**
   * Gives a paid payment's money back in full (support's refund by hand, `npm run refund`). The
   * payment keeps its receipt and shows as refunded; asking twice refunds once (one idempotency key
   * per payment). What the payment gave (a sponsorship month) is support's to end, as the refund's
   * reason decides.
   */
  async refund(paymentId: string): Promise<PaymentRow> {
    const [payment] = await this.options.db
      .select()
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (!payment) throw new AppError('NOT_FOUND', { message: 'No such payment.' });
    if (payment.status !== 'succeeded' || !payment.providerChargeId)
      throw new AppError('INVALID_INPUT', {
        message: 'Only a paid payment can be refunded.',
      });
    if (payment.refundedAt) return payment;
    const refund = await this.options.provider.refund({
      chargeId: payment.providerChargeId,
      amount: payment.amount,
      idempotencyKey: `refund-${payment.id}`,
    });
    if (refund.status === 'failed')
      throw new AppError('PROCESSOR_REFUSED', {
        message: 'The processor refused the refund.',
      });
    const [refunded] = await this.options.db
      .update(payments)
      .set({ refundId: refund.id, refundedAt: this.options.now(), updatedAt: this.options.now() })
      .where(eq(payments.id, payment.id))
      .returning();
    this.options.log.info({ payment: payment.id, refund: refund.id }, 'payment refunded');
    return refunded!;
  }

  /** Asks the provider where a payment's charge stands and records it (the page's return from verification). */
  async refresh(payment: PaymentRow): Promise<PaymentRow> {
    if (payment.status === 'succeeded' || payment.status === 'failed' || !payment.providerChargeId)
      return payment;
    return this.#record(
      payment.id,
      await this.options.provider.getCharge(payment.providerChargeId),
    );
  }

  async get(memberId: string, paymentId: string): Promise<PaymentRow | null> {
    const [row] = await this.options.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.memberId, memberId)));
    return row ?? null;
  }

  /** The member's payments, newest first (the profile's transactions). */
  async list(memberId: string): Promise<(PaymentRow & { card: CardRow | null })[]> {
    const rows = await this.options.db
      .select({ payment: payments, card: paymentCards })
      .from(payments)
      .leftJoin(paymentCards, eq(paymentCards.id, payments.cardId))
      .where(eq(payments.memberId, memberId))
      .orderBy(desc(payments.createdAt))
      .limit(200);
    return rows.map((row) => ({ ...row.payment, card: row.card }));
  }

  /**
   * A webhook: the event id goes in first, in the transaction of its effect, so a replay (or two
   * deliveries at once) changes nothing. Answers whether it was new.
   */
  async handleWebhook(event: {
    id: string;
    type: string;
    chargeId: string;
    reference: string;
  }): Promise<'handled' | 'duplicate' | 'ignored'> {
    // A charge the provider does not know (a signed event of another system, or a test's) is ignored, not a failure.
    const charge =
      event.type === 'charge.succeeded' || event.type === 'charge.failed'
        ? await this.options.provider.findCharge(event.chargeId)
        : null;
    return this.options.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(paymentEvents)
        .values({ provider: this.options.provider.name, eventId: event.id, type: event.type })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) return 'duplicate';
      if (!charge) return 'ignored';
      const [payment] = await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.provider, this.options.provider.name),
            or(
              eq(payments.providerChargeId, event.chargeId),
              eq(payments.id, uuidOrNil(event.reference)),
            ),
          ),
        );
      if (!payment) return 'ignored';
      await this.#move(tx as unknown as Db, payment.id, charge);
      return 'handled';
    });
  }

  async #record(paymentId: string, charge: Charge): Promise<PaymentRow> {
    return this.options.db.transaction(async (tx) =>
      this.#move(tx as unknown as Db, paymentId, charge),
    );
  }

  /**
   * Moves a payment to what its charge says, forward only. The update names the states it may move
   * from, so of two callers racing (the page and the webhook) one moves it and runs the purpose's
   * handler, and the other finds it already moved.
   */
  async #move(tx: Db, paymentId: string, charge: Charge): Promise<PaymentRow> {
    const now = this.options.now();
    const from =
      charge.status === 'requires-verification'
        ? (['pending'] as const)
        : (['pending', 'verifying'] as const);
    const status =
      charge.status === 'succeeded'
        ? 'succeeded'
        : charge.status === 'failed'
          ? 'failed'
          : 'verifying';
    const [moved] = await tx
      .update(payments)
      .set({
        status,
        providerChargeId: charge.id,
        verificationUrl: charge.verificationUrl ?? null,
        failure: charge.failure ?? null,
        updatedAt: now,
        ...(status === 'succeeded' ? { paidAt: now } : {}),
      })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, [...from])))
      .returning();
    if (!moved) {
      const [current] = await tx.select().from(payments).where(eq(payments.id, paymentId));
      return current!;
    }
    if (status === 'succeeded') {
      const number = await nextReceiptNumber(tx);
      await tx.insert(receiptNumbers).values({ id: number, paymentId });
      const receiptNumber = `TP-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${String(number).padStart(6, '0')}`;
      const [numbered] = await tx
        .update(payments)
        .set({ receiptNumber })
        .where(eq(payments.id, paymentId))
        .returning();
      await this.#succeeded.get(moved.purpose)?.(tx, numbered!);
      for (const handler of this.#anySucceeded) await handler(tx, numbered!);
      const [after] = await tx.select().from(payments).where(eq(payments.id, paymentId));
      return after!;
    }
    if (status === 'failed') await this.#failed.get(moved.purpose)?.(tx, moved);
    return moved;
  }
}

/**
 * The next receipt number, taken inside the caller's transaction: the counter row stays locked
 * until it commits (a second payment waits for it), and a rollback gives the number back.
 */
export async function nextReceiptNumber(tx: Db): Promise<number> {
  const [row] = await tx
    .insert(receiptCounters)
    .values({ series: 'receipt', last: 1 })
    .onConflictDoUpdate({
      target: receiptCounters.series,
      set: { last: sql`${receiptCounters.last} + 1` },
    })
    .returning({ last: receiptCounters.last });
  return row!.last;
}

/** A webhook's reference that is not one of our ids matches nothing (and must not break the query). */
function uuidOrNil(value: string): string {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
    ? value
    : '00000000-0000-0000-0000-000000000000';
}

export type { PaymentFailure };
