import { randomUUID } from 'node:crypto';
import type { NoticeEvent } from '../../../core/notices.ts';
import { decrypt, encrypt } from '../messaging/index.ts';
import { Listeners, type NoticeChannel, type NoticeMessage } from './notice-channel.ts';

/** The one channel every process publishes to and subscribes on; members' ids travel sealed. */
export const PUBNUB_CHANNEL = 'tripplus-notices';
/** Tries of a publish that failed for a passing reason (a network fault, a 5xx): never a 403. */
const PUBLISH_TRIES = 3;
/** A long poll answers within about 280 s with nothing new; give it a little more. */
const POLL_TIMEOUT_MS = 310_000;

export interface PubNubOptions {
  /** The chosen key set's keys (docs/operations.md#hosted-messaging): production or staging. */
  publishKey: string;
  subscribeKey: string;
  /** Seals each message in the message envelope (docs/operations.md#message-envelope). */
  cipherKey: string;
  /** https://ps.pndsn.com; the tests point it at a loopback stand-in. */
  origin: string;
  onError?: (error: Error) => void;
  /** Milliseconds before a failed poll or publish is tried again (doubling, at most 30 s). */
  retryMs?: number;
}

/** PubNub refused: a 403 (wrong keys, access denied) is never retried, as the SDKs do by default. */
export class PubNubError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }

  get retryable(): boolean {
    return this.status !== 403 && this.status !== 400;
  }
}

/**
 * A hosted real-time service behind the notices' port (docs/notices.md#delivery): PubNub's REST
 * API by plain HTTP (its publish and its long-poll subscribe), with every message sealed in the
 * AES-CBC envelope so the service sees no member's id nor what the notice says. Each process
 * with open pages subscribes; a worker only publishes.
 */
export class PubNubChannel implements NoticeChannel {
  readonly #listeners = new Listeners();
  readonly #uuid = `tripplus-${randomUUID()}`;
  #polling: AbortController | null = null;
  /** Settled when the subscribe loop's handshake answered (or the loop gave up). */
  #handshake: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(private readonly options: PubNubOptions) {}

  async publish(message: NoticeMessage): Promise<void> {
    const { publishKey, subscribeKey, cipherKey, origin } = this.options;
    const sealed = encrypt(cipherKey, JSON.stringify(message)).toString('base64');
    const url = `${origin}/publish/${publishKey}/${subscribeKey}/0/${PUBNUB_CHANNEL}/0?uuid=${this.#uuid}`;
    let wait = this.options.retryMs ?? 500;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.#request(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(sealed),
        });
        return;
      } catch (error) {
        const retryable = !(error instanceof PubNubError) || error.retryable;
        if (!retryable || attempt >= PUBLISH_TRIES) throw error;
        await delay(wait);
        wait *= 2;
      }
    }
  }

  subscribe(memberId: string, listener: (event: NoticeEvent) => void): () => void {
    const stop = this.#listeners.add(memberId, listener);
    if (!this.#polling && !this.#closed) this.#poll();
    return stop;
  }

  /** PubNub sends what is published after the handshake's timetoken. */
  listening(): Promise<void> {
    return this.#handshake;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#listeners.clear();
    this.#polling?.abort();
  }

  /** The subscribe loop: a handshake for a timetoken, then long polls from it. */
  #poll(): void {
    const controller = new AbortController();
    this.#polling = controller;
    const { subscribeKey, origin } = this.options;
    const base = `${origin}/v2/subscribe/${subscribeKey}/${PUBNUB_CHANNEL}/0?uuid=${this.#uuid}`;
    let shook!: () => void;
    this.#handshake = new Promise<void>((resolve) => (shook = resolve));
    const loop = async () => {
      let cursor = { t: '0', r: 0 };
      let wait = this.options.retryMs ?? 500;
      while (!controller.signal.aborted) {
        try {
          const body = (await this.#request(`${base}&tt=${cursor.t}&tr=${cursor.r}`, {
            signal: AbortSignal.any([controller.signal, AbortSignal.timeout(POLL_TIMEOUT_MS)]),
          })) as { t?: { t: string; r: number }; m?: Array<{ c?: string; d?: unknown }> };
          if (body.t) cursor = { t: body.t.t, r: body.t.r };
          shook();
          for (const envelope of body.m ?? []) {
            if (envelope.c === PUBNUB_CHANNEL) this.#deliver(envelope.d);
          }
          wait = this.options.retryMs ?? 500;
        } catch (error) {
          if (controller.signal.aborted) return;
          this.options.onError?.(error as Error);
          // Refused keys stay refused: stop rather than knock again every few seconds.
          if (error instanceof PubNubError && !error.retryable) return;
          await delay(wait);
          wait = Math.min(wait * 2, 30_000);
        }
      }
    };
    void loop().finally(() => {
      // A refused or closed loop hears nothing: waiting for it would hold a page's stream.
      shook();
      if (this.#polling === controller) this.#polling = null;
    });
  }

  #deliver(data: unknown): void {
    try {
      if (typeof data !== 'string') throw new Error('an unsealed message on the notices channel');
      const opened = decrypt(this.options.cipherKey, Buffer.from(data, 'base64'));
      this.#listeners.deliver(JSON.parse(opened.toString('utf8')) as NoticeMessage);
    } catch (error) {
      this.options.onError?.(error as Error);
    }
  }

  async #request(url: string, init: RequestInit): Promise<unknown> {
    const response = await fetch(url, init);
    const text = await response.text();
    if (!response.ok) {
      throw new PubNubError(
        response.status,
        `PubNub answered ${response.status}: ${text.slice(0, 200)}`,
      );
    }
    return text ? JSON.parse(text) : null;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
