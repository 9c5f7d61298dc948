import { and, count, eq, gte, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { addDays, dayOf } from '../../../core/dated.ts';
import type { DashboardDay, StaffConsole } from '../../../core/staff.ts';
import type { Db } from '../../db/client.ts';
import {
  awardSearches,
  feedbackReports,
  members,
  payments,
  shareFlags,
  storefrontOrders,
  trackings,
} from '../../db/schema/index.ts';

const DAYS = 14;

/** Rows per UTC day from `since` on, by the day of `column`. */
async function perDay(
  db: Db,
  table: PgTable,
  column: PgColumn,
  since: Date,
  where?: SQL,
): Promise<Map<string, number>> {
  const day = sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, rows: count() })
    .from(table)
    .where(and(gte(column, since), where))
    .groupBy(day);
  return new Map(rows.map((row) => [row.day, Number(row.rows)]));
}

/**
 * The staff dashboard (docs/staff.md#console): the last fortnight day by day, what was paid per
 * currency, and what waits for staff. Counted from the tables themselves, so it needs no
 * bookkeeping of its own.
 */
export async function dashboard(
  db: Db,
  now: Date,
): Promise<Omit<StaffConsole, 'role' | 'requests'>> {
  const today = dayOf(now);
  const first = addDays(today, -(DAYS - 1));
  const since = new Date(`${first}T00:00:00Z`);
  const [signUps, searches, live, tracked, alerts, paid] = await Promise.all([
    perDay(db, members, members.createdAt, since),
    perDay(db, awardSearches, awardSearches.createdAt, since),
    perDay(db, awardSearches, awardSearches.createdAt, since, eq(awardSearches.live, true)),
    perDay(db, trackings, trackings.createdAt, since),
    perDay(db, trackings, trackings.notifiedAt, since),
    perDay(db, payments, payments.paidAt, since, eq(payments.status, 'succeeded')),
  ]);
  const days: DashboardDay[] = Array.from({ length: DAYS }, (_, index) => {
    const day = addDays(first, index);
    return {
      day,
      signUps: signUps.get(day) ?? 0,
      searches: searches.get(day) ?? 0,
      liveSearches: live.get(day) ?? 0,
      trackings: tracked.get(day) ?? 0,
      alerts: alerts.get(day) ?? 0,
      payments: paid.get(day) ?? 0,
    };
  });
  const todayStart = new Date(`${today}T00:00:00Z`);
  const revenue = await db
    .select({
      currency: payments.currency,
      today: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.paidAt} >= ${todayStart}), 0)::int`,
      fortnight: sql<number>`coalesce(sum(${payments.amount}), 0)::int`,
    })
    .from(payments)
    .where(and(eq(payments.status, 'succeeded'), gte(payments.paidAt, since)))
    .groupBy(payments.currency)
    .orderBy(payments.currency);
  const one = async (query: Promise<{ rows: number }[]>) => Number((await query)[0]?.rows ?? 0);
  const [ordersInReview, reportedShares, closedBeta, feedbackThisWeek] = await Promise.all([
    one(
      db
        .select({ rows: count() })
        .from(storefrontOrders)
        .where(eq(storefrontOrders.status, 'in-review')),
    ),
    one(
      db
        .select({
          rows: sql<number>`count(distinct (${shareFlags.kind}, ${shareFlags.recordId}))::int`,
        })
        .from(shareFlags)
        .where(isNull(shareFlags.resolvedAt)),
    ),
    one(
      db
        .select({ rows: count() })
        .from(members)
        .where(and(isNotNull(members.scrapingRequestedAt), eq(members.scrapingEnabled, false))),
    ),
    one(
      db
        .select({ rows: count() })
        .from(feedbackReports)
        .where(gte(feedbackReports.createdAt, new Date(now.getTime() - 7 * 86_400_000))),
    ),
  ]);
  return {
    days,
    revenue: revenue.map((row) => ({
      currency: row.currency,
      today: Number(row.today),
      fortnight: Number(row.fortnight),
    })),
    waiting: { ordersInReview, reportedShares, closedBeta, feedbackThisWeek },
  };
}
