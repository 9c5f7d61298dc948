import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { onPostgres } from '../server/test/on-postgres.ts';
import { startOAuthProvider } from '../server/test/oauth-provider.ts';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
    /** The same server on React's development build (`npm run build:dev`), for the page sweeps. */
    devBaseUrl: string;
  }
}

/**
 * One server for all browser tests (each test file opens its own browser against it), with
 * Facebook sign-in pointed at a local OAuth 2.0 provider on loopback; and, in the embedded-database
 * pass, a second one serving React's development build, which the English and Traditional Chinese
 * page sweeps share.
 */
export default async function setup(project: TestProject) {
  // The PostgreSQL pass runs only the crash tests, which start servers and workers of their own.
  if (onPostgres()) {
    project.provide('baseUrl', '');
    project.provide('port', 0);
    project.provide('devBaseUrl', '');
    return async () => {};
  }
  const provider = await startOAuthProvider({
    clientId: 'tripplus-e2e',
    clientSecret: 'e2e-provider-secret',
  });
  provider.setUser({ id: '31337', name: 'Social Sam', email: 'sam.social@example.com' });
  const [server, development] = await Promise.all([
    startServer({ ...provider.settings }),
    !existsSync('dist/web-dev/index.html') ? undefined : startServer({ WEB_DIST: 'dist/web-dev' }),
  ]);
  // The award landing page waits for the simulated inventory the first time it is asked for: built
  // here, once per server, so no test's first visit waits on it, whichever file runs first.
  await Promise.all(
    [server, development].map((each) => each && fetch(`${each.baseUrl}/awardplus`)),
  );
  project.provide('baseUrl', server.baseUrl);
  project.provide('port', server.port);
  project.provide('devBaseUrl', development?.baseUrl ?? '');
  return async () => {
    await development?.stop();
    await server.stop();
    await provider.close();
  };
}
