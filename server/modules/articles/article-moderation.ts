import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { articles } from '../../db/schema/index.ts';

/**
 * Articles in staff's report queue (docs/articles.md#safety): members report what they can read,
 * and staff hide it from readers (its author still sees it) or show it again.
 */
export class ArticleModeration {
  constructor(private readonly options: { db: Db; now: () => Date }) {}

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
}
