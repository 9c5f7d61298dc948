import { Readable } from 'node:stream';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Language } from '../../../core/locale.ts';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { RenderedMail } from './mail-templates.ts';

/** A DKIM key as nodemailer signs with it. */
export interface DkimKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** The DKIM key of the settings, or null when none is configured. */
export function dkimFromConfig(config: {
  DKIM_DOMAIN: string;
  DKIM_SELECTOR: string;
  DKIM_PRIVATE_KEY: string;
}): DkimKey | null {
  if (!config.DKIM_DOMAIN || !config.DKIM_SELECTOR || !config.DKIM_PRIVATE_KEY) return null;
  return {
    domainName: config.DKIM_DOMAIN,
    keySelector: config.DKIM_SELECTOR,
    privateKey: config.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n'),
  };
}

/** Retries wait 30 s, 1 min, 2 min, … ; after this many failures the message is marked failed. */
const MAX_ATTEMPTS = 6;
const POLL_MS = 5000;
/** How long a claimed message is left to the process that claimed it before another may try it. */
const DEFAULT_LEASE_S = 300;
/** How long a message's immediate delivery waits for another process's attempt at it. */
const OUTCOME_WAIT_MS = 15_000;

export interface OutgoingMail extends RenderedMail {
  to: string;
  language: Language;
  template: string;
  /** A fixed Message-ID (`<…@…>`), for messages that must stay one message across retries. */
  messageId?: string;
  headers?: Record<string, string>;
  /** What the message is about, so that it can be cancelled before it goes out (cancelMail). */
  topic?: string;
}

/** A message as an outbox row. */
const outboxRow = (message: OutgoingMail) => ({
  toAddress: message.to,
  language: message.language,
  template: message.template,
  subject: message.subject,
  textBody: message.text,
  htmlBody: message.html,
  messageId: message.messageId ?? null,
  headers: message.headers ?? {},
  topic: message.topic ?? null,
});

/** Writes a message into the outbox; call it inside the transaction of the change that causes it. */
export async function enqueueMail(db: Pick<Db, 'insert'>, message: OutgoingMail): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values(outboxRow(message))
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}

/**
 * Writes several messages into the outbox in one statement (a tracking cycle's batch of changes);
 * answers their ids in the order given: identity values are drawn row by row as the VALUES list
 * is read, so the ids ascend in its order.
 */
