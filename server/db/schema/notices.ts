import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from './members.ts';

/**
 * A member's in-app notices (docs/notices.md): a tracking that notified, an order credited or in
 * review, a sponsorship renewal that failed, a reply to an article, a newsletter confirmation. The
 * id is a sequence, so a reconnecting page asks for what came after the last one it saw
 * (Server-Sent Events' Last-Event-ID).
 */
export const notices = pgTable(
  'notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** What the notice names (the tracking, the order), for its words and its link. */
    payload: jsonb('payload').$type<Record<string, string | number | null>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('notices_member_id_idx').on(table.memberId, table.id),
    index('notices_unread_idx')
      .on(table.memberId)
      .where(sql`${table.readAt} IS NULL`),
  ],
);
