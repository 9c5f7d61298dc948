import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { AwardSearch } from '../awards/index.ts';
import type { NoticeWriter } from '../notices/index.ts';
import type { MailDelivery } from '../mail/index.ts';
import { TrackingChecks } from './tracking-checks.ts';
import { trackingJobs } from './tracking-jobs.ts';
import { TrackingLinks } from './tracking-links.ts';

/** The tracking checks as the server and `npm run worker` both build them. */
export function trackingChecksFromConfig(options: {
  config: Config;
  database: Database;
  secret: string;
  search: () => Promise<AwardSearch>;
  mail: MailDelivery;
  notices: NoticeWriter;
  log: FastifyBaseLogger;
}) {
  const links = new TrackingLinks(options.config.PUBLIC_URL, options.secret);
  const checks = new TrackingChecks({
    db: options.database.db,
    search: options.search,
    links,
    delivered: (mailIds) => options.mail.deliverNowMany(mailIds),
    notices: options.notices,
    log: options.log,
    // The embedded database runs each statement on the server's own thread and one transaction at
    // a time: smaller batches let requests in between (docs/trackings.md#checks).
    batchSize: options.database.kind === 'pglite' ? 50 : 200,
  });
  return {
    links,
    checks,
    jobs: trackingJobs({
      checks,
      intervalMinutes: options.config.TRACKING_CHECK_INTERVAL_MIN,
      log: options.log,
    }),
  };
}
