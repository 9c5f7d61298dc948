import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { everyMinutes, type JobArea } from '../../jobs.ts';
import { LocalImageStorage } from '../images/index.ts';
import type { ArticleMatcher } from './article-search.ts';
import { Articles, type EmbedLookup } from './articles.service.ts';
import { ArticleGroups } from './groups.service.ts';
import { syncSampleArticle } from './sample-article.ts';

export const MEDIA_CLEANUP_QUEUE = 'article-media-cleanup';

/**
 * Removes the pictures of deleted articles (docs/articles.md#pictures): every 15 minutes, the
 * folders the deletions listed. A folder removed twice is no harm, so a run that dies half-way is
 * finished by the next.
 */
function mediaCleanupJobs(articles: Articles, log: Pick<FastifyBaseLogger, 'info'>): JobArea {
  return async (boss) => {
    await boss.createQueue(MEDIA_CLEANUP_QUEUE, {
      name: MEDIA_CLEANUP_QUEUE,
      policy: 'singleton',
      expireInSeconds: 10 * 60,
      retryLimit: 2,
      retryDelay: 60,
    });
    await boss.schedule(MEDIA_CLEANUP_QUEUE, everyMinutes(15), {}, { tz: 'UTC' });
    await boss.work(MEDIA_CLEANUP_QUEUE, { batchSize: 1, pollingIntervalSeconds: 5 }, async () => {
      const removed = await articles.images.cleanUp();
      if (removed > 0) log.info({ removed }, 'pictures of deleted articles removed');
    });
  };
}

/** Articles as the server and `npm run worker` build them; the worker needs no live embeds. */
export async function articlesFromConfig(options: {
  config: Config;
  database: Database;
  embeds?: EmbedLookup;
  /** The site index's article search; the worker, which answers no search, leaves it out. */
  match?: ArticleMatcher;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const articles = new Articles({
    db: options.database.db,
    storage: new LocalImageStorage(config.MEDIA_DIR),
    limits: {
      maxImageBytes: config.ARTICLE_IMAGE_MAX_BYTES,
      maxImages: config.ARTICLE_MAX_IMAGES,
      maxChars: config.ARTICLE_MAX_CHARS,
    },
    embeds: options.embeds ?? (() => null),
    siteOrigin: config.PUBLIC_URL,
    now,
    match: options.match ?? (async () => ({ ids: new Map(), terms: [] })),
  });
  const groups = new ArticleGroups({ db: options.database.db, articles, now });
  await syncSampleArticle(options.database.db, config.SHARES_SAMPLE_DATA === true, {
    articles,
    groups,
  });
  return { articles, groups, jobs: mediaCleanupJobs(articles, options.log) };
}
