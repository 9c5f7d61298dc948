import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { openAwardQuery } from '../../core/awards/search.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox, members, trackingChanges, trackings } from '../db/schema/index.ts';
import { matchDigest } from '../modules/trackings/check-writes.ts';
import { jobQueue } from '../jobs.ts';
import { ensureQueues, requestCycle } from '../modules/trackings/tracking-jobs.ts';
import { createTestDatabase } from './database.ts';
import { startSmtpCatcher, type CaughtMail } from './smtp-catcher.ts';
import { seededRandom } from '../../core/seeded-random.ts';
import { builtFromSources } from '../../scripts/build-if-stale.ts';

/** `npm run worker` as production runs it (the compiled server) when dist/ is of these sources, else through tsx. */
const WORKER = builtFromSources()
  ? ['dist/node/server/worker.js']
  : ['--import', 'tsx', 'server/worker.ts'];

/**
 * The crash test of tracking e-mails (docs/decisions/005-tracking-mail-exactly-once.md), shared by
 * the test and `npm run bench:tracking-crash`: real `npm run worker` processes on a real PostgreSQL
 * deliver to a real SMTP server on loopback, and each is killed with SIGKILL at a random moment,
 * run after run. Each run asks for one more hourly check cycle; the simulated seats move by the
 * hour, so most cycles find changes. At the end one worker runs to completion and everything stored
 * and caught is compared:
 *
 * - no change lost: each tracking's changes run version after version from the baseline to the
 *   match it holds now, each starting from the match the one before ended at;
 * - every notifying change has its e-mail, sent, and the SMTP server has a message with its
 *   Message-ID; the server has no message that is not a change's;
 * - a Message-ID the server saw twice was sent again only after the process sending it died
 *   (its outbox row shows a second attempt): SMTP cannot tell us whether a message accepted just
 *   before a crash was recorded as sent, so the retry carries the same Message-ID and the
 *   mailbox keeps one (docs/decisions/005-tracking-mail-exactly-once.md).
 */

export const CRASH_AIRPORTS = 'TPE,TSA,LAX,SFO,NRT,HND,HKG,ICN,SEA,YVR';
const HOUR = 3_600_000;
/** The PostgreSQL server the crash test uses: the suite's, else this machine's. */
export const crashServerUrl = () =>
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

export interface CrashOptions {
  runs: number;
  trackings: number;
  /** After the worker says it runs, it is killed within this many milliseconds. */
  killWithinMs: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface CrashReport {
  runs: number;
  killed: number;
  cycles: number;
  changes: number;
  notifyingChanges: number;
  delivered: number;
  distinctDelivered: number;
  redelivered: number;
  problems: string[];
  seconds: number;
}

function startWorker(env: Record<string, string>): {
  child: ChildProcess;
  running: Promise<boolean>;
  exited: Promise<void>;
} {
  const child = spawn(process.execPath, WORKER, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = new Promise<boolean>((resolve) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      if (line.includes('worker running')) resolve(true);
    });
    void exited.then(() => resolve(false));
  });
  // Errors are worth seeing; a killed worker's half-written line is not.
  child.stderr?.on('data', () => {});
  return { child, running, exited };
}

/** Members and trackings on the small inventory: scarce watches that change from hour to hour, most with keep-tracking. */
async function seed(
  database: Database,
  count: number,
  now: Date,
  next: () => number,
): Promise<void> {
  const routes = [
    ['TPE', 'LAX'],
    ['TPE', 'SFO'],
    ['TPE', 'NRT'],
    ['HKG', 'SEA'],
    ['ICN', 'YVR'],
    ['TSA', 'HND'],
  ] as const;
  const cabins = ['business', 'first', 'economy'] as const;
  const owners = await database.db
    .insert(members)
    .values(
      Array.from({ length: Math.max(1, Math.ceil(count / 5)) }, (_, index) => ({
        account: `tp_crash_${index}`,
        email: `crash${index}@example.com`,
        name: `Crash ${index}`,
        activatedAt: now,
        language: (['en', 'zh-Hant', 'zh-Hans'] as const)[index % 3],
      })),
    )
    .returning({ id: members.id });
  const day = (offset: number) =>
    new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  await database.db.insert(trackings).values(
    Array.from({ length: count }, (_, index) => {
      const [origin, destination] = routes[index % routes.length] as readonly [string, string];
      const first = 15 + Math.floor(next() * 30);
      const cabin = cabins[index % cabins.length] as (typeof cabins)[number];
      return {
        memberId: (owners[index % owners.length] as { id: string }).id,
        query: openAwardQuery({
          origin,
          destination,
          dates: { from: day(first), to: day(first + Math.floor(next() * 2)) },
          cabin,
          seats: cabin === 'economy' ? 6 : 3,
          stops: index % 2 === 0 ? 'direct' : 'one',
        }),
        keepTracking: index % 4 !== 0,
      };
    }),
  );
}

