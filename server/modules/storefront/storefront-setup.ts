import type { FastifyBaseLogger } from 'fastify';
import type { AwardSample } from '../../../core/awards/search.ts';
import type { ProgrammeRules } from '../../../core/guides/guide.ts';
import { cardData } from '../../../data/cards.ts';
import { guideData } from '../../../data/guides.ts';
import { programmes } from '../../../data/reference.ts';
import { storefrontData, type StorefrontData } from '../../../data/storefront.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Payments } from '../payments/index.ts';
import { StorefrontCatalogue } from './catalogue.ts';
import { creditingJobs } from './crediting-jobs.ts';
import { SandboxCreditingPartner } from './crediting-partner.ts';
import type { NoticeWriter } from '../notices/index.ts';
import { StorefrontOrders } from './orders.service.ts';
import { PriceAlerts } from './price-alerts.service.ts';

/** The storefront's catalogue, orders and crediting job as the server and `npm run worker` both build them. */
export function storefrontFromConfig(options: {
  config: Config;
  database: Database;
  payments: Payments;
  samples?: () => Promise<AwardSample[]>;
  log: FastifyBaseLogger;
  now?: () => Date;
  data?: StorefrontData;
  maintenance?: () => Promise<boolean>;
  /** A programme's rules as its guide states them (staff edit guides: the composition root's Guides). */
  guideRules?: (id: string) => ProgrammeRules | null;
  /** Reads staff's edits (the campaigns) before each crediting run. */
  refresh?: () => Promise<void>;
  notices?: NoticeWriter;
}) {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const catalogue = new StorefrontCatalogue({
    data: options.data ?? storefrontData(),
    names: (id) => programmes().get(id)?.name ?? cardData().hotelProgrammes.get(id)!.name,
    guideRules: options.guideRules ?? ((id) => guideData().guides.get(id)?.rules ?? null),
    samples: options.samples ?? (async () => []),
    now,
  });
  const partner =
    config.CREDITING_PARTNER === 'sandbox'
      ? new SandboxCreditingPartner({
          db: options.database.db,
          postingMinutes: config.SANDBOX_POSTING_MIN,
        })
      : null;
  const orders = new StorefrontOrders({
    db: options.database.db,
    catalogue,
    payments: options.payments,
    partner,
    siteUrl: config.PUBLIC_URL,
    spotCheckRate: config.STOREFRONT_SPOT_CHECK_RATE,
    random: Math.random,
    now,
    ...(options.maintenance ? { maintenance: options.maintenance } : {}),
    ...(options.notices ? { notices: options.notices } : {}),
    log: options.log,
  });
  const alerts = new PriceAlerts({
    db: options.database.db,
    catalogue,
    siteUrl: config.PUBLIC_URL,
    now,
    log: options.log,
  });
  return {
    catalogue,
    orders,
    alerts,
    jobs: creditingJobs({
      orders,
      alerts,
      ...(options.refresh ? { refresh: options.refresh } : {}),
      intervalMinutes: config.CREDITING_CHECK_INTERVAL_MIN,
      log: options.log,
    }),
  };
}
