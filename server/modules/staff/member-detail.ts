import { and, count, desc, eq, gte, inArray } from 'drizzle-orm';
import type { StaffMemberDetail } from '../../../core/staff.ts';
import type { Db } from '../../db/client.ts';
import {
  awardQuotaUsage,
  awardSearches,
  members,
  payments,
  sessions,
  sponsorships,
  trackings,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { readAuditLog, recordChange, type Actor } from './audit-log.ts';
import { memberView } from './member-access.ts';

const rows = (answer: { rows: number }[]) => Number(answer[0]?.rows ?? 0);

/**
 * One member as support helps them (docs/staff.md#members): what they have (sessions, trackings,
 * this month's quota, payments) and the acts on the account: sign out everywhere, disable or let
 * back in. Each act is logged with its before and after, in its transaction.
 */
export class MemberDetail {
  constructor(private readonly db: Db) {}

  async #row(id: string) {
    const [row] = await this.db.select().from(members).where(eq(members.id, id));
    if (!row) throw new AppError('NOT_FOUND', { message: 'No such member.' });
    return row;
  }

  async view(id: string, now: Date): Promise<StaffMemberDetail> {
    const row = await this.#row(id);
    const month = now.toISOString().slice(0, 7);
    const [held, active, all, used, searched, paid, sponsoring, changes] = await Promise.all([
      this.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.memberId, id), gte(sessions.expiresAt, now)))
        .orderBy(desc(sessions.lastSeenAt)),
      this.db
        .select({ rows: count() })
        .from(trackings)
        .where(and(eq(trackings.memberId, id), inArray(trackings.status, ['tracking']))),
      this.db.select({ rows: count() }).from(trackings).where(eq(trackings.memberId, id)),
      this.db
        .select({ daysUsed: awardQuotaUsage.daysUsed })
        .from(awardQuotaUsage)
        .where(and(eq(awardQuotaUsage.memberId, id), eq(awardQuotaUsage.month, month))),
      this.db
        .select({ rows: count() })
        .from(awardSearches)
        .where(
          and(
            eq(awardSearches.memberId, id),
            gte(awardSearches.createdAt, new Date(now.getTime() - 30 * 86_400_000)),
          ),
        ),
      this.db
        .select()
        .from(payments)
        .where(eq(payments.memberId, id))
        .orderBy(desc(payments.createdAt))
        .limit(20),
      this.db
        .select()
        .from(sponsorships)
        .where(eq(sponsorships.memberId, id))
        .orderBy(desc(sponsorships.periodStart))
        .limit(1),
      readAuditLog(this.db, { subject: `member:${id}` }),
    ]);
    return {
      member: memberView(row),
      sessions: held.map((session) => ({
        createdAt: session.createdAt.toISOString(),
        lastSeenAt: session.lastSeenAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
        userAgent: session.userAgent,
      })),
      trackings: { active: rows(active), all: rows(all) },
      quota: { month, daysUsed: used[0]?.daysUsed ?? 0, searches30Days: rows(searched) },
      sponsorship: sponsoring[0]
        ? {
            plan: sponsoring[0].plan,
            status: sponsoring[0].status,
            periodEnd: sponsoring[0].periodEnd.toISOString(),
          }
        : null,
      payments: paid.map((payment) => ({
        id: payment.id,
        purpose: payment.purpose,
        status: payment.status,
        amount: payment.amount,
        currency: payment.currency,
        receiptNumber: payment.receiptNumber,
        createdAt: payment.createdAt.toISOString(),
        refundedAt: payment.refundedAt?.toISOString() ?? null,
      })),
      changes,
    };
  }

  /** Signs the member out everywhere (a lost phone, a shared computer). */
  async endSessions(actor: Actor, id: string): Promise<void> {
    await this.#row(id);
    await this.db.transaction(async (tx) => {
      const ended = await tx
        .delete(sessions)
        .where(eq(sessions.memberId, id))
        .returning({ memberId: sessions.memberId });
      await recordChange(tx, actor, {
        action: 'member.sessions-ended',
        subject: `member:${id}`,
        before: { sessions: ended.length },
        after: { sessions: 0 },
      });
    });
  }

  /** Disables the account (its sessions end, sign-in is refused) or lets the member back in. */
  async setDisabled(actor: Actor, id: string, disabled: boolean, reason: string): Promise<void> {
    const row = await this.#row(id);
    if ((row.disabledAt !== null) === disabled) return;
    await this.db.transaction(async (tx) => {
      await tx
        .update(members)
        .set({ disabledAt: disabled ? new Date() : null, updatedAt: new Date() })
        .where(eq(members.id, id));
      if (disabled) await tx.delete(sessions).where(eq(sessions.memberId, id));
      await recordChange(tx, actor, {
        action: disabled ? 'member.disable' : 'member.enable',
        subject: `member:${id}`,
        before: { disabled: !disabled },
        after: { disabled, reason },
      });
    });
  }

  /** Records that support sent the activation e-mail again (the accounts module sends it). */
  async noteActivationResent(actor: Actor, id: string): Promise<void> {
    await recordChange(this.db, actor, {
      action: 'member.activation-resent',
      subject: `member:${id}`,
      before: null,
      after: null,
    });
  }

  async email(id: string): Promise<{ email: string | null; activated: boolean }> {
    const row = await this.#row(id);
    return { email: row.email, activated: row.activatedAt !== null };
  }
}
