import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { LANGUAGES } from '../../../core/locale.ts';
import {
  IssueDraftSchema,
  type IssueDraft,
  type IssueView,
  type MailLanguage,
} from '../../../core/newsletter.ts';
import type { Db } from '../../db/client.ts';
import { newsletterDeliveries, newsletterIssues } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { enqueueMail } from '../mail/index.ts';
import { emailText } from '../mail/index.ts';
import type { NewsletterLinks } from './newsletter-links.ts';
import { personalise } from './newsletter-mail.ts';
import { snapshotOf, type ProductContent } from './newsletter-sender.ts';
import { recordChange, type Actor } from '../staff/index.ts';

type IssueRow = typeof newsletterIssues.$inferSelect;

/** Languages whose subject, or whose text when the issue has no product section, is still empty. */
function unwritten(issue: Pick<IssueRow, 'content' | 'sections'>): string[] {
  return LANGUAGES.filter(
    (language) =>
      !issue.content[language].subject.trim() ||
      (issue.sections.length === 0 && !issue.content[language].body.trim()),
  );
}

/** An issue goes out (or to a test) only written in every language. */
function requireWritten(issue: Pick<IssueRow, 'content' | 'sections'>): void {
  const missing = unwritten(issue);
  if (missing.length > 0) {
    throw new AppError('INVALID_INPUT', {
      message: `Write the subject and text in every language first (missing: ${missing.join(', ')}).`,
      fields: Object.fromEntries(missing.map((language) => [`content.${language}`, 'missing'])),
      details: { problem: 'unwritten', languages: missing.join(',') },
    });
  }
}

const closed = () =>
  new AppError('NEWSLETTER_ISSUE_CLOSED', {
    message: 'This issue has started sending and can no longer be changed.',
  });
const notFound = () => new AppError('NOT_FOUND', { message: 'No such issue.' });

/**
 * Staff's side of the newsletter (docs/newsletter.md#composing): write an issue in each language,
 * preview it as readers will get it, send a test to themselves, schedule or cancel it. The
 * sender job (newsletter-sender.ts) does the rest.
 */
