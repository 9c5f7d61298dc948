import { and, desc, eq, lt, sql } from 'drizzle-orm';
import {
  CONVERSATION_KEPT_DAYS,
  type Answer,
  type Conversation,
  type ConversationSummary,
} from '../../../core/assistant.ts';
import type { Db } from '../../db/client.ts';
import { assistantConversations, assistantMessages } from '../../db/schema/index.ts';
import type { JobArea } from '../../jobs.ts';

const TITLE_MAX = 80;
const LISTED = 50;
export const CONVERSATION_CLEANUP_QUEUE = 'assistant-conversation-cleanup';

/**
 * A member's conversations with the assistant (docs/assistant.md#kept-conversations): each
 * question and its answer kept in the conversation it belongs to, for 30 days after its last
 * question; the member lists, reads and deletes them. Visitors' questions are not kept.
 */
export class Conversations {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  #cutoff(): Date {
    return new Date(this.now().getTime() - CONVERSATION_KEPT_DAYS * 24 * 60 * 60_000);
  }

  #fresh(memberId: string, id: string) {
    return and(
      eq(assistantConversations.id, id),
      eq(assistantConversations.memberId, memberId),
      sql`${assistantConversations.updatedAt} >= ${this.#cutoff()}`,
    );
  }

  /** Keeps a question and its answer; a conversation that is not the member's (or has lapsed) starts a new one. */
  async keep(
    memberId: string,
    conversationId: string | undefined,
    question: string,
    answer: Answer,
  ): Promise<string> {
    return this.db.transaction(async (tx) => {
      let id: string | undefined;
      if (conversationId)
        [{ id } = { id: undefined }] = await tx
          .update(assistantConversations)
          .set({ updatedAt: this.now() })
          .where(this.#fresh(memberId, conversationId))
          .returning({ id: assistantConversations.id });
      if (!id) {
        const title =
          question.length > TITLE_MAX ? `${question.slice(0, TITLE_MAX - 1)}…` : question;
        [{ id } = { id: undefined }] = await tx
          .insert(assistantConversations)
          .values({ memberId, title, createdAt: this.now(), updatedAt: this.now() })
          .returning({ id: assistantConversations.id });
      }
      await tx
        .insert(assistantMessages)
        .values({ conversationId: id!, question, answer, createdAt: this.now() });
      return id!;
    });
  }

  async list(memberId: string): Promise<ConversationSummary[]> {
    const rows = await this.db
      .select()
      .from(assistantConversations)
      .where(
        and(
          eq(assistantConversations.memberId, memberId),
          sql`${assistantConversations.updatedAt} >= ${this.#cutoff()}`,
        ),
      )
      .orderBy(desc(assistantConversations.updatedAt))
      .limit(LISTED);
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  async get(memberId: string, id: string): Promise<Conversation | null> {
    const [conversation] = await this.db
      .select()
      .from(assistantConversations)
      .where(this.#fresh(memberId, id));
    if (!conversation) return null;
    const messages = await this.db
      .select({ question: assistantMessages.question, answer: assistantMessages.answer })
      .from(assistantMessages)
      .where(eq(assistantMessages.conversationId, id))
      .orderBy(assistantMessages.id);
    return {
      id: conversation.id,
      title: conversation.title,
      updatedAt: conversation.updatedAt.toISOString(),
      messages,
    };
  }

  /** Deletes one of the member's conversations, or all of them; answers how many went. */
  async delete(memberId: string, id: string | null): Promise<number> {
    const deleted = await this.db
      .delete(assistantConversations)
      .where(
        and(
          eq(assistantConversations.memberId, memberId),
          id ? eq(assistantConversations.id, id) : undefined,
        ),
      )
      .returning({ id: assistantConversations.id });
    return deleted.length;
  }

  /** Deletes every conversation past its 30 days (the daily job). */
  async forgetLapsed(): Promise<number> {
    const deleted = await this.db
      .delete(assistantConversations)
      .where(lt(assistantConversations.updatedAt, this.#cutoff()))
      .returning({ id: assistantConversations.id });
    return deleted.length;
  }

  /** The daily job that forgets lapsed conversations; a missed day is caught up by the next. */
  jobs(log: { info(object: object, message: string): void }): JobArea {
    return async (boss) => {
      await boss.createQueue(CONVERSATION_CLEANUP_QUEUE, {
        name: CONVERSATION_CLEANUP_QUEUE,
        policy: 'singleton',
        expireInSeconds: 10 * 60,
        retryLimit: 2,
        retryDelay: 60,
      });
      await boss.schedule(CONVERSATION_CLEANUP_QUEUE, '23 3 * * *', {}, { tz: 'UTC' });
      await boss.work(CONVERSATION_CLEANUP_QUEUE, { batchSize: 1 }, async () => {
        const forgotten = await this.forgetLapsed();
        if (forgotten > 0) log.info({ forgotten }, 'lapsed assistant conversations deleted');
      });
    };
  }
}
