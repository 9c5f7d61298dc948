import { and, desc, eq, like, lt, or, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '../../../core/staff.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { escapeLike } from '../../db/like.ts';

const PAGE = 100;

/** Who made a change: the staff member acting. */
export interface Actor {
  id: string;
  email: string | null;
}

/**
 * The audit log (docs/staff.md#audit-log): every staff change, written in the transaction of the
 * change itself, so a change is never made without its entry or logged without being made. Only
 * ever appended to: nothing here updates or deletes an entry.
 */
export async function recordChange(
  db: Pick<Db, 'insert'>,
  actor: Actor,
  change: { action: string; subject: string; before: unknown; after: unknown },
): Promise<void> {
  await db.insert(auditLog).values({
    staffId: actor.id,
    staffEmail: actor.email ?? '',
    action: change.action,
    subject: change.subject,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/** The newest entries, filtered by subject (exact or its start) and staff member, a page at a time. */
export async function readAuditLog(
  db: Db,
  query: { subject?: string | undefined; staff?: string | undefined; before?: number | undefined },
): Promise<AuditEntry[]> {
  const conditions: (SQL | undefined)[] = [
    query.subject
      ? or(
          eq(auditLog.subject, query.subject),
          like(auditLog.subject, `${escapeLike(query.subject)}%`),
        )
      : undefined,
    query.staff ? eq(auditLog.staffId, query.staff) : undefined,
    query.before ? lt(auditLog.id, query.before) : undefined,
  ];
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(PAGE);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
