import { count, eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { ArticleImage } from '../../../core/articles/articles.ts';
import type { Db } from '../../db/client.ts';
import { articleImages, mediaRemovals } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { ImageRefused, processImage } from '../images/index.ts';
import type { ImageStorage } from '../images/index.ts';

type ImageRow = typeof articleImages.$inferSelect;

/** Every picture of an article lives under one folder, so deleting the article removes one prefix. */
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

function imageRefused(problem: string): AppError {
  return new AppError('IMAGE_REFUSED', {
    message: `The picture was refused: ${problem}.`,
    details: { problem },
  });
}

/**
 * The pictures of articles (docs/articles.md#pictures): converted to WebP widths in the image
 * storage, one row each; an article's folder is removed by the clean-up job after it is deleted.
 * The owner check is the caller's (Articles.addImage).
 */
export class ArticleImages {
  constructor(
    private readonly options: {
      db: Db;
      storage: ImageStorage;
      limits: { maxImageBytes: number; maxImages: number };
    },
  ) {}

  /** The pictures of these articles, by picture id. */
  async of(articleIds: string[]): Promise<Map<string, ArticleImage>> {
    if (articleIds.length === 0) return new Map();
    const rows = await this.options.db
      .select()
      .from(articleImages)
      .where(inArray(articleImages.articleId, articleIds));
    return new Map(rows.map((row) => [row.id, imageView(row)]));
  }

  /**
   * Checks, converts and stores one picture. The files are written first and the row last: a
   * picture the editor is told about has every width on disk, and files of a failed upload sit in
   * the article's folder until it goes.
   */
  async add(articleId: string, bytes: Buffer): Promise<ArticleImage> {
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

  /** Leaves the article's folder to the clean-up job, in the transaction that deletes the article. */
  async removeLater(tx: Pick<Db, 'insert'>, articleId: string): Promise<void> {
    await tx
      .insert(mediaRemovals)
      .values({ prefix: mediaPrefix(articleId) })
      .onConflictDoNothing();
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

  /** The image storage's file for a /media/ address, for the route that serves it. */
  media(key: string): Promise<Buffer | null> {
    return this.options.storage.get(key);
  }
}
