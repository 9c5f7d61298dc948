/* eslint-disable max-lines -- every change of a sponsorship's state (buy, renew, retry, cancel, resume, change plan) is one class over one row, each update naming the state it leaves. */
import { and, eq, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MoneyCurrency } from '../../../core/locale.ts';
import {
  billingAnchor,
  billingPeriod,
  proratedCharge,
} from '../../../core/payments/billing-period.ts';
import type { SponsorCheckout } from '../../../core/payments/checkout-contract.ts';
import type { SponsorshipOverview } from '../../../core/payments/payment-view.ts';
import type { PriceList } from '../../../core/payments/money.ts';
import {
  PLAN_ENTITLEMENT,
  PLAN_RANK,
  SPONSOR_PLANS,
  currentPlan,
  planBenefits,
  type SponsorPlan,
} from '../../../core/payments/sponsorship.ts';
import type { Plan } from '../../../core/limits.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { members, paymentCards, payments, sponsorships } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { MemberRow } from '../auth/index.ts';
import { enqueueMail } from '../mail/index.ts';
import type { NoticeWriter } from '../notices/index.ts';
import { recordChange, type Actor } from '../staff/index.ts';
import type { CardRow, PaymentRow, Payments, PayRequest } from '../payments/index.ts';
import { sponsorshipMail } from './sponsorship-mail.ts';

export type SponsorshipRow = typeof sponsorships.$inferSelect;

const DAY_MS = 86_400_000;
/**
 * A renewal that fails is tried again a day later and two days after that; meanwhile the sponsor
 * keeps the plan, so the member's plan runs this long past the paid month (docs/payments.md).
 */
export const RENEWAL_RETRY_DAYS = [1, 2] as const;
export const RENEWAL_GRACE_MS = (RENEWAL_RETRY_DAYS[0] + RENEWAL_RETRY_DAYS[1]) * DAY_MS + 3600_000;
/** A renewal being charged is left to its process this long before another may try it. */
const RENEWAL_CLAIM_MS = 10 * 60 * 1000;

