import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Answer } from '../../../core/assistant.ts';
import { members } from './members.ts';

/**
 * A member's conversations with the assistant (docs/assistant.md#kept-conversations): kept 30 days
 * after their last question, deleted with the member or when they delete them.
 */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The first question, cut short: how the list names the conversation. */
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('assistant_conversations_member_idx').on(table.memberId, table.updatedAt)],
);

export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => assistantConversations.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: jsonb('answer').$type<Answer>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('assistant_messages_conversation_idx').on(table.conversationId, table.id)],
);
