import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import {
  articleSlug,
  type GroupInput,
  type GroupSummary,
  type GroupView,
} from '../../../core/articles/articles.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  articleGroups,
  articles,
  groupArticles,
  groupMembers,
  members,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Articles } from './articles.service.ts';

type GroupRow = typeof articleGroups.$inferSelect;

const notFound = () => new AppError('NOT_FOUND', { message: 'No such group.' });
const ownerOnly = () =>
  new AppError('FORBIDDEN', { message: "Only the group's owner can do this." });
const newToken = () => randomBytes(16).toString('base64url');

/**
 * Groups of articles (docs/articles.md#groups). A public group is listed and anyone signed in
 * joins it; a group by invitation is seen and joined only with its link (anyone else gets 404, as
 * if it did not exist). Members add their own published articles; the owner, and nobody else,
 * changes or deletes the group, renews its link, and takes any article out; an author may take
 * their own out. Staff hide a group through the report queue.
 */
export class ArticleGroups {
  constructor(private readonly options: { db: Db; articles: Articles; now: () => Date }) {}

  async #summaries(rows: GroupRow[]): Promise<GroupSummary[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const ownerIds = [...new Set(rows.flatMap((row) => (row.ownerId ? [row.ownerId] : [])))];
    const [memberCounts, articleCounts, owners] = await Promise.all([
      this.options.db
        .select({ id: groupMembers.groupId, n: count() })
        .from(groupMembers)
        .where(inArray(groupMembers.groupId, ids))
        .groupBy(groupMembers.groupId),
      this.options.db
        .select({ id: groupArticles.groupId, n: count() })
        .from(groupArticles)
        .innerJoin(articles, eq(articles.id, groupArticles.articleId))
        .where(
          and(
            inArray(groupArticles.groupId, ids),
            eq(articles.status, 'published'),
            isNull(articles.hiddenAt),
          ),
        )
        .groupBy(groupArticles.groupId),
      ownerIds.length
        ? this.options.db
            .select({ id: members.id, name: members.name })
            .from(members)
            .where(inArray(members.id, ownerIds))
        : Promise.resolve([]),
    ]);
    const counted = (list: { id: string; n: number }[]) =>
      new Map(list.map((entry) => [entry.id, entry.n]));
    const memberCount = counted(memberCounts);
    const articleCount = counted(articleCounts);
    const ownerName = new Map(owners.map((owner) => [owner.id, owner.name]));
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      visibility: row.visibility,
      owner: {
        id: row.ownerId,
        name: row.ownerId ? (ownerName.get(row.ownerId) ?? '') : 'TripPlus',
      },
      sample: row.sample !== null,
      members: memberCount.get(row.id) ?? 0,
      articles: articleCount.get(row.id) ?? 0,
      hidden: row.hiddenAt !== null,
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  async #row(id: string): Promise<GroupRow> {
    const [row] = await this.options.db
      .select()
      .from(articleGroups)
      .where(eq(articleGroups.id, id));
    if (!row) throw notFound();
    return row;
  }

  async #isMember(groupId: string, memberId: string | null): Promise<boolean> {
    if (!memberId) return false;
    const [row] = await this.options.db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.memberId, memberId)));
    return row !== undefined;
  }

  async create(ownerId: string, input: GroupInput): Promise<GroupView> {
    const base = articleSlug(input.name, randomBytes(4).toString('hex')).replace(
      /^article-/,
      'group-',
    );
    let row: GroupRow | undefined;
    for (const slug of [base, `${base}-${randomBytes(3).toString('hex')}`]) {
      try {
        [row] = await this.options.db
          .insert(articleGroups)
          .values({ ownerId, slug, ...input, inviteToken: newToken() })
          .returning();
        break;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    await this.options.db.insert(groupMembers).values({ groupId: row!.id, memberId: ownerId });
    return (await this.view(row!.slug, ownerId, null))!;
  }

  async update(ownerId: string, id: string, input: GroupInput): Promise<GroupView> {
    const row = await this.#owned(id, ownerId);
    await this.options.db
      .update(articleGroups)
      .set({ ...input, updatedAt: this.options.now() })
      .where(eq(articleGroups.id, id));
    return (await this.view(row.slug, ownerId, null))!;
  }

  async remove(ownerId: string, id: string): Promise<void> {
    await this.#owned(id, ownerId);
    await this.options.db.delete(articleGroups).where(eq(articleGroups.id, id));
  }

  /** A new invitation link; the old one stops working. */
  async renewInvite(ownerId: string, id: string): Promise<string> {
    await this.#owned(id, ownerId);
    const token = newToken();
    await this.options.db
      .update(articleGroups)
      .set({ inviteToken: token })
      .where(eq(articleGroups.id, id));
    return token;
  }

  /** Public groups, and the viewer's own and joined ones, the latest changed first; hidden ones only to their owner. */
  async list(viewerId: string | null): Promise<{ groups: GroupSummary[]; mine: GroupSummary[] }> {
    const rows = await this.options.db
      .select()
      .from(articleGroups)
      .where(and(eq(articleGroups.visibility, 'public'), isNull(articleGroups.hiddenAt)))
      .orderBy(desc(articleGroups.updatedAt))
      .limit(200);
    const mine = viewerId
      ? (
          await this.options.db
            .select({ group: articleGroups })
            .from(articleGroups)
            .innerJoin(groupMembers, eq(groupMembers.groupId, articleGroups.id))
            .where(
              and(
                eq(groupMembers.memberId, viewerId),
                or(isNull(articleGroups.hiddenAt), eq(articleGroups.ownerId, viewerId)),
              ),
            )
            .orderBy(desc(articleGroups.updatedAt))
        ).map((found) => found.group)
      : [];
    return { groups: await this.#summaries(rows), mine: await this.#summaries(mine) };
  }

  /**
   * One group for a viewer: public ones to anyone, by-invitation ones to their members or with the
   * right link; null otherwise (the page says 'no such group', never 'private').
   */
  async view(
    slug: string,
    viewerId: string | null,
    invite: string | null,
  ): Promise<GroupView | null> {
    const [row] = await this.options.db
      .select()
      .from(articleGroups)
      .where(eq(articleGroups.slug, slug));
    if (!row) return null;
    const isOwner = viewerId !== null && row.ownerId === viewerId;
    const isMember = await this.#isMember(row.id, viewerId);
    const invited = invite !== null && invite === row.inviteToken;
    if (row.hiddenAt && !isOwner) return null;
    if (row.visibility === 'invite' && !isMember && !invited) return null;
    const listed = await this.options.db
      .select({ article: articles })
      .from(groupArticles)
      .innerJoin(articles, eq(articles.id, groupArticles.articleId))
      .where(
        and(
          eq(groupArticles.groupId, row.id),
          eq(articles.status, 'published'),
          isNull(articles.hiddenAt),
        ),
      )
      .orderBy(desc(groupArticles.addedAt))
      .limit(200);
    const [summary] = await this.#summaries([row]);
    return {
      ...summary!,
      articleList: await this.options.articles.summaries(listed.map((found) => found.article)),
      isMember,
      isOwner,
      inviteToken: isMember ? row.inviteToken : null,
    };
  }

  /** Joins a public group, or one by invitation with its link's secret; joining twice changes nothing. */
  async join(memberId: string, id: string, invite: string | null): Promise<void> {
    const row = await this.#row(id);
    if (row.hiddenAt) throw notFound();
    if (row.visibility === 'invite' && invite !== row.inviteToken) throw notFound();
    await this.options.db
      .insert(groupMembers)
      .values({ groupId: id, memberId })
      .onConflictDoNothing();
  }

  /** Leaves a group; its owner cannot (they delete it instead). */
  async leave(memberId: string, id: string): Promise<void> {
    const row = await this.#row(id);
    if (row.ownerId === memberId)
      throw new AppError('FORBIDDEN', {
        message: 'The owner deletes the group instead of leaving it.',
      });
    await this.options.db
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, id), eq(groupMembers.memberId, memberId)));
  }

  /** A member adds one of their own published articles. */
  async addArticle(memberId: string, id: string, articleId: string): Promise<void> {
    await this.#row(id);
    if (!(await this.#isMember(id, memberId)))
      throw new AppError('FORBIDDEN', {
        message: 'Join the group to add articles to it.',
      });
    const [article] = await this.options.db
      .select({ memberId: articles.memberId, status: articles.status })
      .from(articles)
      .where(eq(articles.id, articleId));
    // Someone else's draft is no article to this member: 404, as for one that is not there.
    if (!article || (article.memberId !== memberId && article.status !== 'published'))
      throw new AppError('NOT_FOUND', { message: 'No such article.' });
    if (article.memberId !== memberId)
      throw new AppError('FORBIDDEN', {
        message: 'Only the author adds an article to a group.',
      });
    if (article.status !== 'published')
      throw new AppError('INVALID_ARTICLE', {
        message: 'Publish the article first.',
        details: { problem: 'not-published' },
      });
    await this.options.db
      .insert(groupArticles)
      .values({ groupId: id, articleId })
      .onConflictDoNothing();
    await this.options.db
      .update(articleGroups)
      .set({ updatedAt: this.options.now() })
      .where(eq(articleGroups.id, id));
  }

  /** The owner takes any article out; an author takes their own out. */
  async removeArticle(memberId: string, id: string, articleId: string): Promise<void> {
    const row = await this.#row(id);
    const [article] = await this.options.db
      .select({ memberId: articles.memberId })
      .from(articles)
      .where(eq(articles.id, articleId));
    if (row.ownerId !== memberId && article?.memberId !== memberId) throw ownerOnly();
    await this.options.db
      .delete(groupArticles)
      .where(and(eq(groupArticles.groupId, id), eq(groupArticles.articleId, articleId)));
  }

  /** Ids of the published articles in a group a search may look in (a public group's, or one the viewer is in). */
  async searchable(slug: string, viewerId: string | null): Promise<string | null> {
    const [row] = await this.options.db
      .select()
      .from(articleGroups)
      .where(and(eq(articleGroups.slug, slug), isNull(articleGroups.hiddenAt)));
    if (!row) return null;
    if (row.visibility === 'invite' && !(await this.#isMember(row.id, viewerId))) return null;
    return row.id;
  }

  // Staff's report queue (docs/articles.md#safety).
  /** A shown group the member can see (a public one, or one they are in), so may report. */
  async reportableBy(id: string, memberId: string): Promise<boolean> {
    const [row] = await this.options.db
      .select()
      .from(articleGroups)
      .where(eq(articleGroups.id, id));
    return row ? this.#visibleTo(row, memberId) : false;
  }

  async #visibleTo(row: GroupRow, memberId: string): Promise<boolean> {
    return (
      !row.hiddenAt && (row.visibility === 'public' || (await this.#isMember(row.id, memberId)))
    );
  }

  /**
   * The group for its owner's change; 403 to another member who can see it, and 404 to one who
   * cannot, as for a group that is not there (docs/security.md#existence).
   */
  async #owned(id: string, ownerId: string): Promise<GroupRow> {
    const row = await this.#row(id);
    if (row.ownerId !== ownerId)
      throw (await this.#visibleTo(row, ownerId)) ? ownerOnly() : notFound();
    return row;
  }

  async exists(id: string): Promise<boolean> {
    return (
      (
        await this.options.db
          .select({ id: articleGroups.id })
          .from(articleGroups)
          .where(eq(articleGroups.id, id))
      ).length > 0
    );
  }

  async setHidden(id: string, hidden: boolean): Promise<void> {
    await this.options.db
      .update(articleGroups)
      .set({ hiddenAt: hidden ? this.options.now() : null })
      .where(eq(articleGroups.id, id));
  }

  /** The sample group of a fresh install, holding the sample article (sample-article.ts). */
  async addSample(sample: {
    key: string;
    slug: string;
    name: string;
    description: string;
    articleSlug: string;
  }): Promise<void> {
    const [row] = await this.options.db
      .insert(articleGroups)
      .values({
        ownerId: null,
        sample: sample.key,
        slug: sample.slug,
        name: sample.name,
        description: sample.description,
        visibility: 'public',
        inviteToken: newToken(),
      })
      .onConflictDoNothing()
      .returning();
    const [article] = await this.options.db
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.slug, sample.articleSlug));
    if (row && article)
      await this.options.db
        .insert(groupArticles)
        .values({ groupId: row.id, articleId: article.id })
        .onConflictDoNothing();
  }

  /** Slugs of public groups for the sitemap (not the sample). */
  async publicSlugs(): Promise<string[]> {
    const rows = await this.options.db
      .select({ slug: articleGroups.slug })
      .from(articleGroups)
      .where(
        and(
          eq(articleGroups.visibility, 'public'),
          isNull(articleGroups.hiddenAt),
          isNull(articleGroups.sample),
        ),
      );
    return rows.map((row) => row.slug);
  }
}

/** SQL for "the article is in this group", for the search's group filter. */
export const inGroup = (groupId: string) =>
  sql`exists (select 1 from ${groupArticles} where ${groupArticles.groupId} = ${groupId} and ${groupArticles.articleId} = ${articles.id})`;
