import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { Converter } from 'opencc-js/t2cn';
import {
  ARTICLES_PER_PAGE,
  type ArticleSearchQuery,
  type SnippetPart,
} from '../../../core/articles/articles.ts';
import type { Db } from '../../db/client.ts';
import { articles, members } from '../../db/schema/index.ts';

/**
 * Searching articles in any of the three scripts (docs/articles.md#search): the stored search text
 * and the query are both folded to one form (Unicode NFKC, lower case, Simplified script), so
 * '機場貴賓室' finds an article that says '机场贵宾室' and back. PostgreSQL's full-text parser does
 * not split Chinese into words, so matching is by substring, which pg_trgm's index serves.
 */
const toSimplified = Converter({ from: 'tw', to: 'cn' });

export function foldForSearch(text: string): string {
  return toSimplified(text.normalize('NFKC').toLowerCase());
}

/** The query's terms, folded: words split by spaces, at most eight, each at least one character. */
export function searchTerms(query: string): string[] {
  return [
    ...new Set(
      foldForSearch(query)
        .split(/[\s,，、]+/u)
        .filter(Boolean),
    ),
  ].slice(0, 8);
}

/** A LIKE pattern that matches the term literally anywhere. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Where each term occurs in a text, as [start, end) ranges of the original text. The folded text
 * has the original's length when every character folds to one (nearly always); when not, the
 * text is folded character by character so positions still line up.
 */
function matchRanges(text: string, terms: readonly string[]): [number, number][] {
  let folded = foldForSearch(text);
  if (folded.length !== text.length)
    folded = [...text]
      .map((character) => {
        const one = foldForSearch(character);
        return one.length === character.length ? one : character;
      })
      .join('');
  const ranges: [number, number][] = [];
  for (const term of terms) {
    let from = 0;
    for (;;) {
      const at = folded.indexOf(term, from);
      if (at < 0) break;
      ranges.push([at, at + term.length]);
      from = at + term.length;
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  // Overlapping matches (two terms sharing characters) become one.
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

function partsOf(
  text: string,
  ranges: readonly [number, number][],
  from: number,
  to: number,
): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let at = from;
  for (const [start, end] of ranges) {
    if (end <= from || start >= to) continue;
    if (start > at) parts.push({ text: text.slice(at, start), match: false });
    parts.push({ text: text.slice(Math.max(start, at), Math.min(end, to)), match: true });
    at = Math.min(end, to);
  }
  if (at < to) parts.push({ text: text.slice(at, to), match: false });
  return parts;
}

/** The whole text (a title) with its matches marked. */
export function highlight(text: string, terms: readonly string[]): SnippetPart[] {
  return partsOf(text, matchRanges(text, terms), 0, text.length);
}

/** About `length` characters of the text around its first match, matches marked, with ellipses where cut. */
export function snippet(text: string, terms: readonly string[], length = 140): SnippetPart[] {
  const flat = text.replace(/\s+/g, ' ');
  const ranges = matchRanges(flat, terms);
  const first = ranges[0]?.[0] ?? 0;
  const from = Math.max(0, Math.min(first - Math.floor(length / 3), flat.length - length));
  const to = Math.min(flat.length, from + length);
  const parts = partsOf(flat, ranges, from, to);
  if (from > 0) parts.unshift({ text: '…', match: false });
  if (to < flat.length) parts.push({ text: '…', match: false });
  return parts;
}

/** How well an article matches: the title's matches count most, then how often the body has them. */
export function matchScore(title: string, body: string, terms: readonly string[]): number {
  const foldedTitle = foldForSearch(title);
  const foldedBody = foldForSearch(body);
  let score = 0;
  for (const term of terms) {
    if (foldedTitle.includes(term)) score += 10;
    score += Math.min(10, foldedBody.split(term).length - 1);
  }
  return score;
}

/**
 * The page of articles that match (docs/articles.md#search): every term in the folded title and
 * text, the author's name if given, within `scope` (what readers may see, a group). Newest first
 * pages in the database; best match scores the newest 500 matches and pages those.
 */
export async function findArticles(
  db: Db,
  query: ArticleSearchQuery,
  scope: SQL | undefined,
): Promise<{ rows: (typeof articles.$inferSelect)[]; total: number; terms: string[] }> {
  const terms = searchTerms(query.q ?? '');
  const conditions: (SQL | undefined)[] = [
    scope,
    ...terms.map((term) => sql`${articles.searchText} LIKE ${likePattern(term)}`),
  ];
  const author = query.author?.trim();
  if (author) conditions.push(ilike(members.name, likePattern(author)));
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
  if (query.order === 'newest' || terms.length === 0) {
    const found = await base
      .orderBy(desc(articles.publishedAt))
      .limit(ARTICLES_PER_PAGE)
      .offset(page);
    return { rows: found.map((row) => row.article), total, terms };
  }
  const candidates = (await base.orderBy(desc(articles.publishedAt)).limit(500)).map(
    (found) => found.article,
  );
  const rows = candidates
    .map((row) => ({ row, score: matchScore(row.title, row.plainText, terms) }))
    .sort((a, b) => b.score - a.score)
    .slice(page, page + ARTICLES_PER_PAGE)
    .map((scored) => scored.row);
  return { rows, total, terms };
}
