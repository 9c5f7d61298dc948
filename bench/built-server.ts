import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { freePort } from '../server/test/free-port.ts';

/** Resolves once `url` answers 200; throws after `ms`. */
export async function waitFor(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/**
 * The built server as `npm start` runs it, on the embedded database in memory, on a free loopback
 * port: production mode as a demonstration (no card processor but the sandbox exists yet).
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
): Promise<{ base: string; server: ChildProcess }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/node/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_MODE: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: 'memory://',
      APP_SECRET: randomBytes(24).toString('hex'),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { base, server };
}
