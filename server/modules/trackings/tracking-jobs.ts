import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import type { TrackingChecks } from './tracking-checks.ts';

/** The queue of tracking check cycles; a job's `at` (ISO time) is the cycle's clock, its creation time when absent. */
export const TRACKING_CYCLE_QUEUE = 'tracking-cycle';

/** A cycle of 10,000 trackings takes about a minute; one that runs past this is taken to have died with its process and is retried. */
const CYCLE_EXPIRE_S = 15 * 60;

/** pg-boss over the app's own database connection (PGlite or the PostgreSQL pool). */
export function jobQueue(database: Database, options: { work: boolean }): PgBoss {
  return new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    // A process that only sends (a test, a benchmark) leaves maintenance and cron to the workers.
    supervise: options.work,
    schedule: options.work,
  });
}

export async function ensureQueues(boss: PgBoss): Promise<void> {
  // Standard policy: two cycles at once are safe (each tracking is written only over the version it read).
  await boss.createQueue(TRACKING_CYCLE_QUEUE, { name: TRACKING_CYCLE_QUEUE, policy: 'standard', expireInSeconds: CYCLE_EXPIRE_S, retryLimit: 2, retryDelay: 30 });
}

/** Asks for a cycle at `at` (tests and benchmarks drive the clock this way). */
export async function requestCycle(boss: PgBoss, at: Date): Promise<string | null> {
  return boss.send(TRACKING_CYCLE_QUEUE, { at: at.toISOString() });
}

/**
 * Runs tracking check cycles: every TRACKING_CHECK_INTERVAL_MIN minutes by pg-boss's cron (one
 * schedule in the database, however many workers run), and whenever a cycle is asked for.
 */
export async function startTrackingJobs(options: { database: Database; checks: TrackingChecks; intervalMinutes: number; log: Pick<FastifyBaseLogger, 'info' | 'error'> }): Promise<{ boss: PgBoss; stop(): Promise<void> }> {
  const boss = jobQueue(options.database, { work: true });
  boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  await boss.start();
  await ensureQueues(boss);
  const cron = options.intervalMinutes >= 60 ? '0 * * * *' : `*/${options.intervalMinutes} * * * *`;
  await boss.schedule(TRACKING_CYCLE_QUEUE, cron, {}, { tz: 'UTC' });
  await boss.work<{ at?: string }>(TRACKING_CYCLE_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true }, async ([job]) => {
    if (!job) return;
    const at = job.data?.at ? new Date(job.data.at) : job.createdOn;
    const report = await options.checks.runCycle(at);
    options.log.info({ cycle: report }, 'tracking check cycle');
  });
  return {
    boss,
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