export interface SponsorshipOptions {
  db: Db;
  payments: Payments;
  prices: Record<SponsorPlan, PriceList>;
  timeZone: string;
  /** Links in e-mails (the manage page, receipts). */
  siteUrl: string;
  now: () => Date;
  /** Writes the member's notice of a failed renewal in its transaction (docs/notices.md). */
  notices?: NoticeWriter;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** Where each checkout's verification step returns to. */
const RETURN_PATH: Record<SponsorPlan, string> = {
  sponsor: '/support-tripplus/checkout/payment?payment={payment}',
  'sponsor-more': '/support-tripplus/checkout/payment?payment={payment}',
  business: '/enterprise/checkout/payment?payment={payment}',
};
const MANAGE_RETURN_PATH = '/profilepage/sponsorship?payment={payment}';

/**
 * Sponsorship (docs/product/sponsorship.md): buying a plan, its monthly renewals on the saved card,
 * upgrade, downgrade, cancel and resume, and the member's plan that follows from them. The rules
 * are in docs/payments.md.
 */
export class Sponsorships {
  constructor(private readonly options: SponsorshipOptions) {
    options.payments.on('sponsorship', { succeeded: (tx, payment) => this.#started(tx, payment) });
    options.payments.on('renewal', {
      succeeded: (tx, payment) => this.#renewed(tx, payment),
      failed: (tx, payment) => this.#renewalFailed(tx, payment),
    });
    options.payments.on('upgrade', { succeeded: (tx, payment) => this.#upgraded(tx, payment) });
  }

  price(plan: SponsorPlan, currency: MoneyCurrency): number {
    return this.options.prices[plan][currency];
  }

  /** The live sponsorship (not ended) of a member, with its card. */
  async current(memberId: string): Promise<(SponsorshipRow & { card: CardRow }) | null> {
    const [row] = await this.options.db
      .select({ sponsorship: sponsorships, card: paymentCards })
      .from(sponsorships)
      .innerJoin(paymentCards, eq(paymentCards.id, sponsorships.cardId))
      .where(and(eq(sponsorships.memberId, memberId), ne(sponsorships.status, 'ended')));
    return row ? { ...row.sponsorship, card: row.card } : null;
  }

  /** Starts paying for a plan: saves the card, charges the first month (verification step if the card asks). */
  async checkout(member: MemberRow, input: SponsorCheckout): Promise<PaymentRow> {
    const { termsAgreed: _agreed, ...billing } = input.details;
    const request: PayRequest = {
      memberId: member.id,
      purpose: 'sponsorship',
      plan: input.plan,
      amount: this.price(input.plan, input.currency),
      currency: input.currency,
      card: {
        save: () =>
          this.options.payments.saveCard(member.id, input.card.token, input.details.holderName),
      },
      idempotencyKey: `checkout:${input.checkoutId}`,
      description: `TripPlus ${input.plan}`,
      billing,
      language: input.language,
      holderPresent: true,
      returnPath: RETURN_PATH[input.plan],
    };
    // The same checkout sent again (a double click, a retry) answers with its payment, not "already sponsoring".
    if (!(await this.options.payments.byKey(request.idempotencyKey))) {
      const live = await this.current(member.id);
      if (live && live.status !== 'cancelling')
        throw new AppError('ALREADY_SPONSORING', {
          message: 'You already sponsor TripPlus. Change your plan on the manage page.',
        });
      if (live)
        throw new AppError('ALREADY_SPONSORING', {
          message:
            'Your sponsorship runs to the end of its month. Resume it on the manage page, or sponsor again after it ends.',
        });
    }
    return this.options.payments.pay(request);
  }

  /** A paid first month: the sponsorship begins, anchored at the payment, and the member has the plan at once. */
  async #started(tx: Db, payment: PaymentRow): Promise<void> {
    const paidAt = payment.paidAt ?? this.options.now();
    const anchor = billingAnchor(paidAt.getTime());
    const period = billingPeriod(anchor, 0, this.options.timeZone);
    try {
      const [row] = await tx
        .insert(sponsorships)
        .values({
          memberId: payment.memberId,
          plan: planOf(payment),
          status: 'active',
          currency: payment.currency,
          anchorAt: new Date(anchor),
          periodIndex: 0,
          periodStart: new Date(period.start),
          periodEnd: new Date(period.end),
          cardId: payment.cardId!,
          company: payment.billing?.company ?? '',
          taxId: payment.billing?.taxId ?? '',
        })
        .returning();
      await tx
        .update(payments)
        .set({
          sponsorshipId: row!.id,
          periodStart: new Date(period.start),
          periodEnd: new Date(period.end),
        })
        .where(eq(payments.id, payment.id));
      await this.#grant(
        tx,
        payment.memberId,
        PLAN_ENTITLEMENT[planOf(payment)],
        new Date(period.end + RENEWAL_GRACE_MS),
      );
      await this.#mail(tx, payment.memberId, 'receipt', {
        payment: {
          ...payment,
          periodStart: new Date(period.start),
          periodEnd: new Date(period.end),
        },
      });
    } catch (error) {
      // Two checkouts paid at once (two tabs): the first one holds; the second stays a recorded
      // payment for support to refund by hand (docs/payments.md), rather than a lost webhook.
      if (!isUniqueViolation(error)) throw error;
      this.options.log.warn(
        { payment: payment.id, member: payment.memberId },
        'second sponsorship paid while one is live; refund it by hand',
      );
    }
  }

  async #grant(tx: Db, memberId: string, plan: Plan, until: Date): Promise<void> {
    await tx
      .update(members)
      .set({ plan, planUntil: until, updatedAt: this.options.now() })
      .where(eq(members.id, memberId));
  }

