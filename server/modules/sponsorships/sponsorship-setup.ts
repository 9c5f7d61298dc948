import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { parsePriceList, type PriceList } from '../../../core/payments/money.ts';
import type { Payments } from '../payments/payments.service.ts';
import { siteUrl } from '../trackings/tracking-setup.ts';
import { renewalJobs } from './renewal-jobs.ts';
import { Sponsorships } from './sponsorships.service.ts';

function prices(setting: string): PriceList {
  const parsed = parsePriceList(setting);
  // The settings schema has already refused a bad list at boot.
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.prices;
}

/** Sponsorships and their renewal job as the server and `npm run worker` both build them. */
export function sponsorshipsFromConfig(options: { config: Config; database: Database; payments: Payments; log: FastifyBaseLogger; now?: () => Date }) {
  const { config } = options;
  const sponsorships = new Sponsorships({
    db: options.database.db,
    payments: options.payments,
    prices: { sponsor: prices(config.PRICE_SPONSOR), 'sponsor-more': prices(config.PRICE_SPONSOR_MORE), business: prices(config.PRICE_BUSINESS) },
    timeZone: config.BILLING_TIME_ZONE,
    siteUrl: siteUrl(config),
    now: options.now ?? (() => new Date()),
    log: options.log,
  });
  return { sponsorships, jobs: renewalJobs({ sponsorships, intervalMinutes: config.RENEWAL_CHECK_INTERVAL_MIN, log: options.log }) };
}
