import type { FastifyBaseLogger } from 'fastify';
import { listSetting, type Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { JobArea } from '../../jobs.ts';
import type { MailDelivery } from '../mail/index.ts';
import type { NoticeWriter } from '../notices/index.ts';
import { NewsletterIssues } from './issues.service.ts';
import { NewsletterLinks, unsubscribeMailbox } from './newsletter-links.ts';
import { NewsletterSender } from './newsletter-sender.ts';
import { productContent, type ProductSources } from './product-content.ts';
import { Subscriptions } from './subscriptions.service.ts';

export const NEWSLETTER_QUEUE = 'newsletter-send';
/** A round sends for this long, then leaves the rest to the next round (every minute). */
const ROUND_MS = 50_000;

/**
 * The sender's job: every minute (and at once when a process starts, so a restarted worker
 * resumes without waiting for the minute) a round starts the issues that are due and sends.
 * Rounds in several processes wait on each issue's lease, so one sends at a time.
 */
function newsletterJobs(sender: NewsletterSender, log: Pick<FastifyBaseLogger, 'error'>): JobArea {
  return async (boss) => {
    await boss.createQueue(NEWSLETTER_QUEUE, {
      name: NEWSLETTER_QUEUE,
      policy: 'standard',
      expireInSeconds: 5 * 60,
      retryLimit: 0,
    });
    await boss.schedule(NEWSLETTER_QUEUE, '* * * * *', {}, { tz: 'UTC' });
    await boss.work(NEWSLETTER_QUEUE, { batchSize: 1, pollingIntervalSeconds: 2 }, async () => {
      await sender
        .round(ROUND_MS)
        .catch((error: unknown) => log.error({ err: error }, 'newsletter round failed'));
    });
    await boss.send(NEWSLETTER_QUEUE, {});
  };
}

/** The newsletter as the server and `npm run worker` build it. */
export function newsletterFromConfig(options: {
  config: Config;
  database: Database;
  secret: string;
  mail: MailDelivery;
  product: ProductSources;
  log: FastifyBaseLogger;
  now?: () => Date;
  notices?: NoticeWriter;
}) {
  const { config } = options;
  const links = new NewsletterLinks(config.PUBLIC_URL, options.secret, unsubscribeMailbox(config));
  const product = productContent({
    ...options.product,
    absolute: (path) => links.absolute(path),
    now: options.now ?? (() => new Date()),
  });
  const delivered = (mailId: number) => options.mail.deliverNow(mailId);
  const now = options.now ? { now: options.now } : {};
  const subscriptions = new Subscriptions({
    db: options.database.db,
    links,
    delivered,
    blockedDomains: listSetting(config.BLOCKED_EMAIL_DOMAINS),
    ...now,
    ...(options.notices ? { notices: options.notices } : {}),
  });
  const issues = new NewsletterIssues({
    db: options.database.db,
    links,
    product,
    postalAddress: config.NEWSLETTER_POSTAL_ADDRESS,
    delivered,
    ...now,
  });
  const sender = new NewsletterSender({
    db: options.database.db,
    mail: options.mail,
    links,
    product,
    postalAddress: config.NEWSLETTER_POSTAL_ADDRESS,
    ratePerMinute: config.NEWSLETTER_RATE_PER_MIN,
    leaseSeconds: config.NEWSLETTER_LEASE_S,
    log: options.log,
    ...now,
  });
  return { links, subscriptions, issues, sender, jobs: newsletterJobs(sender, options.log) };
}

export type Newsletter = ReturnType<typeof newsletterFromConfig>;