export class NewsletterIssues {
  constructor(
    private readonly options: {
      db: Db;
      links: NewsletterLinks;
      product: ProductContent;
      postalAddress: string;
      delivered: (mailId: number) => Promise<boolean>;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async list(): Promise<IssueView[]> {
    const rows = await this.options.db
      .select()
      .from(newsletterIssues)
      .orderBy(desc(newsletterIssues.id))
      .limit(100);
    return Promise.all(rows.map((row) => this.view(row)));
  }

  async get(id: number): Promise<IssueView> {
    return this.view(await this.row(id));
  }

  async create(draft: IssueDraft, staffId: string): Promise<IssueView> {
    const parsed = IssueDraftSchema.parse(draft);
    const [row] = await this.options.db
      .insert(newsletterIssues)
      .values({ ...parsed, createdBy: staffId })
      .returning();
    if (!row) throw new Error('issue insert returned nothing');
    return this.view(row);
  }

  /** Changes a draft or a scheduled issue (a scheduled one stays scheduled). */
  async update(id: number, draft: IssueDraft): Promise<IssueView> {
    const parsed = IssueDraftSchema.parse(draft);
    const [row] = await this.options.db
      .update(newsletterIssues)
      .set({ ...parsed, updatedAt: this.now() })
      .where(
        and(eq(newsletterIssues.id, id), inArray(newsletterIssues.status, ['draft', 'scheduled'])),
      )
      .returning();
    if (!row) throw (await this.exists(id)) ? closed() : notFound();
    return this.view(row);
  }

  async schedule(id: number, at: Date, actor: Actor): Promise<IssueView> {
    if (pickedInThePast(at, this.now()))
      throw new AppError('INVALID_INPUT', {
        message: 'Choose a time from now on.',
        fields: { at: 'past' },
        details: { problem: 'past' },
      });
    const before = await this.row(id);
    requireWritten(before);
    const row = await this.options.db.transaction(async (tx) => {
      const [scheduled] = await tx
        .update(newsletterIssues)
        .set({ status: 'scheduled', scheduledAt: at, updatedAt: this.now() })
        .where(
          and(
            eq(newsletterIssues.id, id),
            inArray(newsletterIssues.status, ['draft', 'scheduled', 'cancelled']),
          ),
        )
        .returning();
      if (scheduled)
        await recordChange(tx, actor, {
          action: 'newsletter.schedule',
          subject: `newsletter:${id}`,
          before: { status: before.status, scheduledAt: before.scheduledAt?.toISOString() ?? null },
          after: { status: 'scheduled', scheduledAt: at.toISOString() },
        });
      return scheduled;
    });
    if (!row) throw (await this.exists(id)) ? closed() : notFound();
    return this.view(row);
  }

  /** Takes a scheduled issue back to a draft; one that has started sending cannot be called back. */
  async cancel(id: number, actor: Actor): Promise<IssueView> {
    const row = await this.options.db.transaction(async (tx) => {
      const [cancelled] = await tx
        .update(newsletterIssues)
        .set({ status: 'draft', scheduledAt: null, updatedAt: this.now() })
        .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, 'scheduled')))
        .returning();
      if (cancelled)
        await recordChange(tx, actor, {
          action: 'newsletter.cancel',
          subject: `newsletter:${id}`,
          before: { status: 'scheduled' },
          after: { status: 'draft' },
        });
      return cancelled;
    });
    if (!row) throw (await this.exists(id)) ? closed() : notFound();
    return this.view(row);
  }

  /** The issue as a reader of `language` would get it now, with links that lead to the pages but manage no one. */
  async preview(
    id: number,
    language: MailLanguage,
  ): Promise<{ subject: string; text: string; html: string }> {
    const row = await this.row(id);
    const snapshot =
      row.snapshot ?? (await snapshotOf(row, this.options.product, this.options.postalAddress));
    return personalise(snapshot[language], {
      language,
      topics: row.topics,
      links: this.sampleLinks(),
    });
  }

  /** Sends the issue in each language to the staff member's own address, marked as a test. */
  async testSend(id: number, to: string): Promise<number> {
    const row = await this.row(id);
    requireWritten(row);
    const snapshot = await snapshotOf(row, this.options.product, this.options.postalAddress);
    const ids: number[] = [];
    for (const language of LANGUAGES) {
      const copy = personalise(snapshot[language], {
        language,
        topics: row.topics,
        links: this.sampleLinks(),
      });
      ids.push(
        await enqueueMail(this.options.db, {
          ...copy,
          subject: `${emailText(language, 'newsletter.testPrefix')} ${copy.subject}`,
          to,
          language,
          template: 'newsletter-test',
        }),
      );
    }
    for (const mailId of ids) await this.options.delivered(mailId);
    return ids.length;
  }

  private sampleLinks() {
    return {
      preference: this.options.links.absolute('/edm/preference'),
      unsubscribe: this.options.links.absolute('/edm/preference'),
    };
  }

  private async row(id: number): Promise<IssueRow> {
    const [row] = await this.options.db
      .select()
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, id));
    if (!row) throw notFound();
    return row;
  }

  private async exists(id: number): Promise<boolean> {
    const [row] = await this.options.db
      .select({ id: newsletterIssues.id })
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, id));
    return Boolean(row);
  }

  private async view(row: IssueRow): Promise<IssueView> {
    const tallies = await this.options.db
      .select({ status: newsletterDeliveries.status, n: count() })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.issueId, row.id))
      .groupBy(newsletterDeliveries.status);
    const of = (status: string) => tallies.find((tally) => tally.status === status)?.n ?? 0;
    return {
      id: row.id,
      state: row.status,
      topics: row.topics,
      sections: row.sections,
      content: row.content,
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      startedAt: row.startedAt?.toISOString() ?? null,
      finishedAt: row.finishedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
      counts: {
        recipients: tallies.reduce((sum, tally) => sum + tally.n, 0),
        sent: of('sent'),
        pending: of('pending') + of('sending'),
        skipped: of('skipped'),
        uncertain: of('uncertain'),
        failed: of('failed'),
      },
    };
  }
}

/**
 * Whether a send time staff picked is in the past. The picker is to the minute: a time picked as
 * 'now' at 12:00:59 arrives as 12:00 a moment later, so the minute before the current one still
 * counts as now (a fixed 60 s from the instant refused it at a minute's end).
 */
export function pickedInThePast(at: Date, now: Date): boolean {
  const thisMinute = Math.floor(now.getTime() / 60_000) * 60_000;
  return at.getTime() < thisMinute - 60_000;
}
