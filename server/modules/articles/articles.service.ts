/* eslint-disable max-lines -- drafts, publication, pictures and what readers see share one table and its checks (#owned, visible); to split by those seams next. */
import {
  and,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  sql,
  type SQL,
} from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  ARTICLES_PER_PAGE,
  articleSlug,
  type ArticleCreate,
  type ArticleDraft,
  type ArticleHit,
  type ArticleImage,
  type ArticleProblem,
  type ArticleSave,
  type ArticleSearchQuery,
  type ArticleStatus,
  type ArticleSummary,
  type EmbedView,
  type PublicArticle,
} from '../../../core/articles/articles.ts';
import {
  measureDocument,
  nodesOf,
  type DocNode,
  type EmbedKind,
} from '../../../core/articles/document.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  articleImages,
  articleLikes,
  articles,
  mediaRemovals,
  members,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { ImageRefused, processImage } from '../images/index.ts';
import type { ImageStorage } from '../images/index.ts';
import { renderPieces } from './article-html.ts';
import {
  foldForSearch,
  highlight,
  likePattern,
  matchScore,
  searchTerms,
  snippet,
} from './article-search.ts';

type ArticleRow = typeof articles.$inferSelect;
type ImageRow = typeof articleImages.$inferSelect;

export interface ArticleLimits {
  maxImageBytes: number;
  maxImages: number;
  maxChars: number;
}

/** Live data of our objects an article embeds, looked up when a reader opens the page. */
export type EmbedLookup = (kind: EmbedKind, id: string) => EmbedView | null;

const mediaPrefix = (articleId: string) => `articles/${articleId}`;
const mediaKey = (articleId: string, imageId: string, width: number) =>
  `${mediaPrefix(articleId)}/${imageId}-${width}.webp`;

function imageView(row: ImageRow): ArticleImage {
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    sources: row.widths.map((width) => ({
      width,
      url: `/media/${mediaKey(row.articleId, row.id, width)}`,
    })),
  };
}

const forbidden = () =>
  new AppError('FORBIDDEN', { message: 'Only the author can change this article.' });
const notFound = () => new AppError('NOT_FOUND', { message: 'No such article.' });
const invalid = (problem: ArticleProblem) =>
  new AppError('INVALID_ARTICLE', {
    message: `The article cannot be saved: ${problem}.`,
    details: { problem },
  });

/**
 * Articles members write (docs/articles.md): drafts saved as the editor types, with a version so
 * a second tab's older copy is refused rather than written over; publication renders readers'
 * copy through the allow-list and gives the address; pictures go to the image storage and their
 * folder is removed by the clean-up job after the article is deleted. One file a little past 400
 * lines on purpose: drafts, publication, pictures, reading and search share the owner check, the
 * row-to-summary mapping and the readers' copy; groups, rendering and search text live apart.
 */
export class Articles {
  constructor(
    private readonly options: {
      db: Db;
      storage: ImageStorage;
      limits: ArticleLimits;
      embeds: EmbedLookup;
      siteOrigin: string;
      now: () => Date;
    },
  ) {
    this.#origin = new URL(options.siteOrigin).origin;
  }

  /** The site's own origin: links to it in an article become site paths. */
  readonly #origin: string;

