import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { isLanguage } from '../../../core/locale.ts';
import type { FlaggedRecord, HiddenRecord, ShareKind } from '../../../core/shares/flags.ts';
import type { Db } from '../../db/client.ts';
import {
  articleGroups,
  articles,
  members,
  renewalOffers,
  sharedStores,
  shareFlags,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { enqueueMail } from '../mail/index.ts';
import { recordChange, type Actor } from '../staff/index.ts';
import { warningMail } from './warning-mail.ts';

interface RecordFacts {
  label: string;
  slug: string | null;
  cardId: string | null;
  hiddenAt: Date | null;
  authorId: string | null;
}
const facts = (
  label: string,
  slug: string | null,
  cardId: string | null,
  hiddenAt: Date | null,
  authorId: string | null,
): RecordFacts => ({ label, slug, cardId, hiddenAt, authorId });

/**
 * 'Report this' (docs/shares.md#ownership-history-and-abuse): a member's report of a record waits for staff, who hide
 * the record or keep it; either way the reports on it are closed.
 */
export class ShareFlags {
  constructor(
    private readonly options: {
      db: Db;
      now: () => Date;
      exists: (kind: ShareKind, id: string) => Promise<boolean>;
      /** Whether the member can see the record, so may report it: a draft or a hidden record is no record to them. */
      reportable: (kind: ShareKind, id: string, memberId: string) => Promise<boolean>;
      setHidden: (kind: ShareKind, id: string, hidden: boolean) => Promise<void>;
      /** The site's address, for the link in a warning e-mail. */
      siteUrl: string;
    },
  ) {}

  /**
   * One report per member and record; reporting again changes nothing. A record the member cannot
   * see answers 404, as one that does not exist (docs/security.md#existence).
   */
  async flag(memberId: string, kind: ShareKind, recordId: string, reason: string): Promise<void> {
    if (!(await this.options.reportable(kind, recordId, memberId)))
      throw new AppError('NOT_FOUND', { message: 'No such record.' });
    await this.options.db
      .insert(shareFlags)
      .values({ kind, recordId, memberId, reason })
      .onConflictDoNothing();
  }

  /** What staff read of a record (label, address, whether hidden) and who shared it; null: gone. */
  async #describe(kind: ShareKind, recordId: string): Promise<RecordFacts | null> {
    const db = this.options.db;
    if (kind === 'article') {
      const [article] = await db.select().from(articles).where(eq(articles.id, recordId));
      return article
        ? facts(article.title, article.slug, null, article.hiddenAt, article.memberId)
        : null;
    }
    if (kind === 'group') {
      const [group] = await db.select().from(articleGroups).where(eq(articleGroups.id, recordId));
      return group ? facts(group.name, group.slug, null, group.hiddenAt, group.ownerId) : null;
    }
    if (kind === 'store') {
      const [store] = await db.select().from(sharedStores).where(eq(sharedStores.id, recordId));
      return store ? facts(store.name, store.slug, null, store.hiddenAt, store.memberId) : null;
    }
    const [offer] = await db.select().from(renewalOffers).where(eq(renewalOffers.id, recordId));
    return offer
      ? facts(
          `${offer.inquiredOn} ${offer.detail} ${offer.note}`.trim(),
          null,
          offer.cardId,
          offer.hiddenAt,
          offer.memberId,
        )
      : null;
  }

  /** Records with open reports, the most reported first. */
  async open(): Promise<FlaggedRecord[]> {
    const rows = await this.options.db
      .select({
        kind: shareFlags.kind,
        recordId: shareFlags.recordId,
        reports: sql<number>`count(*)::int`,
        reasons: sql<string[]>`array_agg(distinct ${shareFlags.reason})`,
        latest: sql<string>`max(${shareFlags.createdAt})::text`,
      })
      .from(shareFlags)
      .where(isNull(shareFlags.resolvedAt))
      .groupBy(shareFlags.kind, shareFlags.recordId)
      .orderBy(desc(sql`count(*)`));
    return Promise.all(
      rows.map(async (row) => {
        const record = await this.#describe(row.kind, row.recordId);
        return {
          ...row,
          label: record?.label ?? '',
          slug: record?.slug ?? null,
          cardId: record?.cardId ?? null,
          hidden: record?.hiddenAt != null,
        };
      }),
    );
  }

  /** Records staff hid, the latest first: to restore one hidden by mistake. */
  async hidden(): Promise<HiddenRecord[]> {
    const db = this.options.db;
    const [offers, stores, posts, groups] = await Promise.all([
      db
        .select({ id: renewalOffers.id })
        .from(renewalOffers)
        .where(isNotNull(renewalOffers.hiddenAt)),
      db.select({ id: sharedStores.id }).from(sharedStores).where(isNotNull(sharedStores.hiddenAt)),
      db.select({ id: articles.id }).from(articles).where(isNotNull(articles.hiddenAt)),
      db
        .select({ id: articleGroups.id })
        .from(articleGroups)
        .where(isNotNull(articleGroups.hiddenAt)),
    ]);
    const ids: [ShareKind, { id: string }[]][] = [
      ['renewal-offer', offers],
      ['store', stores],
      ['article', posts],
      ['group', groups],
    ];
    const records = await Promise.all(
      ids.flatMap(([kind, rows]) =>
        rows.map(async ({ id }) => {
          const record = await this.#describe(kind, id);
          return record?.hiddenAt
            ? {
                kind,
                recordId: id,
                label: record.label,
                slug: record.slug,
                cardId: record.cardId,
                hiddenAt: record.hiddenAt.toISOString(),
              }
            : null;
        }),
      ),
    );
    return records
      .filter((record) => record !== null)
      .sort((a, b) => b.hiddenAt.localeCompare(a.hiddenAt))
      .slice(0, 200);
  }

  /** Shows a hidden record again (hidden by mistake, or put right), with its audit entry. */
  async restore(kind: ShareKind, recordId: string, actor: Actor): Promise<void> {
    const record = await this.#describe(kind, recordId);
    if (!record) throw new AppError('NOT_FOUND', { message: 'No such record.' });
    if (!record.hiddenAt) return;
    await this.options.setHidden(kind, recordId, false);
    await recordChange(this.options.db, actor, {
      action: 'share.restore',
      subject: `${kind}:${recordId}`,
      before: { hidden: true },
      after: { hidden: false },
    });
  }

  /**
   * Keeps the record shown and e-mails its author staff's note (a warning: what to put right),
   * closing its reports; the note is in the audit log. A record with no author left (a deleted
   * account, sample data) is refused: there is no one to warn.
   */
  async warn(kind: ShareKind, recordId: string, note: string, actor: Actor): Promise<void> {
    const record = await this.#describe(kind, recordId);
    if (!record) throw new AppError('NOT_FOUND', { message: 'No such record.' });
    const [author] = record.authorId
      ? await this.options.db.select().from(members).where(eq(members.id, record.authorId))
      : [];
    if (!author?.email)
      throw new AppError('INVALID_INPUT', {
        message: 'This record has no author to warn.',
        fields: { note: 'no-author' },
      });
    const email = author.email;
    await this.options.db.transaction(async (tx) => {
      await this.#close(tx as unknown as Db, kind, recordId);
      await enqueueMail(
        tx,
        warningMail({
          to: email,
          language: isLanguage(author.language) ? author.language : 'en',
          label: record.label,
          note,
          siteUrl: this.options.siteUrl,
        }),
      );
      await recordChange(tx, actor, {
        action: 'share.warn',
        subject: `${kind}:${recordId}`,
        before: null,
        after: { warned: author.id, note },
      });
    });
  }

  async #close(db: Db, kind: ShareKind, recordId: string): Promise<void> {
    await db
      .update(shareFlags)
      .set({ resolvedAt: this.options.now() })
      .where(
        and(
          eq(shareFlags.kind, kind),
          eq(shareFlags.recordId, recordId),
          isNull(shareFlags.resolvedAt),
        ),
      );
  }

  /** Staff's decision: hide the record (or keep it shown), and close its reports. */
  async decide(kind: ShareKind, recordId: string, hide: boolean, actor: Actor): Promise<void> {
    if (!(await this.options.exists(kind, recordId)))
      throw new AppError('NOT_FOUND', { message: 'No such record.' });
    await this.options.setHidden(kind, recordId, hide);
    // The reports are closed and the decision logged together; hiding is idempotent, so a
    // decision that stopped between the two is made again whole by the next click.
    await this.options.db.transaction(async (tx) => {
      await this.#close(tx as unknown as Db, kind, recordId);
      await recordChange(tx, actor, {
        action: hide ? 'share.hide' : 'share.keep',
        subject: `${kind}:${recordId}`,
        before: null,
        after: { hidden: hide },
      });
    });
  }
}
