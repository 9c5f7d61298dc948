import { and, eq, sql } from 'drizzle-orm';
import type { Plan } from '../../../core/limits.ts';
import { planBenefits } from '../../../core/payments/sponsorship.ts';
import type { Db } from '../../db/client.ts';
import { awardQuotaUsage } from '../../db/schema/index.ts';

/**
 * Search-day quotas (docs/product/award-search.md#quotas): a member who does not sponsor gets 15
 * search days a month and at most 3 days per search; a sponsor scans up to 15 days at once, with no
 * monthly cap. Days are charged when a search starts and refunded when it fails as a whole, so a
 * member pays only for searches that answered.
 */

export type { Plan };

export interface QuotaRules {
  /** Null: no monthly cap. */
  daysPerMonth: number | null;
  daysPerSearch: number;
}

export function quotaRules(plan: Plan): QuotaRules {
  const { daysPerMonth, daysPerSearch } = planBenefits(plan);
  return { daysPerMonth, daysPerSearch };
}

/** The quota month of an instant, YYYY-MM in UTC. */
export function quotaMonth(now: Date): string {
  return now.toISOString().slice(0, 7);
}

type Executor = Pick<Db, 'execute' | 'select'>;

/**
 * Charges `days` to the member's month in one statement: the upsert only adds when the total
 * stays within the cap, and PostgreSQL locks the row for the update, so concurrent searches can
 * never overspend. Returns the days used after the charge, or null when it would go over.
 */
export async function chargeDays(
  db: Executor,
  memberId: string,
  month: string,
  days: number,
  cap: number | null,
): Promise<number | null> {
  if (cap !== null && days > cap) return null;
  const limit = cap ?? 2_147_483_647;
  const result = await db.execute(sql`
    INSERT INTO award_quota_usage (member_id, month, days_used) VALUES (${memberId}, ${month}, ${days})
    ON CONFLICT (member_id, month) DO UPDATE SET days_used = award_quota_usage.days_used + EXCLUDED.days_used
    WHERE award_quota_usage.days_used + EXCLUDED.days_used <= ${limit}
    RETURNING days_used`);
  // Both drivers answer { rows }; drizzle's common type does not say so.
  const row = (result as unknown as { rows: { days_used: number }[] }).rows[0];
  return row ? Number(row.days_used) : null;
}

export async function refundDays(
  db: Executor,
  memberId: string,
  month: string,
  days: number,
): Promise<void> {
  await db.execute(
    sql`UPDATE award_quota_usage SET days_used = GREATEST(0, days_used - ${days}) WHERE member_id = ${memberId} AND month = ${month}`,
  );
}

export async function daysUsed(db: Executor, memberId: string, month: string): Promise<number> {
  const [row] = await db
    .select({ daysUsed: awardQuotaUsage.daysUsed })
    .from(awardQuotaUsage)
    .where(and(eq(awardQuotaUsage.memberId, memberId), eq(awardQuotaUsage.month, month)));
  return row?.daysUsed ?? 0;
}

/** Days left this month, or null when the plan has no monthly cap. */
export async function daysLeft(
  db: Executor,
  memberId: string,
  plan: Plan,
  month: string,
): Promise<number | null> {
  const { daysPerMonth } = quotaRules(plan);
  if (daysPerMonth === null) return null;
  return Math.max(0, daysPerMonth - (await daysUsed(db, memberId, month)));
}
