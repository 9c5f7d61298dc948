import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { testConfig, type Config } from '../config.ts';
import { createTestDatabase } from './database.ts';

/** An app on a fresh database; call `close()` in afterAll. */
export async function createTestApp(overrides: Partial<Config> = {}, options: { now?: () => Date } = {}): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const { database, drop } = await createTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), database, ...options });
  return {
    app,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** Headers and cookies that pass the CSRF check, as the web app sends them. */
export function csrf(token = 'test-csrf-token') {
  return {
    headers: { 'x-csrftoken': token, 'x-requested-with': 'XMLHttpRequest' },
    cookies: { csrftoken: token },
  };
}
