import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FlaggedRecord, ShareKind } from '../../../core/shares/flags.ts';
import type { Db } from '../../db/client.ts';
import {
  articleGroups,
  articles,
  renewalOffers,
  sharedStores,
  shareFlags,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordChange, type Actor } from '../staff/index.ts';

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
        if (row.kind === 'article') {
          const [article] = await this.options.db
            .select()
            .from(articles)
            .where(eq(articles.id, row.recordId));
          return {
            ...row,
            label: article?.title ?? '',
            slug: article?.slug ?? null,
            cardId: null,
            hidden: Boolean(article?.hiddenAt),
          };
        }
        if (row.kind === 'group') {
          const [group] = await this.options.db
            .select()
            .from(articleGroups)
            .where(eq(articleGroups.id, row.recordId));
          return {
            ...row,
            label: group?.name ?? '',
            slug: group?.slug ?? null,
            cardId: null,
            hidden: Boolean(group?.hiddenAt),
          };
        }
        if (row.kind === 'store') {
          const [store] = await this.options.db
            .select()
            .from(sharedStores)
            .where(eq(sharedStores.id, row.recordId));
          return {
            ...row,
            label: store?.name ?? '',
            slug: store?.slug ?? null,
            cardId: null,
            hidden: Boolean(store?.hiddenAt),
          };
        }
        const [offer] = await this.options.db
          .select()
          .from(renewalOffers)
          .where(eq(renewalOffers.id, row.recordId));
        return {
          ...row,
          label: offer ? `${offer.inquiredOn} ${offer.detail} ${offer.note}`.trim() : '',
          slug: null,
          cardId: offer?.cardId ?? null,
          hidden: Boolean(offer?.hiddenAt),
        };
      }),
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
      await tx
        .update(shareFlags)
        .set({ resolvedAt: this.options.now() })
        .where(
          and(
            eq(shareFlags.kind, kind),
            eq(shareFlags.recordId, recordId),
            isNull(shareFlags.resolvedAt),
          ),
        );
      await recordChange(tx, actor, {
        action: hide ? 'share.hide' : 'share.keep',
        subject: `${kind}:${recordId}`,
        before: null,
        after: { hidden: hide },
      });
    });
  }
}