  async #mail(
    tx: Db,
    memberId: string,
    kind: 'receipt' | 'renewal-failed' | 'ended',
    details: { payment?: PaymentRow; sponsorship?: SponsorshipRow; retryAt?: Date | null },
  ): Promise<void> {
    const [member] = await tx.select().from(members).where(eq(members.id, memberId));
    if (!member?.email) return;
    await enqueueMail(
      tx,
      sponsorshipMail({
        kind,
        member,
        siteUrl: this.options.siteUrl,
        timeZone: this.options.timeZone,
        ...details,
      }),
    );
  }

  /**
   * Cancelling keeps the plan to the end of the paid month, without refund (docs/product/sponsorship.md#rules).
   * Support may cancel for the member (docs/staff.md#members), and end it at once; their reason
   * goes into the audit log with the change.
   */
  async cancel(
    member: Pick<MemberRow, 'id'>,
    staff?: { actor: Actor; reason: string; endNow: boolean },
  ): Promise<void> {
    await this.options.db.transaction(async (tx) => {
      const [live] = await tx
        .select()
        .from(sponsorships)
        .where(
          and(
            eq(sponsorships.memberId, member.id),
            // Support may end at once one already cancelled to the end of its month.
            inArray(
              sponsorships.status,
              staff?.endNow ? ['active', 'past-due', 'cancelling'] : ['active', 'past-due'],
            ),
          ),
        )
        .for('update');
      if (!live)
        throw new AppError('NOT_SPONSORING', {
          message: 'There is no sponsorship to cancel.',
        });
      const now = this.options.now();
      // A sponsorship whose renewal is failing has no paid month left: it ends now.
      const ended =
        staff?.endNow === true ||
        live.status === 'past-due' ||
        live.periodEnd.getTime() <= now.getTime();
      await tx
        .update(sponsorships)
        .set({
          status: ended ? 'ended' : 'cancelling',
          cancelledAt: now,
          nextPlan: null,
          nextAttemptAt: null,
          ...(ended ? { endedAt: now } : {}),
        })
        .where(eq(sponsorships.id, live.id));
      await this.#grant(
        tx as unknown as Db,
        member.id,
        PLAN_ENTITLEMENT[live.plan],
        ended ? now : live.periodEnd,
      );
      if (staff)
        await recordChange(tx, staff.actor, {
          action: 'sponsorship.cancel',
          subject: `member:${member.id}`,
          before: { plan: live.plan, status: live.status, periodEnd: live.periodEnd.toISOString() },
          after: { status: ended ? 'ended' : 'cancelling', reason: staff.reason },
        });
    });
  }

  /** Undoes a cancel before the month ends: renewals go on as before. */
  async resume(member: MemberRow): Promise<void> {
    await this.options.db.transaction(async (tx) => {
      const now = this.options.now();
      const [live] = await tx
        .select()
        .from(sponsorships)
        .where(and(eq(sponsorships.memberId, member.id), eq(sponsorships.status, 'cancelling')))
        .for('update');
      if (!live || live.periodEnd.getTime() <= now.getTime())
        throw new AppError('NOT_SPONSORING', {
          message: 'There is no cancelled sponsorship to resume.',
        });
      await tx
        .update(sponsorships)
        .set({ status: 'active', cancelledAt: null })
        .where(eq(sponsorships.id, live.id));
      await this.#grant(
        tx as unknown as Db,
        member.id,
        PLAN_ENTITLEMENT[live.plan],
        new Date(live.periodEnd.getTime() + RENEWAL_GRACE_MS),
      );
    });
  }

  /**
   * Upgrade now, paying the difference for the rest of the month; downgrade at the next renewal,
   * keeping the higher plan to the end of the paid month (no refund, as with a cancel).
   * Choosing the current plan again takes back a pending downgrade.
   */
  async changePlan(
    member: MemberRow,
    plan: SponsorPlan,
    checkoutId: string,
  ): Promise<{ payment: PaymentRow | null }> {
    const live = await this.current(member.id);
    if (!live || live.status !== 'active')
      throw new AppError('NOT_SPONSORING', {
        message: 'Only an active sponsorship can change plan.',
      });
    if (PLAN_RANK[plan] <= PLAN_RANK[live.plan]) {
      await this.options.db
        .update(sponsorships)
        .set({ nextPlan: plan === live.plan ? null : plan })
        .where(eq(sponsorships.id, live.id));
      return { payment: null };
    }
    const currency = live.currency as MoneyCurrency;
    const now = this.options.now();
    const period = {
      index: live.periodIndex,
      start: live.periodStart.getTime(),
      end: live.periodEnd.getTime(),
    };
    const amount = proratedCharge(
      this.price(plan, currency) - this.price(live.plan, currency),
      period,
      now.getTime(),
    );
    if (amount === 0)
      throw new AppError('NOT_SPONSORING', {
        message: 'The month has ended; change the plan after the renewal.',
      });
    const payment = await this.options.payments.pay({
      memberId: member.id,
      purpose: 'upgrade',
      plan,
      amount,
      currency,
      card: live.card,
      idempotencyKey: `upgrade:${checkoutId}`,
      description: `TripPlus ${live.plan} → ${plan}`,
      sponsorshipId: live.id,
      period: { start: now, end: live.periodEnd },
      language: member.language,
      holderPresent: true,
      returnPath: MANAGE_RETURN_PATH,
    });
    return { payment };
  }

  async #upgraded(tx: Db, payment: PaymentRow): Promise<void> {
    const [live] = await tx
      .select()
      .from(sponsorships)
      .where(eq(sponsorships.id, payment.sponsorshipId!))
      .for('update');
    if (!live || live.status === 'ended') return;
    await tx
      .update(sponsorships)
      .set({ plan: planOf(payment), nextPlan: null })
      .where(eq(sponsorships.id, live.id));
    const until =
      live.status === 'cancelling'
        ? live.periodEnd
        : new Date(live.periodEnd.getTime() + RENEWAL_GRACE_MS);
    await this.#grant(tx, payment.memberId, PLAN_ENTITLEMENT[planOf(payment)], until);
    await this.#mail(tx, payment.memberId, 'receipt', { payment });
  }

  /** A new card for the renewals; a sponsorship whose renewal was failing is tried again at once. */
  async updateCard(member: MemberRow, token: string, holderName: string): Promise<CardRow> {
    const live = await this.current(member.id);
    if (!live)
      throw new AppError('NOT_SPONSORING', {
        message: 'There is no sponsorship to pay for.',
      });
    const card = await this.options.payments.saveCard(member.id, token, holderName);
    await this.options.db
      .update(sponsorships)
      .set({
        cardId: card.id,
        ...(live.status === 'past-due' ? { nextAttemptAt: this.options.now() } : {}),
      })
      .where(eq(sponsorships.id, live.id));
    if (live.status === 'past-due') await this.renewDue(this.options.now());
    return card;
  }

  /**
   * The renewal job: charges the saved card of every sponsorship whose month is over, retrying a
   * failed charge on RENEWAL_RETRY_DAYS and ending the sponsorship after the last; ends the
   * cancelled ones. Several workers may run it: each sponsorship is claimed before it is charged,
   * and the charge's idempotency key names the month and the attempt.
   */
  async renewDue(at: Date): Promise<{ renewed: number; failed: number; ended: number }> {
    const report = { renewed: 0, failed: 0, ended: 0 };
    const endedCancels = await this.options.db
      .update(sponsorships)
      .set({ status: 'ended', endedAt: at })
      .where(and(eq(sponsorships.status, 'cancelling'), lte(sponsorships.periodEnd, at)))
      .returning();
    report.ended += endedCancels.length;
    const due = await this.options.db
      .select()
      .from(sponsorships)
      .where(
        and(
          inArray(sponsorships.status, ['active', 'past-due']),
          lte(sponsorships.periodEnd, at),
          or(isNull(sponsorships.nextAttemptAt), lte(sponsorships.nextAttemptAt, at)),
        ),
      )
      .limit(500);
    for (const candidate of due) {
      const [claimed] = await this.options.db
        .update(sponsorships)
        .set({ nextAttemptAt: new Date(at.getTime() + RENEWAL_CLAIM_MS) })
        .where(
          and(
            eq(sponsorships.id, candidate.id),
            inArray(sponsorships.status, ['active', 'past-due']),
            or(isNull(sponsorships.nextAttemptAt), lte(sponsorships.nextAttemptAt, at)),
          ),
        )
        .returning();
      if (!claimed) continue;
      try {
        const payment = await this.#renew(claimed);
        if (payment.status === 'succeeded') report.renewed += 1;
        else report.failed += 1;
      } catch (error) {
        this.options.log.error(
          { err: error, sponsorship: claimed.id },
          'renewal could not be charged; it will be tried again',
        );
      }
    }
    return report;
  }

  async #renew(sponsorship: SponsorshipRow): Promise<PaymentRow> {
    const plan = sponsorship.nextPlan ?? sponsorship.plan;
    const currency = sponsorship.currency as MoneyCurrency;
    const nextIndex = sponsorship.periodIndex + 1;
    const next = billingPeriod(sponsorship.anchorAt.getTime(), nextIndex, this.options.timeZone);
    const [card] = await this.options.db
      .select()
      .from(paymentCards)
      .where(eq(paymentCards.id, sponsorship.cardId));
    const [member] = await this.options.db
      .select()
      .from(members)
      .where(eq(members.id, sponsorship.memberId));
    const payment = await this.options.payments.pay({
      memberId: sponsorship.memberId,
      purpose: 'renewal',
      plan,
      amount: this.price(plan, currency),
      currency,
      card: card!,
      idempotencyKey: `renewal:${sponsorship.id}:${nextIndex}:${sponsorship.renewalFailures}`,
      description: `TripPlus ${plan} renewal`,
      sponsorshipId: sponsorship.id,
      period: { start: new Date(next.start), end: new Date(next.end) },
      language: member?.language ?? 'en',
      holderPresent: false,
      returnPath: MANAGE_RETURN_PATH,
    });
    // A provider that asks for the holder on a renewal (nobody is there): count it as failed.
    if (payment.status === 'verifying')
      await this.options.db.transaction((tx) => this.#renewalFailed(tx as unknown as Db, payment));
    return payment;
  }

  async #renewed(tx: Db, payment: PaymentRow): Promise<void> {
    const [live] = await tx
      .select()
      .from(sponsorships)
      .where(eq(sponsorships.id, payment.sponsorshipId!))
      .for('update');
    if (!live) return;
    const nextIndex = live.periodIndex + 1;
    const next = billingPeriod(live.anchorAt.getTime(), nextIndex, this.options.timeZone);
    await tx
      .update(sponsorships)
      .set({
        status: 'active',
        plan: planOf(payment),
        nextPlan: null,
        periodIndex: nextIndex,
        periodStart: new Date(next.start),
        periodEnd: new Date(next.end),
        renewalFailures: 0,
        nextAttemptAt: null,
      })
      .where(eq(sponsorships.id, live.id));
    await this.#grant(
      tx,
      payment.memberId,
      PLAN_ENTITLEMENT[planOf(payment)],
      new Date(next.end + RENEWAL_GRACE_MS),
    );
    await this.#mail(tx, payment.memberId, 'receipt', { payment });
  }

  async #renewalFailed(tx: Db, payment: PaymentRow): Promise<void> {
    const [live] = await tx
      .select()
      .from(sponsorships)
      .where(eq(sponsorships.id, payment.sponsorshipId!))
      .for('update');
    if (!live || live.status === 'ended' || live.status === 'cancelling') return;
    const now = this.options.now();
    const failures = live.renewalFailures + 1;
    const retryDays = RENEWAL_RETRY_DAYS[failures - 1];
    if (retryDays === undefined) {
      await tx
        .update(sponsorships)
        .set({ status: 'ended', endedAt: now, renewalFailures: failures, nextAttemptAt: null })
        .where(eq(sponsorships.id, live.id));
      await this.#grant(tx, payment.memberId, PLAN_ENTITLEMENT[live.plan], now);
      await this.#mail(tx, payment.memberId, 'ended', { sponsorship: live });
      return;
    }
    const retryAt = new Date(now.getTime() + retryDays * DAY_MS);
    await tx
      .update(sponsorships)
      .set({ status: 'past-due', renewalFailures: failures, nextAttemptAt: retryAt })
      .where(eq(sponsorships.id, live.id));
    await this.options.notices?.write(tx, payment.memberId, 'sponsorship-renewal-failed', {
      plan: live.plan,
      retryAt: retryAt.toISOString(),
    });
    await this.#mail(tx, payment.memberId, 'renewal-failed', {
      sponsorship: live,
      payment,
      retryAt,
    });
  }

  /** Every plan with its price in a currency and what it gives. */
  prices(currency: MoneyCurrency) {
    return SPONSOR_PLANS.map((plan) => ({
      plan,
      price: this.price(plan, currency),
      benefits: planBenefits(PLAN_ENTITLEMENT[plan]),
    }));
  }

  /**
   * What the pages show: every plan's price in a currency (the sponsorship's own, once sponsoring),
   * and for a member the plan they have now and their sponsorship.
   */
  async overview(member: MemberRow | null, currency: MoneyCurrency): Promise<SponsorshipOverview> {
    if (!member)
      return {
        currency,
        plans: this.prices(currency),
        planNow: null,
        planUntil: null,
        sponsorship: null,
      };
    const live = await this.current(member.id);
    const shownCurrency = (live?.currency as MoneyCurrency | undefined) ?? currency;
    const nextAt = live?.status === 'past-due' ? live.nextAttemptAt : live?.periodEnd;
    return {
      currency: shownCurrency,
      plans: this.prices(shownCurrency),
      planNow: currentPlan(member, this.options.now()),
      planUntil: member.plan !== 'member' ? (member.planUntil?.toISOString() ?? null) : null,
      sponsorship: live
        ? {
            id: live.id,
            plan: live.plan,
            nextPlan: live.nextPlan,
            status: live.status,
            currency: shownCurrency,
            periodStart: live.periodStart.toISOString(),
            periodEnd: live.periodEnd.toISOString(),
            nextAttemptAt: live.nextAttemptAt?.toISOString() ?? null,
            nextCharge:
              live.status === 'cancelling'
                ? null
                : {
                    amount: this.price(live.nextPlan ?? live.plan, shownCurrency),
                    at: nextAt?.toISOString() ?? null,
                  },
            card: {
              brand: live.card.brand,
              last4: live.card.last4,
              expMonth: live.card.expMonth,
              expYear: live.card.expYear,
            },
            company: live.company,
          }
        : null,
    };
  }
}

/** The plan a sponsorship payment pays for (every sponsorship, renewal and upgrade payment names one). */
function planOf(payment: PaymentRow): SponsorPlan {
  if (!payment.plan) throw new Error(`sponsorship payment ${payment.id} names no plan`);
  return payment.plan;
}
