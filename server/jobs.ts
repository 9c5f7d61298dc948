import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from './db/client.ts';

/** pg-boss over the app's own database connection (PGlite or the PostgreSQL pool). */
export function jobQueue(database: Database, options: { work: boolean }): PgBoss {
  return new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    // A process that only sends (a test, a benchmark) leaves maintenance and cron to the workers.
    supervise: options.work,
    schedule: options.work,
  });
}

/** An area's background jobs: makes its queues and schedules, and works them. */
export type JobArea = (boss: PgBoss) => Promise<void>;

/**
 * The background jobs (tracking checks, sponsorship renewals) on one pg-boss: in the server
 * (JOBS=in-process) or in `npm run worker` processes. Crons live in the database, so however many
 * processes work, each schedule fires once.
 */
export async function startJobs(options: {
  database: Database;
  areas: JobArea[];
  log: Pick<FastifyBaseLogger, 'error'>;
}): Promise<{ boss: PgBoss; stop(): Promise<void> }> {
  const boss = jobQueue(options.database, { work: true });
  boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const area of options.areas) await area(boss);
  return {
    boss,
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

/** A cron that fires every `minutes` minutes past the hour (60: on the hour). */
export function everyMinutes(minutes: number): string {
  return minutes >= 60 ? '0 * * * *' : `*/${minutes} * * * *`;
}
