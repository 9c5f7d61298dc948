import type { FastifyBaseLogger } from 'fastify';
import { everyMinutes, type JobArea } from '../../jobs.ts';
import type { ShopOrders } from './orders.service.ts';

export const SHOP_QUEUE = 'shop-orders';

/**
 * The shop's job (docs/shop.md#orders): every minute, holds past their 15 minutes give their stock
 * back, checkouts left at the bank's page are given up, and cancelled orders are refunded. A
 * singleton queue; every move is conditional, so a run that dies half-way is finished by the next.
 */
export function shopJobs(options: {
  orders: ShopOrders;
  log: Pick<FastifyBaseLogger, 'info'>;
}): JobArea {
  return async (boss) => {
    await boss.createQueue(SHOP_QUEUE, {
      name: SHOP_QUEUE,
      policy: 'singleton',
      expireInSeconds: 5 * 60,
      retryLimit: 2,
      retryDelay: 30,
    });
    await boss.schedule(SHOP_QUEUE, everyMinutes(1), {}, { tz: 'UTC' });
    await boss.work(SHOP_QUEUE, { batchSize: 1, pollingIntervalSeconds: 2 }, async () => {
      const report = await options.orders.advance();
      if (report.released + report.abandoned + report.refunded > 0)
        options.log.info({ shop: report }, 'shop orders moved on');
    });
  };
}
