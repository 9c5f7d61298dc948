import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
    /**
     * The Message-ID, fixed when the message is written: a retry after a crash between the SMTP
     * server's acceptance and our marking it sent carries the same id, so the mailbox keeps one.
     */
    messageId: text('message_id'),
    /** Extra headers (List-Unsubscribe for tracking e-mails). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** What the message is about (`tracking:<id>`): deleting the tracking cancels what has not gone out. */
    topic: text('topic'),
    /** pending → sent, or kept (no SMTP configured), or failed after the last retry, or cancelled before it went out. */
    status: text('status', { enum: ['pending', 'sent', 'kept', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('mail_outbox_topic_idx').on(table.topic),
  ],
);