  async #owned(memberId: string, id: string): Promise<ArticleRow> {
    const [row] = await this.options.db.select().from(articles).where(eq(articles.id, id));
    if (!row) throw notFound();
    // Someone else's draft or hidden article is no article to them: 404, as for one that is not there.
    if (row.memberId !== memberId)
      throw row.status === 'published' && !row.hiddenAt ? forbidden() : notFound();
    return row;
  }

  async #images(articleIds: string[]): Promise<Map<string, ArticleImage>> {
    if (articleIds.length === 0) return new Map();
    const rows = await this.options.db
      .select()
      .from(articleImages)
      .where(inArray(articleImages.articleId, articleIds));
    return new Map(rows.map((row) => [row.id, imageView(row)]));
  }

  async #summaries(rows: ArticleRow[]): Promise<ArticleSummary[]> {
    const ids = rows.map((row) => row.id);
    const covers = await this.#images(ids);
    const authors = new Map<string, string>();
    const memberIds = [
      ...new Set(rows.map((row) => row.memberId).filter((id): id is string => id !== null)),
    ];
    if (memberIds.length)
      for (const member of await this.options.db
        .select({ id: members.id, name: members.name })
        .from(members)
        .where(inArray(members.id, memberIds)))
        authors.set(member.id, member.name);
    const likes = new Map<string, number>();
    if (ids.length)
      for (const row of await this.options.db
        .select({ id: articleLikes.articleId, likes: count() })
        .from(articleLikes)
        .where(inArray(articleLikes.articleId, ids))
        .groupBy(articleLikes.articleId))
        likes.set(row.id, row.likes);
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      status: row.status,
      title: row.title,
      excerpt: row.plainText.replace(/\s+/g, ' ').slice(0, 160),
      cover: row.coverImageId ? (covers.get(row.coverImageId) ?? null) : null,
      author: {
        id: row.memberId,
        name: row.memberId ? (authors.get(row.memberId) ?? '') : 'TripPlus',
      },
      language: row.language,
      words: row.words,
      minutes: row.minutes,
      likes: likes.get(row.id) ?? 0,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
      hidden: row.hiddenAt !== null,
      sample: row.sample !== null,
    }));
  }

  /** List entries of article rows (a group's page lists its articles with these). */
  summaries(rows: ArticleRow[]): Promise<ArticleSummary[]> {
    return this.#summaries(rows);
  }

  /** The author's latest: a published article's pending title, cover and language over what readers see. */
  #latest(row: ArticleRow): ArticleCreate {
    return {
      title: row.pending?.title ?? row.title,
      coverImageId: row.pending ? row.pending.coverImageId : row.coverImageId,
      language: row.pending?.language ?? row.language,
      doc: row.doc,
    };
  }

  async #draft(row: ArticleRow): Promise<ArticleDraft> {
    const latest = this.#latest(row);
    const [summary] = await this.#summaries([{ ...row, ...latest }]);
    const images = [...(await this.#images([row.id])).values()];
    return {
      ...summary!,
      doc: row.doc,
      version: row.version,
      publishedVersion: row.publishedVersion,
      coverImageId: latest.coverImageId,
      images,
    };
  }

  /** What a save stores besides the document: counts and the text lists and search read. */
  #derived(input: ArticleCreate, images: ReadonlySet<string>) {
    const measured = measureDocument(input.doc, input.title);
    if (measured.text.length > this.options.limits.maxChars) throw invalid('too-long');
    if (measured.imageIds.length > this.options.limits.maxImages) throw invalid('too-many-images');
    if (
      measured.imageIds.some((id) => !images.has(id)) ||
      (input.coverImageId && !images.has(input.coverImageId))
    )
      throw invalid('unknown-image');
    return {
      plainText: measured.text,
      words: measured.words,
      minutes: measured.minutes,
      searchText: foldForSearch(`${input.title}\n${measured.text}`),
    };
  }

  /** Every column of what readers see, made from the author's latest (at publication, or when it is a draft). */
  #readersCopy(input: ArticleCreate, images: ReadonlySet<string>) {
    return {
      title: input.title,
      coverImageId: input.coverImageId,
      language: input.language,
      ...this.#derived(input, images),
      pending: null,
    };
  }

  async create(memberId: string, input: ArticleCreate): Promise<ArticleDraft> {
    // A new article has no pictures yet: its document may name none.
    const [row] = await this.options.db
      .insert(articles)
      .values({ memberId, doc: input.doc, ...this.#readersCopy(input, new Set()) })
      .returning();
    return this.#draft(row!);
  }

  async get(memberId: string, id: string): Promise<ArticleDraft> {
    return this.#draft(await this.#owned(memberId, id));
  }

  /**
   * Saves when `version` is the stored one; otherwise ARTICLE_CONFLICT with the stored version, and
   * nothing changes. A draft's save is all of it; a published article's keeps what readers see
   * (its copy, title, text for lists and search) until 'Publish changes', and stores the rest as
   * pending (Ghost's model: edits reach readers when the author says so).
   */
  async save(memberId: string, id: string, input: ArticleSave): Promise<ArticleDraft> {
    const row = await this.#owned(memberId, id);
    const images = new Set((await this.#images([id])).keys());
    const { version, ...latest } = input;
    const readersCopy = this.#readersCopy(latest, images);
    const changes =
      row.status === 'published'
        ? {
            pending: {
              title: latest.title,
              coverImageId: latest.coverImageId,
              language: latest.language,
            },
          }
        : readersCopy;
    const [saved] = await this.options.db
      .update(articles)
      .set({
        doc: latest.doc,
        ...changes,
        version: sql`${articles.version} + 1`,
        updatedAt: this.options.now(),
      })
      .where(and(eq(articles.id, id), eq(articles.version, version)))
      .returning();
    if (!saved)
      throw new AppError('ARTICLE_CONFLICT', {
        message: 'This article was saved from another tab or device since you opened it.',
        details: { version: (await this.#owned(memberId, row.id)).version },
      });
    return this.#draft(saved);
  }

  /** Publishes the stored version (or the pending edits of a published article); `version` as for save. */
  async publish(memberId: string, id: string, version: number): Promise<ArticleDraft> {
    const row = await this.#owned(memberId, id);
    if (row.version !== version)
      throw new AppError('ARTICLE_CONFLICT', {
        message: 'This article was saved from another tab or device since you opened it.',
        details: { version: row.version },
      });
    const latest = this.#latest(row);
    const images = await this.#images([id]);
    const readersCopy = this.#readersCopy(latest, new Set(images.keys()));
    if (!latest.title.trim()) throw invalid('title-missing');
    if (!readersCopy.plainText.trim() && nodesOf(row.doc, 'image').length === 0)
      throw invalid('body-empty');
    const pieces = renderPieces(row.doc, { images, siteOrigin: this.#origin });
    const now = this.options.now();
    const values = {
      ...readersCopy,
      status: 'published' as const,
      pieces,
      publishedVersion: row.version,
      publishedAt: row.publishedAt ?? now,
      updatedAt: now,
    };
    if (row.slug) {
      await this.options.db.update(articles).set(values).where(eq(articles.id, id));
    } else {
      // The readable address first; if another article has it, the same with the id's start.
      const readable = articleSlug(latest.title, row.id);
      try {
        await this.options.db
          .update(articles)
          .set({ ...values, slug: readable })
          .where(eq(articles.id, id));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        await this.options.db
          .update(articles)
          .set({ ...values, slug: `${readable}-${row.id.slice(0, 6)}` })
          .where(eq(articles.id, id));
      }
    }
    return this.get(memberId, id);
  }

  /** Back to the drafts, as the author last saved it: gone from /share and search, its address kept for a later publication. */
  async unpublish(memberId: string, id: string): Promise<ArticleDraft> {
    const row = await this.#owned(memberId, id);
    const readersCopy = this.#readersCopy(
      this.#latest(row),
      new Set((await this.#images([id])).keys()),
    );
    await this.options.db
      .update(articles)
      .set({ ...readersCopy, status: 'draft', updatedAt: this.options.now() })
      .where(eq(articles.id, id));
    return this.get(memberId, id);
  }

  /** Deletes the article and its likes now, and leaves its pictures' folder to the clean-up job. */
  async remove(memberId: string, id: string): Promise<void> {
    await this.#owned(memberId, id);
    await this.options.db.transaction(async (tx) => {
      await tx.delete(articles).where(eq(articles.id, id));
      await tx
        .insert(mediaRemovals)
        .values({ prefix: mediaPrefix(id) })
        .onConflictDoNothing();
    });
  }

  /** Removes the folders of deleted articles from the image storage; returns how many went. */
  async cleanUp(): Promise<number> {
    const pending = await this.options.db.select().from(mediaRemovals).limit(100);
    for (const { prefix } of pending) {
      await this.options.storage.removePrefix(prefix);
      await this.options.db.delete(mediaRemovals).where(eq(mediaRemovals.prefix, prefix));
    }
    return pending.length;
  }

  /**
   * Checks, converts and stores one picture of the member's article. The files are written first
   * and the row last: a picture the editor is told about has every width on disk, and files of a
   * failed upload sit in the article's folder until it goes.
   */
  async addImage(memberId: string, articleId: string, bytes: Buffer): Promise<ArticleImage> {
    await this.#owned(memberId, articleId);
    const [{ images } = { images: 0 }] = await this.options.db
      .select({ images: count() })
      .from(articleImages)
      .where(eq(articleImages.articleId, articleId));
    // Pictures dropped from the text still count until the article is deleted: a bound on the folder, not the text.
    if (images >= this.options.limits.maxImages * 2) throw imageRefused('too-many-images');
    let processed;
    try {
      processed = await processImage(bytes, { maxBytes: this.options.limits.maxImageBytes });
    } catch (error) {
      if (error instanceof ImageRefused) throw imageRefused(error.problem);
      throw error;
    }
    const id = randomUUID();
    for (const variant of processed.variants)
      await this.options.storage.put(
        mediaKey(articleId, id, variant.width),
        variant.bytes,
        'image/webp',
      );
    const [row] = await this.options.db
      .insert(articleImages)
      .values({
        id,
        articleId,
        width: processed.width,
        height: processed.height,
        widths: processed.variants.map((variant) => variant.width),
        bytes: processed.variants.reduce((sum, variant) => sum + variant.bytes.length, 0),
      })
      .returning();
    return imageView(row!);
  }

  async mine(memberId: string, status: ArticleStatus | null): Promise<ArticleSummary[]> {
    const rows = await this.options.db
      .select()
      .from(articles)
      .where(and(eq(articles.memberId, memberId), status ? eq(articles.status, status) : undefined))
      .orderBy(desc(articles.updatedAt))
      .limit(500);
    return this.#summaries(rows);
  }

  /** What readers may see: published, not hidden by staff. */
  static readonly visible = and(
    eq(articles.status, 'published'),
    isNull(articles.hiddenAt),
    isNotNull(articles.slug),
  );

  async recent(page: number): Promise<{ articles: ArticleSummary[]; total: number }> {
    const [rows, [{ total } = { total: 0 }]] = await Promise.all([
      this.options.db
        .select()
        .from(articles)
        .where(Articles.visible)
        .orderBy(desc(articles.publishedAt))
        .limit(ARTICLES_PER_PAGE)
        .offset((page - 1) * ARTICLES_PER_PAGE),
      this.options.db.select({ total: count() }).from(articles).where(Articles.visible),
    ]);
    return { articles: await this.#summaries(rows), total };
  }

  /** A published article for readers; its author also sees it while it is a draft or hidden (to check it). */
  async read(slug: string, viewerId: string | null): Promise<PublicArticle | null> {
    const [row] = await this.options.db.select().from(articles).where(eq(articles.slug, slug));
    if (!row) return null;
    const mine = viewerId !== null && row.memberId === viewerId;
    if (!mine && (row.status !== 'published' || row.hiddenAt !== null)) return null;
    const [summary] = await this.#summaries([row]);
    const [liked] = viewerId
      ? await this.options.db
          .select()
          .from(articleLikes)
          .where(and(eq(articleLikes.articleId, row.id), eq(articleLikes.memberId, viewerId)))
      : [];
    const segments = row.pieces.map((piece) =>
      piece.type === 'html'
        ? piece
        : {
            type: 'embed' as const,
            embed: this.options.embeds(piece.kind, piece.id) ?? {
              kind: 'missing' as const,
              id: piece.id,
            },
          },
    );
    return { ...summary!, segments, likedByMe: liked !== undefined, mine };
  }

  /** One like per member and article; liking twice changes nothing. Returns the count. */
  async like(memberId: string, articleId: string, liked: boolean): Promise<number> {
    const [row] = await this.options.db
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.id, articleId), Articles.visible));
    if (!row) throw notFound();
    if (liked)
      await this.options.db
        .insert(articleLikes)
        .values({ articleId, memberId })
        .onConflictDoNothing();
    else
      await this.options.db
        .delete(articleLikes)
        .where(and(eq(articleLikes.articleId, articleId), eq(articleLikes.memberId, memberId)));
    const [{ likes } = { likes: 0 }] = await this.options.db
      .select({ likes: count() })
      .from(articleLikes)
      .where(eq(articleLikes.articleId, articleId));
    return likes;
  }

  /**
   * Search of published articles (docs/articles.md#search): every term in the folded title and
   * text, the author's name if given, within a group if given. Newest first pages in the database; best match scores the
   * newest 500 matches and pages those.
   */
  async search(
    query: ArticleSearchQuery,
    inGroup?: SQL,
  ): Promise<{ hits: ArticleHit[]; total: number }> {
    const terms = searchTerms(query.q ?? '');
    const conditions: (SQL | undefined)[] = [
      Articles.visible,
      inGroup,
      ...terms.map((term) => sql`${articles.searchText} LIKE ${likePattern(term)}`),
    ];
    const author = query.author?.trim();
    if (author) conditions.push(ilike(members.name, likePattern(author)));
    const where = and(...conditions);
    const base = this.options.db
      .select({ article: articles })
      .from(articles)
      .leftJoin(members, eq(members.id, articles.memberId))
      .where(where);
    const [{ total } = { total: 0 }] = await this.options.db
      .select({ total: count() })
      .from(articles)
      .leftJoin(members, eq(members.id, articles.memberId))
      .where(where);
    let rows: ArticleRow[];
    if (query.order === 'newest' || terms.length === 0) {
      rows = (
        await base
          .orderBy(desc(articles.publishedAt))
          .limit(ARTICLES_PER_PAGE)
          .offset((query.page - 1) * ARTICLES_PER_PAGE)
      ).map((found) => found.article);
    } else {
      const candidates = (await base.orderBy(desc(articles.publishedAt)).limit(500)).map(
        (found) => found.article,
      );
      rows = candidates
        .map((row) => ({ row, score: matchScore(row.title, row.plainText, terms) }))
        .sort((a, b) => b.score - a.score)
        .slice((query.page - 1) * ARTICLES_PER_PAGE, query.page * ARTICLES_PER_PAGE)
        .map((scored) => scored.row);
    }
    const summaries = await this.#summaries(rows);
    return {
      total,
      hits: summaries.map((summary, index) => ({
        article: summary,
        title: highlight(summary.title, terms),
        snippet: snippet(rows[index]!.plainText, terms),
      })),
    };
  }

  /** The sample article of a fresh install, published under no member (sample-article.ts). */
  async addSample(sample: {
    key: string;
    slug: string;
    title: string;
    doc: DocNode;
    language: ArticleCreate['language'];
  }): Promise<void> {
    const derived = this.#derived(
      { title: sample.title, doc: sample.doc, language: sample.language, coverImageId: null },
      new Set(),
    );
    const pieces = renderPieces(sample.doc, { images: new Map(), siteOrigin: this.#origin });
    const now = this.options.now();
    await this.options.db
      .insert(articles)
      .values({
        memberId: null,
        sample: sample.key,
        slug: sample.slug,
        status: 'published',
        title: sample.title,
        language: sample.language,
        doc: sample.doc,
        pieces,
        publishedVersion: 1,
        publishedAt: now,
        ...derived,
      })
      .onConflictDoNothing();
  }

  // Staff's 'hide' and the report queue (docs/articles.md#safety).
  /** A published article that is shown: what a member can read, so may report. */
  async reportableBy(id: string): Promise<boolean> {
    const [row] = await this.options.db
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.id, id), eq(articles.status, 'published'), isNull(articles.hiddenAt)));
    return Boolean(row);
  }

  async exists(id: string): Promise<boolean> {
    return (
      (await this.options.db.select({ id: articles.id }).from(articles).where(eq(articles.id, id)))
        .length > 0
    );
  }

  async setHidden(id: string, hidden: boolean): Promise<void> {
    await this.options.db
      .update(articles)
      .set({ hiddenAt: hidden ? this.options.now() : null })
      .where(eq(articles.id, id));
  }

  async label(id: string): Promise<{ label: string; slug: string | null } | null> {
    const [row] = await this.options.db
      .select({ title: articles.title, slug: articles.slug })
      .from(articles)
      .where(eq(articles.id, id));
    return row ? { label: row.title, slug: row.slug } : null;
  }

  /** Slugs of published articles, for the sitemap (sample articles stay out). */
  async publishedSlugs(): Promise<string[]> {
    const rows = await this.options.db
      .select({ slug: articles.slug })
      .from(articles)
      .where(and(Articles.visible, isNull(articles.sample)));
    return rows.map((row) => row.slug!).filter(Boolean);
  }

  /** The image storage's file for a /media/ address, for the route that serves it. */
  media(key: string): Promise<Buffer | null> {
    return this.options.storage.get(key);
  }
}

function imageRefused(problem: string): AppError {
  return new AppError('IMAGE_REFUSED', {
    message: `The picture was refused: ${problem}.`,
    details: { problem },
  });
}
