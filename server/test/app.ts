import type { FastifyInstance } from 'fastify';
import { CSRF_COOKIE, CSRF_COOKIE_SECURE, SESSION_COOKIE } from '../../core/api.ts';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { csrfToken } from '../plugins/csrf.ts';
import { testConfig, type Config } from '../config.ts';
import { createTestDatabase } from './database.ts';

/** An app on a fresh database; call `close()` in afterAll. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Pick<BuildAppOptions, 'now' | 'storefront'> = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
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

/**
 * Headers and cookies that pass the CSRF check, as the web app sends them: a token signed with the
 * tests' secret and bound to the session among `cookies` (none: a visitor's). The session cookie
 * comes back with them, so a request can spread the result alone.
 */
export function csrf(cookies: Record<string, string> = {}) {
  const session = cookies[SESSION_COOKIE];
  const token = csrfToken(testConfig().APP_SECRET ?? '', session);
  return {
    headers: { 'x-csrftoken': token, 'x-requested-with': 'XMLHttpRequest' },
    // Both names: a server on https (PUBLIC_URL) reads the `__Host-` one.
    cookies: {
      ...(session ? { [SESSION_COOKIE]: session } : {}),
      [CSRF_COOKIE]: token,
      [CSRF_COOKIE_SECURE]: token,
    },
  };
}

/** A change through the API as a signed-in member sends it (CSRF token and session), with a JSON body. */
export function sendAs(app: FastifyInstance, cookies: Record<string, string>) {
  return (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) => {
    const token = csrf(cookies);
    return app.inject({
      method,
      url,
      headers: token.headers,
      cookies: { ...token.cookies, ...cookies },
      ...(payload ? { payload } : {}),
    });
  };
}