export async function enqueueMails(
  db: Pick<Db, 'insert'>,
  messages: readonly OutgoingMail[],
): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insert(mailOutbox)
    .values(messages.map(outboxRow))
    .returning({ id: mailOutbox.id });
  if (rows.length !== messages.length) throw new Error('outbox insert returned fewer rows');
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** Cancels the messages about `topic` that have not gone out (a deleted tracking's); returns how many. */
export async function cancelMail(db: Pick<Db, 'update'>, topic: string): Promise<number> {
  const cancelled = await db
    .update(mailOutbox)
    .set({ status: 'cancelled' })
    .where(and(eq(mailOutbox.topic, topic), eq(mailOutbox.status, 'pending')))
    .returning({ id: mailOutbox.id });
  return cancelled.length;
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Delivers the outbox: over SMTP when SMTP_URL is set, otherwise marks messages `kept` (they stay
 * readable at /dev/mailbox). Rows are claimed with SKIP LOCKED, so several servers can deliver
 * without sending a message twice.
 */
export class MailDelivery {
  private readonly transport: Transporter | null;
  /** For many messages in a row (the newsletter): one kept connection instead of one each. */
  private readonly bulk: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly options: {
      db: Db;
      smtpUrl?: string | undefined;
      from: string;
      log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
      /** Seconds a claim lasts (MAIL_LEASE_S): a process that dies while sending leaves the message to others after this. */
      leaseSeconds?: number;
      pollMs?: number;
      /** DKIM signing of every message (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY). */
      dkim?: DkimKey | null;
    },
  ) {
    const defaults = options.dkim ? { dkim: options.dkim } : {};
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl, defaults) : null;
    this.bulk = options.smtpUrl
      ? nodemailer.createTransport(
          { url: options.smtpUrl, pool: true, maxConnections: 1 },
          defaults,
        )
      : null;
  }

  /**
   * Sends one message now, outside the outbox (the newsletter's sender keeps its own row per
   * recipient): over SMTP when configured, else kept in the outbox for /dev/mailbox. Throws when
   * the SMTP server refuses it. `handOver` runs before the message's body is released to the
   * server: until it has finished, the server cannot have accepted the message.
   */
  async sendDirect(
    message: OutgoingMail & { messageId: string },
    handOver: () => Promise<void> = async () => {},
  ): Promise<'sent' | 'kept'> {
    if (!this.bulk) {
      await handOver();
      await this.options.db
        .insert(mailOutbox)
        .values({ ...outboxRow(message), status: 'kept', sentAt: new Date() });
      return 'kept';
    }
    // The text part is the first of the body nodemailer streams: it waits for the hand-over.
    let released = false;
    const text = new Readable({
      read() {
        if (released) return;
        released = true;
        handOver().then(
          () => {
            this.push(message.text);
            this.push(null);
          },
          (error: unknown) =>
            this.destroy(error instanceof Error ? error : new Error(String(error))),
        );
      },
    });
    await this.bulk.sendMail({
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      text,
      html: message.html,
      messageId: message.messageId,
      date: new Date(),
      headers: { ...message.headers, 'Content-Language': message.language },
    });
    return 'sent';
  }

  /** Tries one message now (right after its transaction committed); true when it went out or was kept. */
  async deliverNow(id: number): Promise<boolean> {
    const rows = await this.claim(sql`id = ${id}`);
    const row = rows[0];
    if (row) return this.send(row);
    // A delivery round (this process's or another's) claimed it between the commit and now: its
    // attempt is this one. Reporting the message as failed here made a sign-up fail on a loaded
    // machine while its e-mail went out.
    return this.outcomeOf(id);
  }

  /**
   * Tries several messages now (right after the transaction that wrote them committed); those a
   * delivery round claimed meanwhile are that round's to send.
   */
  async deliverNowMany(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const rows = await this.claim(inArray(mailOutbox.id, [...ids]), ids.length);
    if (this.transport) {
      for (const row of rows) await this.send(row);
      return;
    }
    if (rows.length === 0) return;
    await this.options.db
      .update(mailOutbox)
      .set({ status: 'kept', sentAt: new Date() })
      .where(
        inArray(
          mailOutbox.id,
          rows.map((row) => row.id),
        ),
      );
  }

  /** Waits for another process's attempt at a message: true once sent or kept, false once it failed. */
  private async outcomeOf(id: number): Promise<boolean> {
    const until = Date.now() + OUTCOME_WAIT_MS;
    for (;;) {
      const [row] = await this.options.db
        .select({ status: mailOutbox.status, lastError: mailOutbox.lastError })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, id));
      if (!row) return false;
      if (row.status === 'sent' || row.status === 'kept') return true;
      // Pending with an error: that attempt failed, and the message waits for its retry.
      if (row.status !== 'pending' || row.lastError !== null) return false;
      // Still being sent after this long: it stays in the outbox, which retries it until it goes out.
      if (Date.now() >= until) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Delivers every message that is due. */
  async deliverDue(): Promise<void> {
    for (;;) {
      const rows = await this.claim(sql`true`, 20);
      if (rows.length === 0) return;
      for (const row of rows) await this.send(row);
    }
  }

  start(): void {
    if (this.timer) return;
    const round = () => {
      this.running ??= this.deliverDue()
        .catch((error: unknown) =>
          this.options.log.error({ err: error }, 'mail delivery round failed'),
        )
        .finally(() => (this.running = null));
    };
    // At once too: a process that restarts delivers what it left behind without waiting a round.
    round();
    this.timer = setInterval(round, this.options.pollMs ?? POLL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.transport?.close();
    this.bulk?.close();
  }

  private async claim(condition: SQL, limit = 1): Promise<OutboxRow[]> {
    // Push the next attempt out while this process works on the row, so no other picks it up.
    const result = await this.options.db.execute(sql`
      UPDATE mail_outbox SET next_attempt_at = now() + make_interval(secs => ${this.options.leaseSeconds ?? DEFAULT_LEASE_S}), attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM mail_outbox
        WHERE status = 'pending' AND next_attempt_at <= now() AND ${condition}
        ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED
      )
      RETURNING id`);
    const ids = (result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
    if (ids.length === 0) return [];
    return this.options.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, ids))
      .orderBy(asc(mailOutbox.id));
  }

  private async send(row: OutboxRow): Promise<boolean> {
    if (!this.transport) {
      await this.options.db
        .update(mailOutbox)
        .set({ status: 'kept', sentAt: new Date() })
        .where(eq(mailOutbox.id, row.id));
      return true;
    }
    try {
      await this.transport.sendMail({
        from: this.options.from,
        date: new Date(),
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        ...(row.messageId ? { messageId: row.messageId } : {}),
        headers: { ...row.headers, 'Content-Language': row.language },
      });
      await this.options.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), lastError: null })
        .where(eq(mailOutbox.id, row.id));
      return true;
    } catch (error) {
      const failed = row.attempts >= MAX_ATTEMPTS;
      const backoffSeconds = 30 * 2 ** Math.max(0, row.attempts - 1);
      this.options.log.warn(
        { err: error, mailId: row.id, attempts: row.attempts },
        'mail delivery failed',
      );
      await this.options.db
        .update(mailOutbox)
        .set({
          status: failed ? 'failed' : 'pending',
          lastError: error instanceof Error ? error.message.slice(0, 500) : 'unknown error',
          nextAttemptAt: new Date(Date.now() + backoffSeconds * 1000),
        })
        .where(eq(mailOutbox.id, row.id));
      return false;
    }
  }
}
