import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { NoticeWriter } from '../notices/index.ts';
import type { Payments } from '../payments/index.ts';
import { renewalJobs } from './renewal-jobs.ts';
import { Sponsorships } from './sponsorships.service.ts';

/** Sponsorships and their renewal job as the server and `npm run worker` both build them. */
export function sponsorshipsFromConfig(options: {
  config: Config;
  database: Database;
  payments: Payments;
  log: FastifyBaseLogger;
  now?: () => Date;
  notices?: NoticeWriter;
}) {
  const { config } = options;
  const sponsorships = new Sponsorships({
    db: options.database.db,
    payments: options.payments,
    prices: {
      sponsor: config.PRICE_SPONSOR,
      'sponsor-more': config.PRICE_SPONSOR_MORE,
      business: config.PRICE_BUSINESS,
    },
    timeZone: config.BILLING_TIME_ZONE,
    siteUrl: config.PUBLIC_URL,
    now: options.now ?? (() => new Date()),
    ...(options.notices ? { notices: options.notices } : {}),
    log: options.log,
  });
  return {
    sponsorships,
    jobs: renewalJobs({
      sponsorships,
      payments: options.payments,
      intervalMinutes: config.RENEWAL_CHECK_INTERVAL_MIN,
      log: options.log,
    }),
  };
}
