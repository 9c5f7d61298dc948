import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ARTICLES_PER_PAGE,
  type ArticleHit,
  type ArticleSearchQuery,
} from '../../../core/articles/articles.ts';
import type { Db } from '../../db/client.ts';
import { articles, members } from '../../db/schema/index.ts';
import { highlight, snippet } from '../search/index.ts';
import { summariesOf } from './article-summaries.ts';
import { escapeLike } from '../../db/like.ts';

/**
 * Finds an article's words in the one site index (docs/articles.md#search): the ids of the
 * published articles holding every word of the query, with their scores, and the words to mark.
 */
export type ArticleMatcher = (q: string) => Promise<{ ids: Map<string, number>; terms: string[] }>;

/** The most matches a search pages through; a reader narrows a longer list with more words. */
const MATCHES_READ = 500;

/**
 * The page of articles that match (docs/articles.md#search): every word of the query, as the site
 * index reads them (any of the three scripts), the author's name if given, within `scope` (what
 * readers may see, a group). Best match pages by the index's score; newest by publication.
 */
async function findArticles(
  db: Db,
  match: ArticleMatcher,
  query: ArticleSearchQuery,
  scope: SQL | undefined,
): Promise<{ rows: (typeof articles.$inferSelect)[]; total: number; terms: string[] }> {
  const words = (query.q ?? '').trim();
  const found = words ? await match(words) : null;
  if (found && found.ids.size === 0) return { rows: [], total: 0, terms: found.terms };
  const ranked = found ? [...found.ids].sort((a, b) => b[1] - a[1]).slice(0, MATCHES_READ) : [];
  const conditions: (SQL | undefined)[] = [
    scope,
    found
      ? inArray(
          articles.id,
          ranked.map(([id]) => id),
        )
      : undefined,
  ];
  const author = query.author?.trim();
  if (author) conditions.push(ilike(members.name, `%${escapeLike(author)}%`));
  const where = and(...conditions);
  const base = db
    .select({ article: articles })
    .from(articles)
    .leftJoin(members, eq(members.id, articles.memberId))
    .where(where);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(articles)
    .leftJoin(members, eq(members.id, articles.memberId))
    .where(where);
  const page = (query.page - 1) * ARTICLES_PER_PAGE;
  const terms = found?.terms ?? [];
  if (query.order === 'newest' || !found) {
    const rows = await base
      .orderBy(desc(articles.publishedAt))
      .limit(ARTICLES_PER_PAGE)
      .offset(page);
    return { rows: rows.map((row) => row.article), total, terms };
  }
  const score = new Map(ranked);
  const rows = (await base)
    .map((row) => row.article)
    .sort((a, b) => (score.get(b.id) ?? 0) - (score.get(a.id) ?? 0))
    .slice(page, page + ARTICLES_PER_PAGE);
  return { rows, total, terms };
}

/** The search's answer: each article's list entry with its title and a snippet, matches marked. */
export async function searchArticles(
  db: Db,
  match: ArticleMatcher,
  parts: Parameters<typeof summariesOf>[1],
  query: ArticleSearchQuery,
  scope: SQL | undefined,
): Promise<{ hits: ArticleHit[]; total: number }> {
  const { rows, total, terms } = await findArticles(db, match, query, scope);
  const summaries = await summariesOf(db, parts, rows);
  return {
    total,
    hits: summaries.map((summary, index) => ({
      article: summary,
      title: highlight(summary.title, terms),
      snippet: snippet(rows[index]!.plainText, terms),
    })),
  };
}

/** A published article as the site index reads it: the readers' copy. */
export interface ArticleIndexRow {
  id: string;
  slug: string | null;
  title: string;
  text: string;
  language: string;
  publishedAt: Date | null;
  author: string | null;
}

/**
 * A stamp of what readers may see, which changes when an article is published, edited, taken back
 * or hidden by any process: the site index reads the articles again when it does.
 */
export async function articleIndexStamp(db: Db, visible: SQL | undefined): Promise<string> {
  const [row] = await db
    .select({
      all: count(),
      visible: sql<number>`count(*) filter (where ${visible})`,
      updated: sql<string>`coalesce(max(${articles.updatedAt})::text, '')`,
      published: sql<string>`coalesce(max(${articles.publishedAt})::text, '')`,
      hidden: sql<string>`coalesce(max(${articles.hiddenAt})::text, '')`,
    })
    .from(articles);
  return row ? Object.values(row).join('|') : '';
}

/**
 * Each published article's version as the index tells changes: its id and when it last changed
 * (an edit published, a publication), so only changed articles are read again.
 */
export async function articleIndexVersions(
  db: Db,
  visible: SQL | undefined,
): Promise<Map<string, string>> {
  const rows = await db
    .select({
      id: articles.id,
      version: sql<string>`${articles.updatedAt}::text || '|' || coalesce(${articles.publishedAt}::text, '')`,
    })
    .from(articles)
    .where(visible);
  return new Map(rows.map((row) => [row.id, row.version]));
}

/** The published articles of these ids, as the index reads them. */
export async function articleIndexRows(
  db: Db,
  visible: SQL | undefined,
  ids: readonly string[],
): Promise<ArticleIndexRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      text: articles.plainText,
      language: articles.language,
      publishedAt: articles.publishedAt,
      author: members.name,
    })
    .from(articles)
    .leftJoin(members, eq(members.id, articles.memberId))
    .where(and(visible, inArray(articles.id, [...ids])));
}
