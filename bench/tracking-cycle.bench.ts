/**
 * `npm run bench:tracking`: one full tracking check cycle over 10,000 active trackings on the
 * full simulated inventory, while a second process keeps asking the API. The trackings
 * are spread as members make them: popular Asia-Pacific and trans-Pacific routes first, one to
 * three dates from a week to six months out, every cabin, mostly nonstop or one stop.
 *
 * It takes the baselines in a first cycle, then times the cycle an hour later (seats have moved,
 * so it records changes and queues e-mails). Prints the wall time, checks per second, e-mails
 * queued and the API's latency during the cycle; the last line is one line of JSON.
 * Embedded PGlite by default, PostgreSQL when DATABASE_URL is set. BENCH_TRACKINGS changes the count;
 * BENCH_PROFILE=<dir> has the cycle worker (PostgreSQL) write CPU profiles of its threads there.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import {
  openAwardQuery,
  type AwardQuery,
  type Cabin,
  type StopsChoice,
} from '../core/awards/search.ts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import { members, trackings } from '../server/db/schema/index.ts';
import { createTestDatabase } from '../server/test/database.ts';
import { seededRandom } from '../core/seeded-random.ts';

const TRACKINGS = Number(process.env.BENCH_TRACKINGS ?? 10_000);
const HOUR = 3_600_000;
const PAIRS: [string, string, number][] = [
  // origin, destination, weight (how often members watch it)
  ['TPE', 'LAX', 10],
  ['TPE', 'SFO', 8],
  ['TPE', 'NRT', 9],
  ['TPE', 'HND', 7],
  ['TPE', 'SEA', 5],
  ['TPE', 'JFK', 5],
  ['LAX', 'TPE', 8],
  ['SFO', 'TPE', 7],
  ['TPE', 'BKK', 4],
  ['TPE', 'SIN', 4],
  ['TPE', 'ICN', 4],
  ['TPE', 'HKG', 3],
  ['KHH', 'NRT', 3],
  ['TPE', 'YVR', 3],
  ['LAX', 'HND', 4],
  ['SFO', 'NRT', 4],
  ['JFK', 'HND', 3],
  ['SEA', 'ICN', 2],
  ['LAX', 'ICN', 3],
  ['ORD', 'NRT', 2],
  ['TPE', 'LHR', 2],
  ['TPE', 'CDG', 2],
  ['TPE', 'SYD', 2],
  ['HKG', 'SFO', 2],
  ['TPE', 'KIX', 3],
  ['TPE', 'FUK', 2],
  ['TPE', 'OKA', 2],
  ['JFK', 'LHR', 2],
  ['LAX', 'SYD', 2],
  ['SFO', 'SIN', 2],
];
const CABINS: [Cabin, number][] = [
  ['business', 45],
  ['economy', 30],
  ['first', 10],
  ['premium', 15],
];
const STOPS: [StopsChoice, number][] = [
  ['direct', 40],
  ['one', 50],
  ['two', 10],
];

const next = seededRandom(20261121);
function pick<T>(choices: readonly (readonly [...unknown[]])[], index: number): T {
  const total = choices.reduce((sum, choice) => sum + (choice[index] as number), 0);
  let roll = next() * total;
  for (const choice of choices) {
    roll -= choice[index] as number;
    if (roll < 0) return choice as unknown as T;
  }
  return choices[choices.length - 1] as unknown as T;
}
const dayAfter = (now: Date, days: number) =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

function trackingQuery(now: Date): AwardQuery {
  const [origin, destination] = pick<[string, string, number]>(PAIRS, 2);
  const [cabin] = pick<[Cabin, number]>(CABINS, 1);
  const [stops] = pick<[StopsChoice, number]>(STOPS, 1);
  const first = 7 + Math.floor(next() ** 1.5 * 173);
  const length = next() < 0.6 ? 1 : next() < 0.7 ? 2 : 3;
  const query = openAwardQuery({
    origin,
    destination,
    dates: { from: dayAfter(now, first), to: dayAfter(now, first + length - 1) },
    cabin,
    stops,
    seats: next() < 0.7 ? 1 : 2,
  });
  return next() < 0.1
    ? { ...query, airlines: [['BR', 'CI', 'JL', 'NH', 'UA'][Math.floor(next() * 5)] as string] }
    : query;
}

/** A second process asking the API steadily (a search-panel suggestion, the tracking list, a health check), reporting each latency. */
function startProbe(baseUrl: string, cookie: string) {
  const script = `
    const urls = ['/api/awards/places?q=tai', '/api/trackings', '/readyz'];
    let stop = false; process.stdin.on('end', () => { stop = true; }); process.stdin.resume();
    (async () => {
      for (let i = 0; !stop; i += 1) {
        const url = urls[i % urls.length];
        const started = performance.now();
        const response = await fetch(${JSON.stringify(baseUrl)} + url, { headers: { cookie: ${JSON.stringify(cookie)} } });
        await response.arrayBuffer();
        console.log(JSON.stringify({ ms: performance.now() - started, status: response.status }));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      process.exit(0);
    })();`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const samples: { ms: number; status: number }[] = [];
  let recording = false;
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (recording) samples.push(JSON.parse(line) as { ms: number; status: number });
  });
  return {
    record: (on: boolean) => void (recording = on),
    samples,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.stdin.end();
      }),
  };
}

type CycleReport = Awaited<ReturnType<FastifyInstance['trackingChecks']['runCycle']>>;

