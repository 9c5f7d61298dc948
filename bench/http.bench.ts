/**
 * `npm run bench:http`: requests a second and p99 latency of the built server (production mode, on
 * the embedded database, a demonstration as `npm start` runs it), next to a bare Fastify
 * hello-world on the same machine, measured with autocannon. Each target runs BENCH_SECONDS
 * (default 10) with BENCH_CONNECTIONS (default 50) connections, after a short warm-up:
 *
 * - a cached public page (`/faq`, served from the page cache);
 * - the card API (`/api/cards`, the whole catalogue);
 * - an award search from cache (`/api/awards/samples`: the landing's sample searches, worked out by
 *   the award engine once and then served from its cache);
 * - a bare Fastify hello-world, the ceiling on this machine.
 *
 * Prints a table, then as its last line one line of JSON.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort } from '../server/test/free-port.ts';
import { startBuiltServer, waitFor } from './built-server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function measure(url: string): Promise<{ rps: number; p99_ms: number; errors: number }> {
  // A short warm-up: the first requests fill caches and JIT, which the figures are not about.
  await autocannon({ url, connections: 10, duration: 2 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return {
    rps: Math.round(result.requests.average),
    p99_ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

console.log('Building if anything changed…');
execFileSync('npx', ['tsx', 'scripts/build-if-stale.ts'], {
  stdio: ['ignore', 'ignore', 'inherit'],
});

const children: ChildProcess[] = [];
try {
  // Measured, not refused: the bench is one client asking as fast as it can.
  const { base: app, server } = await startBuiltServer({ RATE_LIMIT_SCALE: '1000000' });
  children.push(server);
  const helloPort = await freePort();
  const hello = `http://127.0.0.1:${helloPort}`;
  children.push(
    spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import Fastify from 'fastify';
         const app = Fastify({ logger: false });
         app.get('/', async () => ({ hello: 'world' }));
         await app.listen({ host: '127.0.0.1', port: ${helloPort} });`,
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    ),
  );
  await waitFor(`${app}/readyz`, 180_000);
  await waitFor(hello, 30_000);
  // The simulated inventory builds at start; the samples wait for it once.
  await fetch(`${app}/api/awards/samples?lang=en`);

  const targets = {
    'cached page /faq': `${app}/faq`,
    'card API /api/cards': `${app}/api/cards`,
    'award search from cache /api/awards/samples': `${app}/api/awards/samples?lang=en`,
    'bare Fastify hello-world': hello,
  };
  const figures: Record<string, { rps: number; p99_ms: number; errors: number }> = {};
  for (const [name, url] of Object.entries(targets)) {
    figures[name] = await measure(url);
    console.log(
      `${name.padEnd(46)} ${String(figures[name].rps).padStart(7)} req/s   p99 ${String(figures[name].p99_ms).padStart(5)} ms   errors ${figures[name].errors}`,
    );
  }
  console.log(
    JSON.stringify({
      bench: 'http',
      seconds: SECONDS,
      connections: CONNECTIONS,
      cores: (await import('node:os')).availableParallelism(),
      figures,
    }),
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
}
