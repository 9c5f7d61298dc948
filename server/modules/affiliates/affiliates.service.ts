import { randomInt } from 'node:crypto';
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  AFFILIATE_CODE,
  REFERRAL_DAYS,
  type AffiliateApplication,
  type AffiliateView,
  type StaffAffiliateView,
} from '../../../core/affiliates.ts';
import type { MoneyCurrency } from '../../../core/locale.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  affiliateClicks,
  affiliateCommissions,
  affiliateReferrals,
  affiliates,
  members,
  payments,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { PaymentRow, Payments } from '../payments/index.ts';
import { recordChange, type Actor } from '../staff/index.ts';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const DAY_MS = 86_400_000;
export type AffiliateRow = typeof affiliates.$inferSelect;

/**
 * The affiliate programme (docs/affiliates.md): applications and staff's decision, clicks counted
 * per day, the referral a signed-in member's cookie leaves, and a commission for each payment made
 * within REFERRAL_DAYS of the click, once per payment, never to the payer's own code.
 */
export class Affiliates {
  constructor(
    private readonly options: {
      db: Db;
      payments: Payments;
      commissionPercent: number;
      siteUrl: string;
      now: () => Date;
    },
  ) {
    options.payments.onAnySucceeded((tx, payment) => this.#attribute(tx, payment));
  }

  get commissionPercent(): number {
    return this.options.commissionPercent;
  }

  async apply(memberId: string, application: AffiliateApplication): Promise<AffiliateRow> {
    try {
      const [row] = await this.options.db
        .insert(affiliates)
        .values({ memberId, ...application, appliedAt: this.options.now() })
        .returning();
      return row!;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Applied before: a pending application may be corrected; a decided one stays.
      const [updated] = await this.options.db
        .update(affiliates)
        .set(application)
        .where(and(eq(affiliates.memberId, memberId), eq(affiliates.status, 'pending')))
        .returning();
      if (!updated)
        throw new AppError('INVALID_INPUT', { message: 'Your application was already decided.' });
      return updated;
    }
  }

  async of(memberId: string): Promise<AffiliateRow | null> {
    const [row] = await this.options.db
      .select()
      .from(affiliates)
      .where(eq(affiliates.memberId, memberId));
    return row ?? null;
  }

  /** An approved affiliate by the code in a link, or null. */
  async byCode(code: string): Promise<AffiliateRow | null> {
    if (!AFFILIATE_CODE.test(code)) return null;
    const [row] = await this.options.db
      .select()
      .from(affiliates)
      .where(and(eq(affiliates.code, code), eq(affiliates.status, 'approved')));
    return row ?? null;
  }

  /** A visit through an affiliate's link, counted on its day. */
  async click(affiliate: AffiliateRow, at: Date): Promise<void> {
    await this.options.db
      .insert(affiliateClicks)
      .values({ affiliateId: affiliate.id, day: at.toISOString().slice(0, 10), clicks: 1 })
      .onConflictDoUpdate({
        target: [affiliateClicks.affiliateId, affiliateClicks.day],
        set: { clicks: sql`${affiliateClicks.clicks} + 1` },
      });
  }

  /**
   * A signed-in member's browser brought a link's cookie: it becomes their referral (the latest
   * click wins), unless the link is their own or the click is older than REFERRAL_DAYS.
   */
  async refer(memberId: string, code: string, clickedAt: Date): Promise<boolean> {
    const now = this.options.now().getTime();
    if (clickedAt.getTime() > now || now - clickedAt.getTime() > REFERRAL_DAYS * DAY_MS)
      return false;
    const affiliate = await this.byCode(code);
    if (!affiliate || affiliate.memberId === memberId) return false;
    await this.options.db
      .insert(affiliateReferrals)
      .values({ memberId, affiliateId: affiliate.id, clickedAt })
      .onConflictDoUpdate({
        target: affiliateReferrals.memberId,
        set: { affiliateId: affiliate.id, clickedAt },
        setWhere: lt(affiliateReferrals.clickedAt, clickedAt),
      });
    return true;
  }

  /** A payment succeeded (in its transaction): the payer's referral, if it is recent, earns its affiliate a commission. */
  async #attribute(tx: Db, payment: PaymentRow): Promise<void> {
    const paidAt = payment.paidAt ?? this.options.now();
    const [referral] = await tx
      .select({ affiliate: affiliates })
      .from(affiliateReferrals)
      .innerJoin(affiliates, eq(affiliates.id, affiliateReferrals.affiliateId))
      .where(
        and(
          eq(affiliateReferrals.memberId, payment.memberId),
          gt(affiliateReferrals.clickedAt, new Date(paidAt.getTime() - REFERRAL_DAYS * DAY_MS)),
          eq(affiliates.status, 'approved'),
        ),
      );
    if (!referral || referral.affiliate.memberId === payment.memberId) return;
    await tx
      .insert(affiliateCommissions)
      .values({
        affiliateId: referral.affiliate.id,
        paymentId: payment.id,
        purpose: payment.purpose,
        amount: payment.amount,
        currency: payment.currency,
        commission: Math.round((payment.amount * this.options.commissionPercent) / 100),
        paidAt,
      })
      .onConflictDoNothing();
  }