/** The crash test itself; returns what it counted and every problem it found (none is a pass). */
export async function runTrackingCrash(options: CrashOptions): Promise<CrashReport> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const next = seededRandom(options.seed ?? 20261121);
  const { database, url, drop } = await createTestDatabase({ serverUrl: crashServerUrl() });
  const catcher = await startSmtpCatcher();
  const boss = jobQueue(database, { work: false });
  const report: CrashReport = {
    runs: options.runs,
    killed: 0,
    cycles: 0,
    changes: 0,
    notifyingChanges: 0,
    delivered: 0,
    distinctDelivered: 0,
    redelivered: 0,
    problems: [],
    seconds: 0,
  };
  const env = {
    DATABASE_URL: url as string,
    SMTP_URL: catcher.url,
    MAIL_FROM: 'TripPlus <no-reply@tripplus.test>',
    MAIL_LEASE_S: '3',
    PUBLIC_URL: 'https://tripplus.test',
    APP_SECRET: 'crash-test-secret-crash-test-secret-0123',
    AWARD_SIMULATION_AIRPORTS: CRASH_AIRPORTS,
    AWARD_SIMULATION_DAYS: '60',
    TRACKING_CHECK_INTERVAL_MIN: '60',
    // The worker's "worker running" line (info) is how a run knows start-up is over.
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
  };
  try {
    await boss.start();
    await ensureQueues(boss);
    const now = new Date();
    await seed(database, options.trackings, now, next);
    let clock = now.getTime();

    for (let run = 1; run <= options.runs; run += 1) {
      await requestCycle(boss, new Date((clock += HOUR)));
      report.cycles += 1;
      const worker = startWorker(env);
      // Most kills land after start-up, while cycles and deliveries run; some during start-up.
      if (next() < 0.85) {
        if (await worker.running)
          await new Promise((resolve) => setTimeout(resolve, next() * options.killWithinMs));
      } else {
        await new Promise((resolve) => setTimeout(resolve, next() * 1200));
      }
      if (worker.child.exitCode === null) {
        worker.child.kill('SIGKILL');
        report.killed += 1;
      }
      await worker.exited;
      if (run % 25 === 0 || process.env.CRASH_DEBUG)
        log(`run ${run}/${options.runs}: ${catcher.caught.length} messages caught`);
    }

    // The last worker runs to the end: the final cycle, and every e-mail still owed.
    const final = new Date((clock += HOUR));
    await requestCycle(boss, final);
    report.cycles += 1;
    const worker = startWorker(env);
    await worker.running;
    const deadline = Date.now() + 120_000;
    for (;;) {
      const [due] = await database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(trackings)
        .where(
          sql`(${trackings.status} = 'tracking' OR (${trackings.keepTracking} AND ${trackings.status} IN ('notified', 'change-notified'))) AND (${trackings.lastCheckedAt} IS NULL OR ${trackings.lastCheckedAt} < ${final.toISOString()}::timestamptz)`,
        );
      const [owed] = await database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(eq(mailOutbox.status, 'pending'));
      if ((due?.count ?? 0) === 0 && (owed?.count ?? 0) === 0) break;
      if (Date.now() > deadline) {
        report.problems.push(
          `the last worker did not finish: ${due?.count} trackings unchecked, ${owed?.count} e-mails pending`,
        );
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    worker.child.kill('SIGTERM');
    await worker.exited;

    await verify(database, catcher.caught, report);
  } finally {
    await boss.stop({ graceful: false, close: false }).catch(() => {});
    await catcher.close();
    await drop();
  }
  report.seconds = Math.round((performance.now() - started) / 100) / 10;
  return report;
}

async function verify(
  database: Database,
  caught: readonly CaughtMail[],
  report: CrashReport,
): Promise<void> {
  const problems = report.problems;
  const rows = await database.db.select().from(trackings);
  const changes = await database.db
    .select()
    .from(trackingChanges)
    .orderBy(asc(trackingChanges.trackingId), asc(trackingChanges.version));
  report.changes = changes.length;
  const byTracking = new Map<string, typeof changes>();
  for (const change of changes)
    byTracking.set(change.trackingId, [...(byTracking.get(change.trackingId) ?? []), change]);

  // No change lost: the versions after the baseline (1) are all there, and chain from one match to the next.
  for (const tracking of rows) {
    const list = byTracking.get(tracking.id) ?? [];
    if (tracking.match === null) {
      problems.push(`tracking ${tracking.id} has no baseline`);
      continue;
    }
    const versions = list.map((change) => change.version);
    const expected = Array.from({ length: tracking.version - 1 }, (_, index) => index + 2);
    if (JSON.stringify(versions) !== JSON.stringify(expected))
      problems.push(
        `tracking ${tracking.id}: versions ${versions.join(',')} but it is at ${tracking.version}`,
      );
    let from: string | null = null;
    for (const change of list) {
      const [, before, after] = /^v\d+:([0-9a-f]+)>([0-9a-f]+)$/.exec(change.fingerprint) ?? [];
      if (from !== null && before !== from)
        problems.push(
          `tracking ${tracking.id}: change v${change.version} starts from ${before}, the one before ended at ${from}`,
        );
      from = after ?? null;
    }
    if (from !== null && from !== matchDigest(tracking.match))
      problems.push(
        `tracking ${tracking.id}: its last change ends at ${from}, it holds ${matchDigest(tracking.match)}`,
      );
  }

  // Every notifying change has one e-mail, sent, and caught; nothing caught that is not a change's.
  const notifying = changes.filter(
    (change) => change.status === 'notified' || change.status === 'change-notified',
  );
  report.notifyingChanges = notifying.length;
  const withoutMail = notifying.filter((change) => change.mailId === null);
  if (withoutMail.length > 0)
    problems.push(`${withoutMail.length} notifying changes have no e-mail`);
  const mailIds = notifying.flatMap((change) => (change.mailId === null ? [] : [change.mailId]));
  if (new Set(mailIds).size !== mailIds.length) problems.push('two changes share an e-mail');
  const mails =
    mailIds.length === 0
      ? []
      : await database.db.select().from(mailOutbox).where(inArray(mailOutbox.id, mailIds));
  // Each change's e-mail is the one written for it (its tracking and version), not a neighbour's
  // in the same batch.
  const mailById = new Map(mails.map((mail) => [mail.id, mail]));
  for (const change of notifying) {
    const mail = change.mailId === null ? undefined : mailById.get(change.mailId);
    if (mail && !mail.messageId?.startsWith(`<tracking-${change.trackingId}-v${change.version}@`))
      problems.push(
        `change v${change.version} of tracking ${change.trackingId} names e-mail ${mail.id}, written for ${mail.messageId}`,
      );
  }
  const allMail = await database.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(isNotNull(mailOutbox.topic));
  if (allMail.length !== mailIds.length)
    problems.push(
      `the outbox holds ${allMail.length} tracking e-mails for ${mailIds.length} notifying changes`,
    );
  const caughtCount = new Map<string, number>();
  for (const message of caught)
    caughtCount.set(message.messageId, (caughtCount.get(message.messageId) ?? 0) + 1);
  report.delivered = caught.length;
  report.distinctDelivered = caughtCount.size;
  const expectedIds = new Set<string>();
  for (const mail of mails) {
    expectedIds.add(mail.messageId ?? '');
    if (mail.status !== 'sent') problems.push(`e-mail ${mail.id} is ${mail.status}`);
    const times = caughtCount.get(mail.messageId ?? '') ?? 0;
    if (times === 0)
      problems.push(`e-mail ${mail.id} (${mail.messageId}) never reached the SMTP server`);
    if (times > 1) {
      report.redelivered += times - 1;
      if (mail.attempts < 2)
        problems.push(`e-mail ${mail.id} reached the server ${times} times in one attempt`);
    }
  }
  for (const messageId of caughtCount.keys())
    if (!expectedIds.has(messageId))
      problems.push(`the SMTP server got ${messageId}, which no change sent`);
}
