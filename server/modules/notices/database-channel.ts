import { sql } from 'drizzle-orm';
import type { NoticeEvent } from '../../../core/notices.ts';
import type { Database, Db } from '../../db/client.ts';
import { Listeners, type NoticeChannel, type NoticeMessage } from './notice-channel.ts';

/** The database's NOTIFY channel the notices travel on. */
export const NOTICES_CHANNEL = 'tripplus_notices';

/**
 * Announces messages inside the writer's transaction, in one statement: the database hands them
 * to the listeners only when the transaction commits, and never when it rolls back, so an open
 * page is never shown a notice that was not stored.
 */
export async function notifyIn(tx: Db, messages: readonly NoticeMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const payloads = JSON.stringify(messages.map((message) => JSON.stringify(message)));
  await tx.execute(
    sql`SELECT pg_notify(${NOTICES_CHANNEL}, payload) FROM json_array_elements_text(${payloads}::json) AS payload`,
  );
}

/**
 * The embedded database (docs/notices.md#delivery): one process, the server running its jobs
 * itself; PGlite's own LISTEN hears each NOTIFY when its transaction commits.
 */
export class EmbeddedChannel implements NoticeChannel {
  readonly #listeners = new Listeners();
  #unlisten: Promise<() => Promise<void>> | null = null;

  constructor(
    private readonly database: Database,
    private readonly onError: (error: Error) => void = () => {},
  ) {}

  publish(message: NoticeMessage): Promise<void> {
    return notifyIn(this.database.db, [message]);
  }

  publishIn(tx: Db, messages: readonly NoticeMessage[]): Promise<void> {
    return notifyIn(tx, messages);
  }

  subscribe(memberId: string, listener: (event: NoticeEvent) => void): () => void {
    this.#unlisten ??= this.database.listen!(NOTICES_CHANNEL, (payload) => {
      try {
        this.#listeners.deliver(JSON.parse(payload) as NoticeMessage);
      } catch (error) {
        this.onError(error as Error);
      }
    });
    return this.#listeners.add(memberId, listener);
  }

  async listening(): Promise<void> {
    await this.#unlisten;
  }

  async close(): Promise<void> {
    this.#listeners.clear();
    const unlisten = await this.#unlisten?.catch(() => null);
    // The database may already be closed at the end of a test; nothing is left to stop then.
    await unlisten?.().catch(() => {});
  }
}