  /** Staff: approve an application, giving it its code; or refuse it. */
  async decide(id: string, decision: 'approve' | 'refuse', actor: Actor): Promise<AffiliateRow> {
    for (;;) {
      try {
        return await this.options.db.transaction(async (tx) => {
          const [row] = await tx
            .update(affiliates)
            .set({
              status: decision === 'approve' ? 'approved' : 'refused',
              code: decision === 'approve' ? affiliateCode() : null,
              decidedAt: this.options.now(),
            })
            .where(and(eq(affiliates.id, id), eq(affiliates.status, 'pending')))
            .returning();
          if (!row)
            throw new AppError('NOT_FOUND', { message: 'No application waits under this id.' });
          await recordChange(tx, actor, {
            action: `affiliate.${decision}`,
            subject: `affiliate:${id}`,
            before: { status: 'pending' },
            after: { status: row.status, code: row.code },
          });
          return row;
        });
      } catch (error) {
        // Two codes met (one in a trillion): draw again.
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }

  /** Staff's list: waiting applications first (oldest first), then the latest decided. */
  async forStaff(): Promise<StaffAffiliateView[]> {
    const rows = await this.options.db
      .select({
        affiliate: affiliates,
        email: members.email,
        orders: sql<number>`(select count(*)::int from ${affiliateCommissions} where ${affiliateCommissions.affiliateId} = ${affiliates.id})`,
      })
      .from(affiliates)
      .innerJoin(members, eq(members.id, affiliates.memberId))
      .orderBy(sql`${affiliates.status} <> 'pending'`, asc(affiliates.appliedAt))
      .limit(300);
    return rows.map(({ affiliate, email, orders }) => ({
      id: affiliate.id,
      status: affiliate.status,
      memberEmail: email ?? '',
      site: affiliate.site,
      audience: affiliate.audience,
      payoutEmail: affiliate.payoutEmail,
      code: affiliate.code,
      appliedAt: affiliate.appliedAt.toISOString(),
      orders: Number(orders),
    }));
  }

  /** An affiliate's page: the application, the link, and clicks, orders and commission per month (the last 12). */
  async view(affiliate: AffiliateRow): Promise<AffiliateView> {
    const { db } = this.options;
    const clicks = await db
      .select({
        month: sql<string>`to_char(${affiliateClicks.day}, 'YYYY-MM')`,
        clicks: sql<number>`sum(${affiliateClicks.clicks})::int`,
      })
      .from(affiliateClicks)
      .where(eq(affiliateClicks.affiliateId, affiliate.id))
      .groupBy(sql`1`);
    const earned = await db
      .select({
        month: sql<string>`to_char(${affiliateCommissions.paidAt} at time zone 'UTC', 'YYYY-MM')`,
        currency: affiliateCommissions.currency,
        orders: sql<number>`count(*)::int`,
        commission: sql<number>`sum(${affiliateCommissions.commission})::int`,
      })
      .from(affiliateCommissions)
      .innerJoin(payments, eq(payments.id, affiliateCommissions.paymentId))
      .where(and(eq(affiliateCommissions.affiliateId, affiliate.id), isNull(payments.refundedAt)))
      .groupBy(sql`1`, affiliateCommissions.currency);
    const months = new Map<string, AffiliateView['months'][number]>();
    const month = (key: string) => {
      if (!months.has(key)) months.set(key, { month: key, clicks: 0, orders: 0, commission: [] });
      return months.get(key)!;
    };
    for (const row of clicks) month(row.month).clicks = Number(row.clicks);
    for (const row of earned) {
      const entry = month(row.month);
      entry.orders += Number(row.orders);
      entry.commission.push({
        currency: row.currency as MoneyCurrency,
        amount: Number(row.commission),
      });
    }
    return {
      status: affiliate.status,
      site: affiliate.site,
      audience: affiliate.audience,
      payoutEmail: affiliate.payoutEmail,
      appliedAt: affiliate.appliedAt.toISOString(),
      decidedAt: affiliate.decidedAt?.toISOString() ?? null,
      code: affiliate.code,
      link: affiliate.code ? `${this.options.siteUrl}/?ref=${affiliate.code}` : null,
      commissionPercent: this.options.commissionPercent,
      months: [...months.values()].sort((a, b) => b.month.localeCompare(a.month)).slice(0, 12),
    };
  }
}

function affiliateCode(): string {
  return Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** The programme as the composition root builds it: the rate from AFFILIATE_COMMISSION_PERCENT, links from PUBLIC_URL. */
export function affiliatesFromConfig(options: {
  config: Pick<Config, 'AFFILIATE_COMMISSION_PERCENT' | 'PUBLIC_URL'>;
  db: Db;
  payments: Payments;
  now: () => Date;
}): Affiliates {
  return new Affiliates({
    db: options.db,
    payments: options.payments,
    commissionPercent: options.config.AFFILIATE_COMMISSION_PERCENT,
    siteUrl: options.config.PUBLIC_URL.replace(/\/$/, ''),
    now: options.now,
  });
}
