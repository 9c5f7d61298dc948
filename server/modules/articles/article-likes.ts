import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { articleLikes } from '../../db/schema/index.ts';

/** Members' likes of articles: one per member and article, so liking twice changes nothing. */
export class ArticleLikes {
  constructor(private readonly db: Db) {}

  /** How many likes each of these articles has (absent: none). */
  async counts(articleIds: string[]): Promise<Map<string, number>> {
    if (articleIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: articleLikes.articleId, likes: count() })
      .from(articleLikes)
      .where(inArray(articleLikes.articleId, articleIds))
      .groupBy(articleLikes.articleId);
    return new Map(rows.map((row) => [row.id, row.likes]));
  }

  async likedBy(articleId: string, memberId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: articleLikes.articleId })
      .from(articleLikes)
      .where(and(eq(articleLikes.articleId, articleId), eq(articleLikes.memberId, memberId)));
    return row !== undefined;
  }

  /** Likes or unlikes; returns the article's count after. The caller checks readers may see it. */
  async set(memberId: string, articleId: string, liked: boolean): Promise<number> {
    if (liked)
      await this.db.insert(articleLikes).values({ articleId, memberId }).onConflictDoNothing();
    else
      await this.db
        .delete(articleLikes)
        .where(and(eq(articleLikes.articleId, articleId), eq(articleLikes.memberId, memberId)));
    return (await this.counts([articleId])).get(articleId) ?? 0;
  }
}
