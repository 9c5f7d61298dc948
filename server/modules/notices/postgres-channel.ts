import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { NoticeView } from '../../../core/notices.ts';
import type { NoticeChannel, NoticeMessage } from './notice-channel.ts';

const CHANNEL = 'tripplus_notices';

/**
 * Several processes on one PostgreSQL (docs/notices.md#delivery): a notice written by any server
 * or worker is announced with NOTIFY, and every process LISTENing on its own connection hands it
 * to the pages connected to it. A notice is a few hundred bytes, well under NOTIFY's 8,000.
 */
export class PostgresChannel implements NoticeChannel {
  readonly #events = new EventEmitter().setMaxListeners(0);
  readonly #client: pg.Client;
  #ready: Promise<void>;

  constructor(connectionString: string, onError: (error: Error) => void = () => {}) {
    this.#client = new pg.Client({ connectionString });
    this.#client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const { memberId, notice } = JSON.parse(message.payload) as NoticeMessage;
        this.#events.emit(memberId, notice);
      } catch (error) {
        onError(error as Error);
      }
    });
    this.#client.on('error', onError);
    this.#ready = this.#client
      .connect()
      .then(() => this.#client.query(`LISTEN ${CHANNEL}`))
      .then(() => {});
  }

  /** Resolves once this process listens. */
  ready(): Promise<void> {
    return this.#ready;
  }

  async publish(message: NoticeMessage): Promise<void> {
    await this.#ready;
    await this.#client.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(message)]);
  }

  subscribe(memberId: string, listener: (notice: NoticeView) => void): () => void {
    this.#events.on(memberId, listener);
    return () => this.#events.off(memberId, listener);
  }

  async close(): Promise<void> {
    this.#events.removeAllListeners();
    await this.#ready.catch(() => {});
    await this.#client.end();
  }
}
