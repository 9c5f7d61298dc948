import { customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { members } from './members.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Feedback and bug reports (docs/feedback.md): what the sender wrote, where from, and an optional
 * screenshot (shrunk, re-encoded without its metadata). Kept when the member's account goes, without
 * the link to it.
 */
export const feedbackReports = pgTable(
  'feedback_reports',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    email: text('email'),
    description: text('description').notNull(),
    page: text('page').notNull(),
    browser: text('browser').notNull(),
    language: text('language').notNull(),
    error: text('error'),
    screenshot: bytea('screenshot'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('feedback_reports_created_idx').on(table.createdAt)],
);
