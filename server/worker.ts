import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { createLogger } from './logging.ts';
import { closeOnSignals, settingsOrExit } from './process.ts';
import { createServices } from './services.ts';

/**
 * `npm run worker`: the background jobs without the web server
 * (docs/architecture.md#background-jobs), for running them on other machines than the API. It
 * builds the same services as the server (server/services.ts) and works every job area: tracking
 * check cycles come from pg-boss (one cron in the database however many workers run); e-mails go
 * out from the outbox. It needs PostgreSQL: the embedded PGlite is one process's, and `npm start`
 * runs these jobs itself.
 */
export async function startWorker(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
): Promise<{ areas: string[]; stop(): Promise<void> }> {
  const services = await createServices(config, database, log);
  await services.awardSearch.start();
  const areas = await services.startJobs();
  await services.start();
  log.info(
    { areas, interval: config.TRACKING_CHECK_INTERVAL_MIN },
    'worker running: every job area and mail delivery',
  );
  return { areas, stop: () => services.stop() };
}

async function main(): Promise<void> {
  const config = settingsOrExit();
  if (!config.DATABASE_URL) {
    console.error(
      'npm run worker needs DATABASE_URL (PostgreSQL). On the embedded database, `npm start` runs the background jobs itself.',
    );
    process.exit(1);
  }
  const log = createLogger(config, 'worker');
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onIdleError: (error) =>
      log.warn({ err: error }, 'database connection lost; it will be replaced'),
  });
  const worker = await startWorker(config, database, log);
  closeOnSignals(async () => {
    await worker.stop();
    await database.close();
  }, log);
}

// Run as a program (not when a test imports startWorker).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
