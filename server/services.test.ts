import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { testConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { createTestDatabase } from './test/database.ts';
import { startWorker } from './worker.ts';

/**
 * The server and `npm run worker` build their services in one place (server/services.ts); what a
 * process starts shows in the database as pg-boss queues and schedules. Both must start the same.
 */
async function queuesAndSchedules(
  database: Database,
): Promise<{ queues: string[]; schedules: string[] }> {
  const queues = await database.executeSql('SELECT name FROM pgboss.queue ORDER BY name');
  const schedules = await database.executeSql('SELECT name FROM pgboss.schedule ORDER BY name');
  const names = (result: { rows: unknown[] }) =>
    (result.rows as { name: string }[]).map((row) => row.name);
  return { queues: names(queues), schedules: names(schedules) };
}

describe('one composition root for the server and the worker', () => {
  const closing: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closing.reverse()) await close();
  });

  it('starts the same job areas, queues and schedules in the server (JOBS=in-process) and in a worker', async () => {
    const config = testConfig({
      JOBS: 'in-process',
      AWARD_SIMULATION_AIRPORTS: 'TPE,NRT',
      AWARD_SIMULATION_DAYS: 3,
    });

    const serverDb = await createTestDatabase();
    const app = await buildApp({ config, database: serverDb.database, logger: false });
    closing.push(serverDb.drop, () => app.close());
    await app.ready();
    const inServer = await queuesAndSchedules(serverDb.database);

    const workerDb = await createTestDatabase();
    const worker = await startWorker(config, workerDb.database, pino({ level: 'silent' }));
    closing.push(workerDb.drop, worker.stop);
    const inWorker = await queuesAndSchedules(workerDb.database);

    expect(worker.areas).toEqual([
      'trackings',
      'sponsorships',
      'storefront',
      'shop',
      'articles',
      'newsletter',
      'assistant',
    ]);
    expect(inServer.queues.length).toBeGreaterThanOrEqual(worker.areas.length);
    expect(inWorker).toEqual(inServer);
  });
});
