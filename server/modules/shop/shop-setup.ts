import type { FastifyBaseLogger } from 'fastify';
import { shopData, type ShopData } from '../../../data/shop.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Payments } from '../payments/index.ts';
import { ShopCarts } from './cart.service.ts';
import { ShopCatalogue } from './catalogue.ts';
import { ShopOrderViews } from './order-views.ts';
import { ShopOrders } from './orders.service.ts';
import { ShopStock } from './stock.service.ts';
import { shopJobs } from './shop-jobs.ts';

/** The shop's catalogue, carts, orders and job, as the server and `npm run worker` both build them. */
export function shopFromConfig(options: {
  config: Config;
  database: Database;
  payments: Payments;
  secret: string;
  log: FastifyBaseLogger;
  now: () => Date;
  data?: ShopData;
}) {
  const db = options.database.db;
  const { NODE_ENV, DEMO_MODE } = options.config;
  const catalogue = new ShopCatalogue({
    db,
    data: options.data ?? shopData(),
    now: options.now,
    sampleCodes: NODE_ENV !== 'production' || DEMO_MODE,
  });
  const carts = new ShopCarts({ db, catalogue });
  const siteUrl = options.config.PUBLIC_URL.replace(/\/$/, '');
  const views = new ShopOrderViews({
    db,
    catalogue,
    secret: options.secret,
    siteUrl,
    now: options.now,
  });
  const orders = new ShopOrders({
    db,
    catalogue,
    carts,
    payments: options.payments,
    views,
    siteUrl,
    now: options.now,
    log: options.log,
  });
  const stock = new ShopStock({ db, catalogue, now: options.now });
  return { catalogue, carts, orders, views, stock, jobs: shopJobs({ orders, log: options.log }) };
}
export type Shop = ReturnType<typeof shopFromConfig>;
