import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Language } from '../../../core/locale.ts';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { RenderedMail } from './mail-templates.ts';

/** Retries wait 30 s, 1 min, 2 min, … ; after this many failures the message is marked failed. */
const MAX_ATTEMPTS = 6;
const POLL_MS = 5000;

/** Writes a message into the outbox; call it inside the transaction of the change that causes it. */
export async function enqueueMail(db: Db, message: RenderedMail & { to: string; language: Language; template: string }): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      toAddress: message.to,
      language: message.language,
      template: message.template,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Delivers the outbox: over SMTP when SMTP_URL is set, otherwise marks messages `kept` (they stay
 * readable at /dev/mailbox). Rows are claimed with SKIP LOCKED, so several servers can deliver
 * without sending a message twice.
 */
export class MailDelivery {
  private readonly transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly options: { db: Db; smtpUrl?: string | undefined; from: string; log: FastifyBaseLogger },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  get mode(): 'smtp' | 'outbox' {
    return this.transport ? 'smtp' : 'outbox';
  }

  /** Tries one message now (right after its transaction committed); true when it went out or was kept. */
  async deliverNow(id: number): Promise<boolean> {
    const rows = await this.claim(sql`id = ${id}`);
    const row = rows[0];
    if (!row) return false;
    return this.send(row);
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
    this.timer = setInterval(() => {
      this.running ??= this.deliverDue()
        .catch((error: unknown) => this.options.log.error({ err: error }, 'mail delivery round failed'))
        .finally(() => (this.running = null));
    }, POLL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.transport?.close();
  }

  private async claim(condition: ReturnType<typeof sql>, limit = 1): Promise<OutboxRow[]> {
    // Push the next attempt out while this process works on the row, so no other picks it up.
    const result = await this.options.db.execute(sql`
      UPDATE mail_outbox SET next_attempt_at = now() + interval '5 minutes', attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM mail_outbox
        WHERE status = 'pending' AND next_attempt_at <= now() AND ${condition}
        ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED
      )
      RETURNING id`);
    const ids = (result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
    if (ids.length === 0) return [];
    const rows: OutboxRow[] = [];
    for (const id of ids) {
      const [row] = await this.options.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (row) rows.push(row);
    }
    return rows;
  }

  private async send(row: OutboxRow): Promise<boolean> {
    if (!this.transport) {
      await this.options.db.update(mailOutbox).set({ status: 'kept', sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
      return true;
    }
    try {
      await this.transport.sendMail({
        from: this.options.from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        headers: { 'Content-Language': row.language },
      });
      await this.options.db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, row.id));
      return true;
    } catch (error) {
      const failed = row.attempts >= MAX_ATTEMPTS;
      const backoffSeconds = 30 * 2 ** Math.max(0, row.attempts - 1);
      this.options.log.warn({ err: error, mailId: row.id, attempts: row.attempts }, 'mail delivery failed');
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
