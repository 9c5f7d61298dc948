import { and, count, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { NoticeEvent, NoticeKind, NoticeView } from '../../../core/notices.ts';
import type { Db } from '../../db/client.ts';
import { notices } from '../../db/schema/index.ts';
import type { NoticeChannel } from './notice-channel.ts';

type Row = typeof notices.$inferSelect;

/** What a module that raises notices needs: writing one inside its own transaction. */
export type NoticeWriter = Pick<Notices, 'write' | 'writeMany'>;

/** One notice to write: whose, what kind, and what it is about. */
export interface NewNotice {
  memberId: string;
  kind: NoticeKind;
  payload?: NoticeView['payload'];
}
/** The notices the bell lists: the newest, enough for a few weeks of a busy member. */
const LISTED = 50;

/**
 * A member's notices (docs/notices.md): written by any process or job, listed with the unread
 * count, marked read, and announced on the channel so every open page shows them at once.
 */
export class Notices {
  constructor(private readonly options: { db: Db; channel: NoticeChannel; now: () => Date }) {}

  /** Writes a notice on its own and announces it. */
  create(
    memberId: string,
    kind: NoticeKind,
    payload: NoticeView['payload'] = {},
  ): Promise<NoticeView> {
    return this.options.db.transaction((tx) =>
      this.write(tx as unknown as Db, memberId, kind, payload),
    );
  }

  /**
   * Writes a notice inside the caller's transaction (a check's change, an order's move): it is
   * stored and shown with the event, or neither (docs/notices.md#delivery).
   */
  async write(
    tx: Db,
    memberId: string,
    kind: NoticeKind,
    payload: NoticeView['payload'] = {},
  ): Promise<NoticeView> {
    const [notice] = await this.writeMany(tx, [{ memberId, kind, payload }]);
    return notice as NoticeView;
  }

  /**
   * Several notices inside the caller's transaction in one statement, announced together (a
   * tracking check cycle's batch of changes).
   */
  async writeMany(tx: Db, items: readonly NewNotice[]): Promise<NoticeView[]> {
    if (items.length === 0) return [];
    const createdAt = this.options.now();
    const rows = await tx
      .insert(notices)
      .values(
        items.map(({ memberId, kind, payload }) => ({
          memberId,
          kind,
          payload: payload ?? {},
          createdAt,
        })),
      )
      .returning();
    const messages = rows.map((row) => ({
      memberId: row.memberId,
      event: { type: 'notice' as const, notice: viewOf(row) },
    }));
    const { channel } = this.options;
    if (channel.publishIn) await channel.publishIn(tx, messages);
    else for (const message of messages) await channel.publish(message);
    return messages.map((message) => message.event.notice);
  }

  /** The newest notices and how many are unread; with `after`, only those after that id (a reconnect). */
  async list(memberId: string, after?: number): Promise<{ notices: NoticeView[]; unread: number }> {
    const { db } = this.options;
    const where = after
      ? and(eq(notices.memberId, memberId), gt(notices.id, after))
      : eq(notices.memberId, memberId);
    const [rows, [unread]] = await Promise.all([
      db.select().from(notices).where(where).orderBy(desc(notices.id)).limit(LISTED),
      db
        .select({ n: count() })
        .from(notices)
        .where(and(eq(notices.memberId, memberId), isNull(notices.readAt))),
    ]);
    return { notices: rows.map(viewOf), unread: unread?.n ?? 0 };
  }

  /** Marks some of the member's notices read, or all of them; answers the unread count left. */
  async markRead(memberId: string, ids: number[] | 'all'): Promise<number> {
    const mine = eq(notices.memberId, memberId);
    await this.options.db
      .update(notices)
      .set({ readAt: this.options.now() })
      .where(
        ids === 'all'
          ? and(mine, isNull(notices.readAt))
          : and(mine, isNull(notices.readAt), inArray(notices.id, ids.length ? ids : [-1])),
      );
    const { unread } = await this.list(memberId);
    // The member's other tabs show the count this one now shows.
    await this.options.channel.publish({ memberId, event: { type: 'read', unread } });
    return unread;
  }

  /** Open pages' subscription: each new notice of this member as it is written, and each change of the unread count. */
  subscribe(memberId: string, listener: (event: NoticeEvent) => void): () => void {
    return this.options.channel.subscribe(memberId, listener);
  }

  /** Resolves once what is published from now on reaches this process's subscribers. */
  async listening(): Promise<void> {
    await this.options.channel.listening?.();
  }

  /** Stops listening for other processes' notices. */
  close(): Promise<void> {
    return this.options.channel.close();
  }
}

function viewOf(row: Row): NoticeView {
  return {
    id: row.id,
    kind: row.kind as NoticeKind,
    payload: row.payload,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}
