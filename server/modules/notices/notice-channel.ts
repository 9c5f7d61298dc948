import { EventEmitter } from 'node:events';
import type { NoticeView } from '../../../core/notices.ts';

/** A notice on its way to a member's open pages. */
export interface NoticeMessage {
  memberId: string;
  notice: NoticeView;
}

/**
 * Where a written notice is announced and where open pages listen (docs/notices.md#delivery): in
 * this process by default; across processes the PostgreSQL channel or a hosted service stands
 * behind the same port.
 */
export interface NoticeChannel {
  publish(message: NoticeMessage): Promise<void>;
  /** Calls `listener` for each notice of this member; returns how to stop. */
  subscribe(memberId: string, listener: (notice: NoticeView) => void): () => void;
  close(): Promise<void>;
}

/** One process: the embedded database's case, where the server and its jobs share a process. */
export class InProcessChannel implements NoticeChannel {
  readonly #events = new EventEmitter().setMaxListeners(0);

  async publish({ memberId, notice }: NoticeMessage): Promise<void> {
    this.#events.emit(memberId, notice);
  }

  subscribe(memberId: string, listener: (notice: NoticeView) => void): () => void {
    this.#events.on(memberId, listener);
    return () => this.#events.off(memberId, listener);
  }

  async close(): Promise<void> {
    this.#events.removeAllListeners();
  }
}
