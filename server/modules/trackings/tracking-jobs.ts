import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { everyMinutes, type JobArea } from '../../jobs.ts';
import type { TrackingChecks } from './tracking-checks.ts';

/** The queue of tracking check cycles; a job's `at` (ISO time) is the cycle's clock, its creation time when absent. */
export const TRACKING_CYCLE_QUEUE = 'tracking-cycle';

/** A cycle of 10,000 trackings takes about a minute; one that runs past this is taken to have died with its process and is retried. */
const CYCLE_EXPIRE_S = 15 * 60;

export async function ensureQueues(boss: PgBoss): Promise<void> {
  // Standard policy: two cycles at once are safe (each tracking is written only over the version it read).
  await boss.createQueue(TRACKING_CYCLE_QUEUE, {
    name: TRACKING_CYCLE_QUEUE,
    policy: 'standard',
    expireInSeconds: CYCLE_EXPIRE_S,
    retryLimit: 2,
    retryDelay: 30,
  });
}

/** Asks for a cycle at `at` (tests and benchmarks drive the clock this way). */
export async function requestCycle(boss: PgBoss, at: Date): Promise<string | null> {
  return boss.send(TRACKING_CYCLE_QUEUE, { at: at.toISOString() });
}

/**
 * Runs tracking check cycles: every TRACKING_CHECK_INTERVAL_MIN minutes by pg-boss's cron, and
 * whenever a cycle is asked for.
 */
export function trackingJobs(options: {
  checks: TrackingChecks;
  intervalMinutes: number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}): JobArea {
  return async (boss) => {
    await ensureQueues(boss);
    await boss.schedule(
      TRACKING_CYCLE_QUEUE,
      everyMinutes(options.intervalMinutes),
      {},
      { tz: 'UTC' },
    );
    await boss.work<{ at?: string }>(
      TRACKING_CYCLE_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        const at = job.data?.at ? new Date(job.data.at) : job.createdOn;
        const report = await options.checks.runCycle(at);
        options.log.info({ cycle: report }, 'tracking check cycle');
      },
    );
  };
}
