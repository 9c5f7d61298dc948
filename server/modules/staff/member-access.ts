import { and, eq, inArray, isNotNull, like, or } from 'drizzle-orm';
import type { Role, StaffMemberView } from '../../../core/staff.ts';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordChange, type Actor } from './audit-log.ts';
import { escapeLike } from '../../db/like.ts';

const FOUND = 50;

export const memberView = (row: typeof members.$inferSelect): StaffMemberView => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  activatedAt: row.activatedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  scrapingEnabled: row.scrapingEnabled,
  scrapingRequestedAt: row.scrapingRequestedAt?.toISOString() ?? null,
  disabledAt: row.disabledAt?.toISOString() ?? null,
});

/**
 * Members as support finds and helps them (docs/staff.md#members): by e-mail (or its start), or
 * those waiting for the live scan's closed beta; and the closed beta opened or closed for accounts,
 * one or a list, each change in the audit log.
 */
export class MemberAccess {
  constructor(private readonly db: Db) {}

  async find(query: { email?: string | undefined; waiting?: boolean | undefined }) {
    const email = query.email?.trim().toLowerCase();
    const rows = await this.db
      .select()
      .from(members)
      .where(
        and(
          email
            ? or(eq(members.email, email), like(members.email, `${escapeLike(email)}%`))
            : undefined,
          query.waiting ? eq(members.scrapingEnabled, false) : undefined,
          query.waiting ? isNotNull(members.scrapingRequestedAt) : undefined,
        ),
      )
      .orderBy(members.email)
      .limit(FOUND);
    return rows.map(memberView);
  }

  /**
   * Opens or closes the closed beta for these addresses; answers the members changed and the
   * addresses no member has. Members already so are left as they are (and not logged).
   */
  async setScraping(
    actor: Actor,
    emails: readonly string[],
    enabled: boolean,
  ): Promise<{ changed: StaffMemberView[]; unknown: string[] }> {
    return this.db.transaction(async (tx) => {
      const found = await tx
        .select()
        .from(members)
        .where(inArray(members.email, [...new Set(emails)]));
      const known = new Set(found.map((row) => row.email));
      const changed: StaffMemberView[] = [];
      for (const row of found.filter((one) => one.scrapingEnabled !== enabled)) {
        const [updated] = await tx
          .update(members)
          .set({ scrapingEnabled: enabled, updatedAt: new Date() })
          .where(eq(members.id, row.id))
          .returning();
        await recordChange(tx, actor, {
          action: 'member.scraping',
          subject: `member:${row.id}`,
          before: { scrapingEnabled: row.scrapingEnabled },
          after: { scrapingEnabled: enabled },
        });
        changed.push(memberView(updated!));
      }
      return { changed, unknown: emails.filter((email) => !known.has(email)) };
    });
  }

  /**
   * Gives a member a role (an admin's act, with the password typed again): logged with the role
   * before and after. The last admin cannot take away their own role, so the site always has one.
   */
  async setRole(actor: Actor, email: string, role: Role): Promise<StaffMemberView> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(members)
        .where(eq(members.email, email.trim().toLowerCase()))
        .for('update');
      if (!row) throw new AppError('NOT_FOUND', { message: 'No member has this address.' });
      if (row.role === role) return memberView(row);
      if (row.role === 'admin') {
        const admins = await tx
          .select({ id: members.id })
          .from(members)
          .where(eq(members.role, 'admin'))
          .for('update');
        if (admins.length <= 1)
          throw new AppError('INVALID_INPUT', {
            message: 'The last admin keeps the role: give it to someone else first.',
            fields: { role: 'last-admin' },
          });
      }
      const [updated] = await tx
        .update(members)
        .set({ role, updatedAt: new Date() })
        .where(eq(members.id, row.id))
        .returning();
      await recordChange(tx, actor, {
        action: 'member.role',
        subject: `member:${row.id}`,
        before: { role: row.role },
        after: { role },
      });
      return memberView(updated!);
    });
  }
}