/** bench/tracking-cycle-worker.ts in its own process: cycles on request, reports as they end. */
async function startCycleWorker(url: string) {
  // BENCH_PROFILE=<dir>: the worker writes CPU profiles of its threads there (open them in DevTools).
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', 'bench/tracking-cycle-worker.ts'],
    {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error('the cycle worker ended');
    return value as string;
  };
  if ((await nextLine()) !== 'ready') throw new Error('the cycle worker did not start');
  return {
    cycle: async (at: Date) => {
      child.stdin.write(`${at.toISOString()}\n`);
      return JSON.parse(await nextLine()) as CycleReport;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.stdin.end();
      }),
  };
}

async function main() {
  const { database, url, drop } = await createTestDatabase();
  const app = await buildApp({
    config: testConfig({ LOG_LEVEL: 'warn', PUBLIC_URL: 'https://tripplus.example' }),
    database,
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const now = new Date();
  console.log(
    `database: ${database.kind}; cycles in ${database.kind === 'postgres' ? 'a worker process of their own' : "the API's process"}; building the full simulated inventory…`,
  );
  const built = performance.now();
  await app.trackingChecks.ready();
  console.log(`inventory ready in ${Math.round(performance.now() - built)} ms`);

  const memberCount = Math.ceil(TRACKINGS / 5);
  const memberRows: { id: string }[] = [];
  for (let from = 0; from < memberCount; from += 1000) {
    const chunk = Array.from({ length: Math.min(1000, memberCount - from) }, (_, index) => ({
      account: `tp_bench_${from + index}`,
      email: `bench${from + index}@example.com`,
      name: `Bench ${from + index}`,
      activatedAt: now,
      plan: 'sponsor-more' as const,
    }));
    memberRows.push(
      ...(await database.db.insert(members).values(chunk).returning({ id: members.id })),
    );
  }
  for (let from = 0; from < TRACKINGS; from += 1000) {
    const chunk = Array.from({ length: Math.min(1000, TRACKINGS - from) }, (_, index) => ({
      memberId: (memberRows[(from + index) % memberRows.length] as { id: string }).id,
      query: trackingQuery(now),
      keepTracking: next() < 0.5,
    }));
    await database.db.insert(trackings).values(chunk);
  }
  const distinct = new Set(
    (await database.db.select({ query: trackings.query }).from(trackings)).map((row) =>
      JSON.stringify(row.query),
    ),
  ).size;
  console.log(`${TRACKINGS} trackings (${distinct} distinct queries) for ${memberCount} members`);

  // On PostgreSQL the cycles run in a worker process of their own, as production runs them; the
  // embedded database is one process's, so there they run in the API's process.
  const worker = database.kind === 'postgres' && url ? await startCycleWorker(url) : null;
  const runCycle = (at: Date): Promise<CycleReport> =>
    worker ? worker.cycle(at) : app.trackingChecks.runCycle(at);
  const baseline = await runCycle(new Date(now.getTime() + HOUR));
  console.log(
    `baseline cycle: ${(baseline.ms / 1000).toFixed(1)} s, ${baseline.baselines} baselines, ${baseline.searches} searches, ${baseline.problems} problems`,
  );

  // A member session for the probe's tracking list.
  const { sessions } = await import('../server/db/schema/index.ts');
  const { randomToken, sha256 } = await import('../server/modules/auth/tokens.ts');
  const token = randomToken();
  await database.db.insert(sessions).values({
    tokenHash: sha256(token),
    memberId: (memberRows[0] as { id: string }).id,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  const probe = startProbe(baseUrl, `SF_SID=${token}`);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const idle = [...probe.samples];
  probe.record(true);
  const cycle = await runCycle(new Date(now.getTime() + 2 * HOUR));
  probe.record(false);
  await probe.stop();
  await worker?.stop();

  const latencies = probe.samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const failures = probe.samples.filter((sample) => sample.status !== 200).length;
  const seconds = cycle.ms / 1000;
  console.log(
    `measured cycle: ${seconds.toFixed(1)} s for ${cycle.checked} checks (${Math.round(cycle.checked / seconds)} checks/s), ${cycle.searches} searches, ${cycle.changes} changes, ${cycle.emails} e-mails queued, ${cycle.problems} problems`,
  );
  console.log(
    `API during the cycle: ${latencies.length} requests, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies[latencies.length - 1] ?? 0).toFixed(1)} ms, ${failures} failed (${idle.length} before it)`,
  );
  const rss = Math.round(process.memoryUsage().rss / 1_048_576);
  await app.close();
  await drop();
  console.log(
    JSON.stringify({
      trackings: TRACKINGS,
      distinct_queries: distinct,
      database: database.kind,
      cycle_process: worker ? 'worker' : 'api',
      baseline_cycle_s: Math.round(baseline.ms / 100) / 10,
      cycle_s: Math.round(cycle.ms / 100) / 10,
      checks_per_s: Math.round(cycle.checked / seconds),
      searches: cycle.searches,
      changes: cycle.changes,
      emails_queued: cycle.emails,
      problems: cycle.problems,
      api_requests: latencies.length,
      api_p50_ms: Math.round(percentile(latencies, 50) * 10) / 10,
      api_p99_ms: Math.round(percentile(latencies, 99) * 10) / 10,
      api_failures: failures,
      rss_mb: rss,
    }),
  );
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
