import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Outgoing e-mail. A message is written here in the same transaction as the change that causes
 * it, then delivered (SMTP when configured) with retries; without SMTP it stays here, readable
 * at the development mailbox page.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    language: text('language').notNull(),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** pending → sent, or kept (no SMTP configured), or failed after the last retry. */
    status: text('status', { enum: ['pending', 'sent', 'kept', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt)],
);
