import { inArray } from 'drizzle-orm';
import type { ArticleSummary } from '../../../core/articles/articles.ts';
import type { Db } from '../../db/client.ts';
import { type articles, members } from '../../db/schema/index.ts';
import type { ArticleImages } from './article-images.ts';
import type { ArticleLikes } from './article-likes.ts';

/**
 * The list entries of article rows, with their cover, author's name and likes: three queries
 * for the whole list, not three per row.
 */
export async function summariesOf(
  db: Db,
  parts: { images: ArticleImages; likes: ArticleLikes },
  rows: (typeof articles.$inferSelect)[],
): Promise<ArticleSummary[]> {
  const ids = rows.map((row) => row.id);
  const covers = await parts.images.of(ids);
  const authors = new Map<string, string>();
  const memberIds = [
    ...new Set(rows.map((row) => row.memberId).filter((id): id is string => id !== null)),
  ];
  if (memberIds.length)
    for (const member of await db
      .select({ id: members.id, name: members.name })
      .from(members)
      .where(inArray(members.id, memberIds)))
      authors.set(member.id, member.name);
  const likes = await parts.likes.counts(ids);
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
