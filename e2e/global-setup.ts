import type { TestProject } from 'vitest/node';
import { startOAuthProvider } from '../server/test/oauth-provider.ts';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
  }
}

/**
 * One server for all browser tests (each test file opens its own browser against it), with
 * Facebook sign-in pointed at a local OAuth 2.0 provider on loopback.
 */
export default async function setup(project: TestProject) {
  const provider = await startOAuthProvider({ clientId: 'tripplus-e2e', clientSecret: 'e2e-provider-secret' });
  provider.setUser({ id: '31337', name: 'Social Sam', email: 'sam.social@example.com' });
  const server = await startServer({ ...provider.settings });
  // The award landing page waits for the simulated inventory the first time it is asked for: built
  // here, once, so no test's first visit waits on it, whichever file runs first.
  await fetch(`${server.baseUrl}/awardplus`);
  project.provide('baseUrl', server.baseUrl);
  project.provide('port', server.port);
  return async () => {
    await server.stop();
    await provider.close();
  };
}
