/**
 * One tracking check cycle in a process of its own, as `npm run worker` runs it beside the web
 * servers (docs/operations.md#background-jobs): `npm run bench:tracking` starts it on PostgreSQL so
 * the cycle's work is off the API's process. Reads DATABASE_URL; prints `ready` once its
 * inventory is built; then for each instant read from standard input runs a cycle at it and prints
 * its report as one line of JSON. The compiled server's modules when the build is of these
 * sources, as production runs them.
 */
import { createInterface } from 'node:readline';
import { builtFromSources } from '../scripts/build-if-stale.ts';
import type * as ConfigModule from '../server/config.ts';
import type * as Client from '../server/db/client.ts';
import type * as Services from '../server/services.ts';

const root = builtFromSources() ? '../dist/node/server' : '../server';
const ext = builtFromSources() ? 'js' : 'ts';
const { testConfig } = (await import(`${root}/config.${ext}`)) as typeof ConfigModule;
const { openDatabase } = (await import(`${root}/db/client.${ext}`)) as typeof Client;
const { createServices } = (await import(`${root}/services.${ext}`)) as typeof Services;

const config = testConfig({
  LOG_LEVEL: 'warn',
  PUBLIC_URL: 'https://tripplus.example',
  DATABASE_URL: process.env.DATABASE_URL,
});
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: 'unused' });
const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  silent() {},
  level: 'silent',
  child() {
    return silent;
  },
};
const services = await createServices(
  config,
  database,
  silent as unknown as Parameters<typeof createServices>[2],
);
await services.trackingChecks.ready();
console.log('ready');
// Each line an instant: one cycle at it, its report printed; the end of the input ends the process.
for await (const line of createInterface({ input: process.stdin })) {
  const report = await services.trackingChecks.runCycle(new Date(line.trim()));
  console.log(JSON.stringify(report));
}
await services.stop();
await database.close();
process.exit(0);
