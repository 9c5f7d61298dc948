import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from './members.ts';

/**
 * Settings staff change while the site runs (docs/staff.md#live-settings): each a key and its JSON
 * value; a setting with no row has its default from the server's settings.
 */
export const staffSettings = pgTable('staff_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => members.id, { onDelete: 'set null' }),
});

/**
 * Every change staff make (docs/staff.md#audit-log): who, when, what, and the values before and
 * after. Rows are only ever added; the staff's e-mail is kept with the row, so the log still says
 * who when their account is gone.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: uuid('staff_id').references(() => members.id, { onDelete: 'set null' }),
    staffEmail: text('staff_email').notNull(),
    /** What was done, e.g. `setting.change`. */
    action: text('action').notNull(),
    /** What it was done to, e.g. `setting:assistantMaintenance`. */
    subject: text('subject').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
  },
  (table) => [
    index('audit_log_subject_idx').on(table.subject, table.id),
    index('audit_log_staff_idx').on(table.staffId, table.id),
  ],
);
