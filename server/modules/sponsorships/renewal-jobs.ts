import type { FastifyBaseLogger } from 'fastify';
import { everyMinutes, type JobArea } from '../../jobs.ts';
import type { Payments } from '../payments/index.ts';
import type { Sponsorships } from './sponsorships.service.ts';

export const RENEWAL_QUEUE = 'sponsorship-renewals';

/**
 * The renewal job: every RENEWAL_CHECK_INTERVAL_MIN minutes, settle the payments a crash left
 * pending, charge the sponsorships whose month is over and end the cancelled ones. A singleton queue: one run at a time is enough, and a
 * sponsorship is claimed before it is charged anyway.
 */
export function renewalJobs(options: {
  sponsorships: Sponsorships;
  payments: Payments;
  intervalMinutes: number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}): JobArea {
  return async (boss) => {
    await boss.createQueue(RENEWAL_QUEUE, {
      name: RENEWAL_QUEUE,
      policy: 'singleton',
      expireInSeconds: 15 * 60,
      retryLimit: 2,
      retryDelay: 60,
    });
    await boss.schedule(RENEWAL_QUEUE, everyMinutes(options.intervalMinutes), {}, { tz: 'UTC' });
    await boss.work<{ at?: string }>(
      RENEWAL_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        const at = job.data?.at ? new Date(job.data.at) : new Date();
        // First the payments a crash left pending, so a renewal never waits on one.
        const pending = await options.payments.reconcilePending(at);
        if (pending.withdrawn + pending.settled > 0)
          options.log.info({ pendingPayments: pending }, 'pending payments reconciled');
        const report = await options.sponsorships.renewDue(at);
        if (report.renewed + report.failed + report.ended > 0)
          options.log.info({ renewals: report }, 'sponsorship renewals');
      },
    );
  };
}
