import pg from 'pg';
import type { NoticeEvent } from '../../../core/notices.ts';
import type { Db } from '../../db/client.ts';
import { NOTICES_CHANNEL as CHANNEL, notifyIn } from './database-channel.ts';
import { Listeners, type NoticeChannel, type NoticeMessage } from './notice-channel.ts';

/** How long to wait before listening again after the connection broke (a restart, a failover). */
const RELISTEN_MS = 1_000;

/**
 * Several processes on one PostgreSQL (docs/notices.md#delivery): a notice written by any server
 * or worker is announced with NOTIFY over the pool, and every process with open pages LISTENs on
 * a connection of its own and hands each message to the pages connected to it. A worker, which
 * serves no page, never opens that connection. A message is a few hundred bytes, well under
 * NOTIFY's 8,000.
 */
export class PostgresChannel implements NoticeChannel {
  readonly #listeners = new Listeners();
  #client: pg.Client | null = null;
  #listening: Promise<void> | null = null;
  #closed = false;

  constructor(
    private readonly options: {
      connectionString: string;
      /** A query on the process's pool. */
      execute: (text: string, values: unknown[]) => Promise<unknown>;
      onError?: (error: Error) => void;
    },
  ) {}

  /** Resolves once this process listens (it starts with the first subscriber). */
  listening(): Promise<void> {
    return this.#listen();
  }

  async publish(message: NoticeMessage): Promise<void> {
    await this.options.execute('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(message)]);
  }

  publishIn(tx: Db, messages: readonly NoticeMessage[]): Promise<void> {
    return notifyIn(tx, messages);
  }

  subscribe(memberId: string, listener: (event: NoticeEvent) => void): () => void {
    this.#listen().catch((error: Error) => this.options.onError?.(error));
    return this.#listeners.add(memberId, listener);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#listeners.clear();
    const client = this.#client;
    await this.#listening?.catch(() => {});
    await client?.end().catch(() => {});
  }

  #listen(): Promise<void> {
    if (this.#listening) return this.#listening;
    const client = new pg.Client({ connectionString: this.options.connectionString });
    this.#client = client;
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        this.#listeners.deliver(JSON.parse(message.payload) as NoticeMessage);
      } catch (error) {
        this.options.onError?.(error as Error);
      }
    });
    // A broken connection is replaced while pages still listen; open pages keep their streams.
    const broken = (error?: Error) => {
      if (error) this.options.onError?.(error);
      if (this.#client !== client || this.#closed) return;
      this.#client = null;
      this.#listening = null;
      setTimeout(() => {
        if (!this.#closed && this.#listeners.size > 0) {
          this.#listen().catch((e: Error) => this.options.onError?.(e));
        }
      }, RELISTEN_MS).unref();
    };
    client.on('error', broken);
    client.on('end', () => broken());
    this.#listening = client
      .connect()
      .then(() => client.query(`LISTEN ${CHANNEL}`))
      .then(() => {});
    this.#listening.catch(broken);
    return this.#listening;
  }
}
