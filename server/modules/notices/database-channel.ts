import { sql } from 'drizzle-orm';
import type { NoticeEvent } from '../../../core/notices.ts';
import type { Database, Db } from '../../db/client.ts';
import { Listeners, type NoticeChannel, type NoticeMessage } from './notice-channel.ts';

/** The database's NOTIFY channel the notices travel on. */
export const NOTICES_CHANNEL = 'tripplus_notices';

/**
 * Announces a message inside the writer's transaction: the database hands it to the listeners
 * only when the transaction commits, and never when it rolls back, so an open page is never
 * shown a notice that was not stored.
 */
export async function notifyIn(tx: Db, message: NoticeMessage): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${NOTICES_CHANNEL}, ${JSON.stringify(message)})`);
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
    return notifyIn(this.database.db, message);
  }

  publishIn(tx: Db, message: NoticeMessage): Promise<void> {
    return notifyIn(tx, message);
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
