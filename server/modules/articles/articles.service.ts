import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
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
import { articles } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { ImageStorage } from '../images/index.ts';
import { renderPieces } from './article-html.ts';
import { ArticleImages } from './article-images.ts';
import { ArticleLikes } from './article-likes.ts';
import { ArticleModeration } from './article-moderation.ts';
import { summariesOf } from './article-summaries.ts';
import {
  articleIndexRows,
  articleIndexStamp,
  articleIndexVersions,
  searchArticles,
  type ArticleMatcher,
} from './article-search.ts';

type ArticleRow = typeof articles.$inferSelect;

export interface ArticleLimits {
  maxImageBytes: number;
  maxImages: number;
  maxChars: number;
}

/** Live data of our objects an article embeds, looked up when a reader opens the page. */
export type EmbedLookup = (kind: EmbedKind, id: string) => EmbedView | null;

const forbidden = () =>
  new AppError('FORBIDDEN', { message: 'Only the author can change this article.' });
const notFound = () => new AppError('NOT_FOUND', { message: 'No such article.' });
const conflict = (version: number) =>
  new AppError('ARTICLE_CONFLICT', {
    message: 'This article was saved from another tab or device since you opened it.',
    details: { version },
  });
const invalid = (problem: ArticleProblem) =>
  new AppError('INVALID_ARTICLE', {
    message: `The article cannot be saved: ${problem}.`,
    details: { problem },
  });

/**
 * Articles members write (docs/articles.md): drafts saved as the editor types, with a version so
 * a second tab's older copy is refused rather than written over; publication renders readers'
 * copy through the allow-list and gives the address. Pictures, likes, moderation, search,
 * rendering and groups live in their own files; this class keeps what they share: the owner
 * check, the row-to-summary mapping and the readers' copy.
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
      /** The site index's article search (server/modules/search): /searcharticle reads it too. */
      match: ArticleMatcher;
    },
  ) {
    this.#origin = new URL(options.siteOrigin).origin;
    this.images = new ArticleImages(options);
    this.likes = new ArticleLikes(options.db);
    this.moderation = new ArticleModeration(options);
  }

  readonly images: ArticleImages;
  readonly likes: ArticleLikes;
  readonly moderation: ArticleModeration;

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

  /** List entries of article rows (a group's page lists its articles with these). */
  summaries(rows: ArticleRow[]): Promise<ArticleSummary[]> {
    return summariesOf(this.options.db, this, rows);
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
    const [summary] = await this.summaries([{ ...row, ...latest }]);
    const images = [...(await this.images.of([row.id])).values()];
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
    const images = new Set((await this.images.of([id])).keys());
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
    if (!saved) throw conflict((await this.#owned(memberId, row.id)).version);
    return this.#draft(saved);
  }

  /** Publishes the stored version (or the pending edits of a published article); `version` as for save. */
  async publish(memberId: string, id: string, version: number): Promise<ArticleDraft> {
    const row = await this.#owned(memberId, id);
    if (row.version !== version) throw conflict(row.version);
    const latest = this.#latest(row);
    const images = await this.images.of([id]);
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
      new Set((await this.images.of([id])).keys()),
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
      await this.images.removeLater(tx, id);
    });
  }

  /** Stores a picture of the member's article (ArticleImages.add). */
  async addImage(memberId: string, articleId: string, bytes: Buffer): Promise<ArticleImage> {
    await this.#owned(memberId, articleId);
    return this.images.add(articleId, bytes);
  }

  async mine(memberId: string, status: ArticleStatus | null): Promise<ArticleSummary[]> {
    const rows = await this.options.db
      .select()
      .from(articles)
      .where(and(eq(articles.memberId, memberId), status ? eq(articles.status, status) : undefined))
      .orderBy(desc(articles.updatedAt))
      .limit(500);
    return summariesOf(this.options.db, this, rows);
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
    return { articles: await this.summaries(rows), total };
  }

  /** A published article for readers; its author also sees it while it is a draft or hidden (to check it). */
  async read(slug: string, viewerId: string | null): Promise<PublicArticle | null> {
    const [row] = await this.options.db.select().from(articles).where(eq(articles.slug, slug));
    if (!row) return null;
    const mine = viewerId !== null && row.memberId === viewerId;
    if (!mine && (row.status !== 'published' || row.hiddenAt !== null)) return null;
    const [summary] = await this.summaries([row]);
    const likedByMe = viewerId !== null && (await this.likes.likedBy(row.id, viewerId));
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
    return { ...summary!, segments, likedByMe, mine };
  }

  /** Likes or unlikes an article readers may see; returns its count. */
  async like(memberId: string, articleId: string, liked: boolean): Promise<number> {
    const [row] = await this.options.db
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.id, articleId), Articles.visible));
    if (!row) throw notFound();
    return this.likes.set(memberId, articleId, liked);
  }

  /** Search of published articles (docs/articles.md#search), within a group if given. */
  search(query: ArticleSearchQuery, inGroup?: SQL): Promise<{ hits: ArticleHit[]; total: number }> {
    const scope = and(Articles.visible, inGroup);
    return searchArticles(this.options.db, this.options.match, this, query, scope);
  }

  /** What the site index reads of the articles (article-search.ts), with the stamp that says when to read again. */
  readonly index = {
    stamp: () => articleIndexStamp(this.options.db, Articles.visible),
    versions: () => articleIndexVersions(this.options.db, Articles.visible),
    rows: (ids: readonly string[]) => articleIndexRows(this.options.db, Articles.visible, ids),
  };

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

  /** Slugs of published articles, for the sitemap (sample articles stay out). */
  async publishedSlugs(): Promise<string[]> {
    const rows = await this.options.db
      .select({ slug: articles.slug })
      .from(articles)
      .where(and(Articles.visible, isNull(articles.sample)));
    return rows.map((row) => row.slug!).filter(Boolean);
  }
}
