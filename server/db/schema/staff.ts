import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
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

/**
 * The product's facts that staff edit (docs/staff.md#content): each record as its data file
 * writes it, keyed by its kind (`card`) and id. Seeded from data/ on a fresh install; after that
 * the database is the truth, and `npm run data:export` writes it back to the files' format.
 */
export const contentRecords = pgTable(
  'content_records',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    /** The data file (under data/) the record is exported to, e.g. `cards/tw.json`. */
    file: text('file').notNull(),
    /** Its place in that file, so an export keeps the file's order. */
    position: integer('position').notNull(),
    document: jsonb('document').$type<unknown>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => members.id, { onDelete: 'set null' }),
  },
  (table) => [primaryKey({ columns: [table.kind, table.id] })],
);
