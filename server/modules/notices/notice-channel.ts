import { EventEmitter } from 'node:events';
import type { NoticeEvent } from '../../../core/notices.ts';
import type { Db } from '../../db/client.ts';

/** A notice, or a change of the unread count, on its way to a member's open pages. */
export interface NoticeMessage {
  memberId: string;
  event: NoticeEvent;
}

/**
 * Where a written notice is announced and where open pages listen (docs/notices.md#delivery): in
 * this process on the embedded database, across processes on PostgreSQL, or a hosted service
 * behind the same port.
 */
export interface NoticeChannel {
  publish(message: NoticeMessage): Promise<void>;
  /**
   * Announces inside the writer's transaction, heard only once it commits (the database's
   * channels). A channel without it is told at once, before the commit (a hosted service).
   */
  publishIn?(tx: Db, messages: readonly NoticeMessage[]): Promise<void>;
  /** Calls `listener` for each event of this member; returns how to stop. */
  subscribe(memberId: string, listener: (event: NoticeEvent) => void): () => void;
  /**
   * Resolves once this process hears every message published from now on (a channel that
   * connects on its first subscriber does so after it subscribed). Absent: at once.
   */
  listening?(): Promise<void>;
  close(): Promise<void>;
}

/** The listeners of one process, by member: what every channel hands its messages to. */
export class Listeners {
  readonly #events = new EventEmitter().setMaxListeners(0);

  deliver({ memberId, event }: NoticeMessage): void {
    this.#events.emit(memberId, event);
  }

  add(memberId: string, listener: (event: NoticeEvent) => void): () => void {
    this.#events.on(memberId, listener);
    return () => this.#events.off(memberId, listener);
  }

  get size(): number {
    return this.#events.eventNames().length;
  }

  clear(): void {
    this.#events.removeAllListeners();
  }
}

/** Within one process and outside any transaction: what the service's own tests listen on (on either database). */
export class InProcessChannel implements NoticeChannel {
  readonly #listeners = new Listeners();

  async publish(message: NoticeMessage): Promise<void> {
    this.#listeners.deliver(message);
  }

  subscribe(memberId: string, listener: (event: NoticeEvent) => void): () => void {
    return this.#listeners.add(memberId, listener);
  }

  async close(): Promise<void> {
    this.#listeners.clear();
  }
}
