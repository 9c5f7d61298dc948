import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LANGUAGES } from '../../../core/locale.ts';
import {
  mailLanguageOf,
  type IssueSection,
  type MailLanguage,
  type NewsletterTopic,
} from '../../../core/newsletter.ts';
import type { Db } from '../../db/client.ts';
import {
  mailSuppressions,
  newsletterDeliveries,
  newsletterIssues,
  newsletterSubscribers,
  type IssueContent,
  type IssueSnapshot,
} from '../../db/schema/index.ts';
import type { MailDelivery } from '../mail/index.ts';
import type { NewsletterLinks } from './newsletter-links.ts';
import { personalise, renderIssue, type ProductSection } from './newsletter-mail.ts';

type IssueRow = typeof newsletterIssues.$inferSelect;
type DeliveryRow = typeof newsletterDeliveries.$inferSelect;

/** The product's live content for an issue's sections, in one language (storefront sales, card offers, articles). */
export type ProductContent = (
  sections: readonly IssueSection[],
  language: MailLanguage,
) => Promise<ProductSection[]>;

/** A subscriber who still wants this issue: subscribed, to one of its topics, and not suppressed. */
export function wantsIssue(topics: readonly NewsletterTopic[]): SQL {
  const anyTopic =
    or(
      ...topics.map(
        (topic) => sql`${newsletterSubscribers.topics} @> ${JSON.stringify([topic])}::jsonb`,
      ),
    ) ?? sql`false`;
  return and(
    eq(newsletterSubscribers.status, 'subscribed'),
    anyTopic,
    sql`NOT EXISTS (SELECT 1 FROM ${mailSuppressions} WHERE ${mailSuppressions.email} = ${newsletterSubscribers.email})`,
  ) as SQL;
}

/** The issue in every language as it goes out, with the product's sections as they are now. */
export async function snapshotOf(
  issue: { content: IssueContent; sections: readonly IssueSection[] },
  product: ProductContent,
  postalAddress: string,
): Promise<IssueSnapshot> {
  const entries = await Promise.all(
    LANGUAGES.map(
      async (language) =>
        [
          language,
          renderIssue({
            language,
            text: issue.content[language],
            sections: await product(issue.sections, language),
            postalAddress,
          }),
        ] as const,
    ),
  );
  return Object.fromEntries(entries) as IssueSnapshot;
}

/**
 * Sends scheduled issues (docs/newsletter.md#sending, docs/decisions/009-newsletter-at-most-once.md).
 *
 * When an issue's time comes, one transaction freezes its text (the snapshot) and writes one
 * delivery row per confirmed subscriber of its topics. A sending round then holds the issue's
 * lease (one sender at a time, so the throttle holds) and works the rows one by one: claim
 * (`sending`), send, mark `sent`. A reader unsubscribed or suppressed since is skipped. A row
 * still `sending` when a new holder takes the lease was being sent when its process died: it
 * becomes `uncertain` and is never sent again, so no one gets two copies.
 */
export class NewsletterSender {
  /** Names this process in the issue's lease. */
  readonly holder = randomUUID();
  #stopping = false;

  constructor(
    private readonly options: {
      db: Db;
      mail: Pick<MailDelivery, 'sendDirect'>;
      links: NewsletterLinks;
      product: ProductContent;
      postalAddress: string;
      ratePerMinute: number;
      leaseSeconds: number;
      log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Ends rounds after the message being sent (a process shutting down): what is left waits for the next round. */
  stop(): void {
    this.#stopping = true;
  }

  /** Starts every scheduled issue whose time has come; returns their ids. */
  async startDue(): Promise<number[]> {
    const due = await this.options.db
      .select()
      .from(newsletterIssues)
      .where(
        and(
          eq(newsletterIssues.status, 'scheduled'),
          lte(newsletterIssues.scheduledAt, this.now()),
        ),
      );
    const started: number[] = [];
    for (const issue of due) if (await this.start(issue)) started.push(issue.id);
    return started;
  }

  /** Freezes an issue and lists its recipients, once: a second caller finds it no longer scheduled. */
  private async start(issue: IssueRow): Promise<boolean> {
    const snapshot = await snapshotOf(issue, this.options.product, this.options.postalAddress);
    return this.options.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(newsletterIssues)
        .where(and(eq(newsletterIssues.id, issue.id), eq(newsletterIssues.status, 'scheduled')))
        .for('update');
      if (!locked) return false;
      await tx.execute(sql`
        INSERT INTO newsletter_deliveries (issue_id, subscriber_id, email, language, message_id)
        SELECT ${issue.id}, ${newsletterSubscribers.id}, ${newsletterSubscribers.email}, ${newsletterSubscribers.language},
               '<newsletter-' || ${issue.id} || '-' || ${newsletterSubscribers.id} || '@' || ${this.options.links.host} || '>'
        FROM ${newsletterSubscribers}
        WHERE ${wantsIssue(locked.topics)}
        ORDER BY ${newsletterSubscribers.createdAt}, ${newsletterSubscribers.id}
        ON CONFLICT DO NOTHING`);
      await tx
        .update(newsletterIssues)
        .set({ status: 'sending', snapshot, startedAt: this.now(), updatedAt: this.now() })
        .where(eq(newsletterIssues.id, issue.id));
      this.options.log.info({ issue: issue.id }, 'newsletter issue started');
      return true;
    });
  }

