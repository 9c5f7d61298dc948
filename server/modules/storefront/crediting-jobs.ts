import type { FastifyBaseLogger } from 'fastify';
import { everyMinutes, type JobArea } from '../../jobs.ts';
import type { StorefrontOrders } from './orders.service.ts';
import type { PriceAlerts } from './price-alerts.service.ts';

export const CREDITING_QUEUE = 'storefront-crediting';

/**
 * The crediting job (docs/storefront.md#orders): every CREDITING_CHECK_INTERVAL_MIN minutes,
 * move reviewed orders on, give paid ones to the crediting partner, mark posted ones credited and
 * refund refused ones; then e-mail the price alerts a running sale meets. A singleton queue; every move is conditional anyway, so a run that dies
 * half-way is finished by the next without crediting or refunding twice.
 */
export function creditingJobs(options: {
  orders: StorefrontOrders;
  alerts: PriceAlerts;
  /** Reads staff's edits first: a campaign confirmed since the last run is priced in its alerts. */
  refresh?: () => Promise<void>;
  intervalMinutes: number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}): JobArea {
  return async (boss) => {
    await boss.createQueue(CREDITING_QUEUE, {
      name: CREDITING_QUEUE,
      policy: 'singleton',
      expireInSeconds: 10 * 60,
      retryLimit: 2,
      retryDelay: 30,
    });
    await boss.schedule(CREDITING_QUEUE, everyMinutes(options.intervalMinutes), {}, { tz: 'UTC' });
    await boss.work<{ at?: string }>(
      CREDITING_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        const at = job.data?.at ? new Date(job.data.at) : new Date();
        // Staff's latest edits if they can be read; crediting and refunds go on either way.
        await options
          .refresh?.()
          .catch((error: unknown) =>
            options.log.error({ err: error }, 'staff edits could not be read before crediting'),
          );
        const report = await options.orders.advance(at);
        if (report.released + report.submitted + report.credited + report.refunded > 0)
          options.log.info({ crediting: report }, 'storefront crediting');
        const alerted = await options.alerts.notify(at);
        if (alerted > 0) options.log.info({ priceAlerts: alerted }, 'storefront price alerts sent');
      },
    );
  };
}
