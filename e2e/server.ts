import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../server/app.ts';
import { testConfig, type Config } from '../server/config.ts';
import { createTestDatabase } from '../server/test/database.ts';
import { freePort } from '../server/test/free-port.ts';

export const WEB_DIST = 'dist/web';

/** A simulated inventory of six airports over 60 days: built in a moment, for tests that need few routes. */
export const SMALL_INVENTORY = {
  AWARD_SIMULATION_AIRPORTS: 'TPE,TSA,LAX,SFO,NRT,HND',
  AWARD_SIMULATION_DAYS: 60,
} as const;

/**
 * The real server on the built web app, on a free loopback port, with its own fresh database
 * (PGlite in memory, or a new PostgreSQL database when DATABASE_URL names a server).
 */
export async function startServer(
  overrides: Partial<Config> = {},
  options: Pick<BuildAppOptions, 'now' | 'storefront'> = {},
): Promise<{ app: FastifyInstance; baseUrl: string; port: number; stop(): Promise<void> }> {
  if (!existsSync(`${WEB_DIST}/index.html`))
    throw new Error('The web app is not built: run `npm run build` (npm test does it).');
  const { database, drop } = await createTestDatabase();
  // Links in e-mails name the configured address, so the port is chosen before the server starts.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = await buildApp({
    config: testConfig({
      WEB_DIST,
      SEED_DEMO: true,
      SHARES_SAMPLE_DATA: true,
      ANALYTICS: 'log',
      RATE_LIMIT_SCALE: 100,
      PORT: port,
      PUBLIC_URL: baseUrl,
      ...overrides,
    }),
    database,
    ...options,
  });
  await app.listen({ host: '127.0.0.1', port });
  return {
    app,
    port,
    baseUrl,
    stop: async () => {
      // A browser may still hold keep-alive connections; tests do not wait for them.
      app.server.closeAllConnections();
      await step('closing the server', app.close());
      await step('dropping the test database', drop());
    },
  };
}

/** Fails loudly, naming the step, instead of hanging a test until its timeout. */
async function step<T>(name: string, promise: Promise<T>, ms = 20_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Test server: ${name} took over ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