  /**
   * One round: starts what is due, then sends issues that are sending until `budgetMs` is spent.
   * An issue another live process holds is waited for while the budget lasts.
   */
  async round(budgetMs: number): Promise<void> {
    const deadline = Date.now() + budgetMs;
    await this.startDue();
    for (;;) {
      if (this.#stopping) return;
      const sending = await this.options.db
        .select()
        .from(newsletterIssues)
        .where(eq(newsletterIssues.status, 'sending'))
        .orderBy(newsletterIssues.id);
      if (sending.length === 0) return;
      let heldElsewhere = false;
      for (const issue of sending) {
        if (Date.now() >= deadline) return;
        if (await this.acquire(issue.id)) await this.work(issue, deadline);
        else heldElsewhere = true;
      }
      if (!heldElsewhere || Date.now() >= deadline) return;
      await sleep(Math.min(1000, Math.max(0, deadline - Date.now())));
    }
  }

  /** Takes the issue's lease when it is free or lapsed (its holder died); true when this process holds it. */
  private async acquire(issueId: number): Promise<boolean> {
    const until = new Date(Date.now() + this.options.leaseSeconds * 1000);
    const taken = await this.options.db
      .update(newsletterIssues)
      .set({ leaseHolder: this.holder, leaseUntil: until })
      .where(
        and(
          eq(newsletterIssues.id, issueId),
          eq(newsletterIssues.status, 'sending'),
          sql`(${newsletterIssues.leaseUntil} IS NULL OR ${newsletterIssues.leaseUntil} < now() OR ${newsletterIssues.leaseHolder} = ${this.holder})`,
        ),
      )
      .returning({ id: newsletterIssues.id });
    return taken.length === 1;
  }

  private async release(issueId: number): Promise<void> {
    await this.options.db
      .update(newsletterIssues)
      .set({ leaseHolder: null, leaseUntil: null })
      .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.leaseHolder, this.holder)));
  }

  private async work(issue: IssueRow, deadline: number): Promise<void> {
    const { db } = this.options;
    // This process holds the lease and finishes each message before it lets go of one, so a row
    // still being sent is a dead sender's. If its body never reached the mail server, the server
    // cannot have accepted it: it is sent again. If it did, it may have gone out: it is not.
    await db
      .update(newsletterDeliveries)
      .set({ status: 'pending', claimedAt: null })
      .where(
        and(
          eq(newsletterDeliveries.issueId, issue.id),
          eq(newsletterDeliveries.status, 'sending'),
          isNull(newsletterDeliveries.handedOverAt),
        ),
      );
    const abandoned = await db
      .update(newsletterDeliveries)
      .set({
        status: 'uncertain',
        error: 'the sender stopped while the mail server was taking this message',
      })
      .where(
        and(eq(newsletterDeliveries.issueId, issue.id), eq(newsletterDeliveries.status, 'sending')),
      )
      .returning({ id: newsletterDeliveries.id });
    if (abandoned.length > 0)
      this.options.log.warn(
        { issue: issue.id, uncertain: abandoned.length },
        'newsletter: messages a stopped sender was handing to the mail server; not sent again',
      );

    const snapshot = issue.snapshot;
    if (!snapshot) throw new Error(`newsletter issue ${issue.id} is sending without a snapshot`);
    const gapMs = 60_000 / this.options.ratePerMinute;
    let nextAt = Date.now();
    let renewAt = Date.now() + (this.options.leaseSeconds * 1000) / 3;
    try {
      while (Date.now() < deadline && !this.#stopping) {
        if (Date.now() >= renewAt) {
          if (!(await this.acquire(issue.id))) return;
          renewAt = Date.now() + (this.options.leaseSeconds * 1000) / 3;
        }
        const delivery = await this.claim(issue.id);
        if (!delivery) {
          await db
            .update(newsletterIssues)
            .set({ status: 'sent', finishedAt: this.now(), updatedAt: this.now() })
            .where(and(eq(newsletterIssues.id, issue.id), eq(newsletterIssues.status, 'sending')));
          this.options.log.info({ issue: issue.id }, 'newsletter issue sent');
          return;
        }
        const reader = await this.reader(delivery, issue.topics);
        if (!reader) {
          await this.settle(
            delivery.id,
            'skipped',
            'unsubscribed, paused or suppressed since the issue started',
          );
          continue;
        }
        const wait = nextAt - Date.now();
        if (wait > 0) await sleep(wait);
        nextAt = Math.max(Date.now(), nextAt) + gapMs;
        const language = mailLanguageOf(delivery.language);
        const links = this.options.links.forSubscriber(delivery.subscriberId);
        const copy = personalise(snapshot[language], {
          language,
          topics: reader.topics.filter((topic) => issue.topics.includes(topic)),
          links,
        });
        let handedOver = false;
        const handOver = async () => {
          await db
            .update(newsletterDeliveries)
            .set({ handedOverAt: new Date() })
            .where(eq(newsletterDeliveries.id, delivery.id));
          handedOver = true;
        };
        try {
          await this.options.mail.sendDirect(
            {
              ...copy,
              to: delivery.email,
              language,
              template: 'newsletter',
              messageId: delivery.messageId,
              topic: `newsletter:${issue.id}`,
              headers: this.options.links.headers(links),
            },
            handOver,
          );
          await this.settle(delivery.id, 'sent', null);
        } catch (error) {
          const verdict = failureOf(error, handedOver);
          await this.settle(delivery.id, verdict.status, verdict.message);
          this.options.log.warn(
            { issue: issue.id, delivery: delivery.id, status: verdict.status, err: error },
            'newsletter message not sent',
          );
          // The mail server said "later" or could not be reached: stop this round, the next tries again.
          if (verdict.status === 'pending') return;
        }
      }
    } finally {
      await this.release(issue.id);
    }
  }

  /** The next pending recipient, marked as being sent. */
  private async claim(issueId: number): Promise<DeliveryRow | null> {
    const result = await this.options.db.execute(sql`
      UPDATE newsletter_deliveries SET status = 'sending', claimed_at = now()
      WHERE id = (
        SELECT id FROM newsletter_deliveries
        WHERE issue_id = ${issueId} AND status = 'pending'
        ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
      )
      RETURNING id`);
    const id = (result as unknown as { rows: { id: number }[] }).rows[0]?.id;
    if (id === undefined) return null;
    const [row] = await this.options.db
      .select()
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.id, Number(id)));
    return row ?? null;
  }

  /** The subscriber of a delivery if they still want the issue now (they may have left since it started). */
  private async reader(
    delivery: DeliveryRow,
    topics: readonly NewsletterTopic[],
  ): Promise<{ topics: NewsletterTopic[] } | null> {
    const [row] = await this.options.db
      .select({ topics: newsletterSubscribers.topics })
      .from(newsletterSubscribers)
      .where(and(eq(newsletterSubscribers.id, delivery.subscriberId), wantsIssue(topics)));
    return row ?? null;
  }

  private async settle(
    id: number,
    status: 'sent' | 'skipped' | 'failed' | 'pending' | 'uncertain',
    error: string | null,
  ): Promise<void> {
    await this.options.db
      .update(newsletterDeliveries)
      .set({
        status,
        error,
        ...(status === 'sent' ? { sentAt: this.now() } : {}),
        ...(status === 'pending' ? { claimedAt: null, handedOverAt: null } : {}),
      })
      .where(and(eq(newsletterDeliveries.id, id), eq(newsletterDeliveries.status, 'sending')));
  }
}

/**
 * What a failed send means for its row. The server's refusal settles it: a 5xx fails, a 4xx is
 * tried again. Without an answer (a dropped connection), a message whose body never reached the
 * server is tried again; one whose body did may have been accepted: `uncertain`, not sent again.
 */
export function failureOf(
  error: unknown,
  handedOver: boolean,
): { status: 'pending' | 'failed' | 'uncertain'; message: string } {
  const details = error as { responseCode?: number; message?: string };
  const message = (details.message ?? 'unknown error').slice(0, 500);
  if (details.responseCode !== undefined && details.responseCode >= 500)
    return { status: 'failed', message };
  if (details.responseCode !== undefined && details.responseCode >= 400)
    return { status: 'pending', message };
  return { status: handedOver ? 'uncertain' : 'pending', message };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
