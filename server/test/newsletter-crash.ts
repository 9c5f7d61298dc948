import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { eq, sql } from 'drizzle-orm';
import { LANGUAGES } from '../../core/locale.ts';
import {
  newsletterDeliveries,
  newsletterIssues,
  newsletterSubscribers,
} from '../db/schema/index.ts';
import { createTestDatabase } from './database.ts';
import { startSmtpCatcher } from './smtp-catcher.ts';
import { crashServerUrl } from './tracking-crash.ts';
import { builtFromSources } from '../../scripts/build-if-stale.ts';

/** `npm run worker` as production runs it (the compiled server) when dist/ is of these sources, else through tsx. */
const WORKER = builtFromSources()
  ? ['dist/node/server/worker.js']
  : ['--import', 'tsx', 'server/worker.ts'];

/**
 * The newsletter's crash test (docs/decisions/009-newsletter-at-most-once.md), shared by the test
 * and `npm run bench:newsletter-crash`: an issue to `subscribers` confirmed readers goes out from
 * real `npm run worker` processes on PostgreSQL to a real SMTP server on loopback; each worker but
 * the last is killed with SIGKILL once the server has caught a share of the messages, and a new
 * one takes over. Then everything stored and caught is compared:
 *
 * - no reader got two copies (by address and by Message-ID), and nothing was caught that no
 *   delivery row sent;
 * - every row is settled: `sent` rows were caught exactly once; an `uncertain` row (a message a
 *   killed worker had handed to the server) was caught at most once, and there is at most one
 *   per kill. A message a killed worker had not handed over is sent by the next one.
 */
export interface NewsletterCrashReport {
  subscribers: number;
  kills: number;
  caught: number;
  sent: number;
  uncertain: number;
  problems: string[];
  seconds: number;
}

function startWorker(env: Record<string, string>): { child: ChildProcess; exited: Promise<void> } {
  const child = spawn(process.execPath, WORKER, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Read the output so the worker never blocks on a full pipe.
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', () => {});
  child.stderr?.on('data', () => {});
  return { child, exited };
}

const until = async (
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
};

export async function runNewsletterCrash(options: {
  subscribers: number;
  killAt: number[];
  log?: (line: string) => void;
}): Promise<NewsletterCrashReport> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const { database, url, drop } = await createTestDatabase({ serverUrl: crashServerUrl() });
  const catcher = await startSmtpCatcher();
  const report: NewsletterCrashReport = {
    subscribers: options.subscribers,
    kills: 0,
    caught: 0,
    sent: 0,
    uncertain: 0,
    problems: [],
    seconds: 0,
  };
  const env = {
    DATABASE_URL: url as string,
    SMTP_URL: catcher.url,
    MAIL_FROM: 'TripPlus <no-reply@tripplus.test>',
    PUBLIC_URL: 'https://tripplus.test',
    APP_SECRET: 'crash-test-secret-crash-test-secret-0123',
    AWARD_SIMULATION_AIRPORTS: 'TPE,LAX',
    AWARD_SIMULATION_DAYS: '7',
    TRACKING_CHECK_INTERVAL_MIN: '60',
    NEWSLETTER_RATE_PER_MIN: '30000',
    NEWSLETTER_LEASE_S: '2',
    NEWSLETTER_POSTAL_ADDRESS: '1 Example Road, Taipei 100, Taiwan',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  };
  try {
    const { db } = database;
    // Confirmed readers in the three languages, and one issue due now.
    for (let start = 0; start < options.subscribers; start += 500) {
      const batch = Array.from(
        { length: Math.min(500, options.subscribers - start) },
        (_, offset) => {
          const index = start + offset;
          return {
            email: `reader.${index}@example.com`,
            status: 'subscribed' as const,
            topics: ['sales' as const],
            language: LANGUAGES[index % LANGUAGES.length] as string,
            confirmedAt: new Date(),
          };
        },
      );
      await db.insert(newsletterSubscribers).values(batch);
    }
    const text = { subject: 'Crash test issue', body: 'Hello.' };
    const [issue] = await db
      .insert(newsletterIssues)
      .values({
        status: 'scheduled',
        scheduledAt: new Date(),
        topics: ['sales'],
        sections: [],
        content: { en: text, 'zh-Hant': text, 'zh-Hans': text },
      })
      .returning({ id: newsletterIssues.id });
    if (!issue) throw new Error('no issue');

    for (const share of options.killAt) {
      const worker = startWorker(env);
      log(`worker started at ${catcher.caught.length} messages caught`);
      const target = Math.floor(options.subscribers * share);
      const reached = await until(
        () => catcher.caught.length >= target || worker.child.exitCode !== null,
        120_000,
      );
      if (!reached) report.problems.push(`the worker did not reach ${target} messages`);
      if (worker.child.exitCode === null) {
        worker.child.kill('SIGKILL');
        report.kills += 1;
      }
      await worker.exited;
      log(`killed a worker at ${catcher.caught.length} messages caught`);
    }

    const last = startWorker(env);
    log(`last worker started at ${catcher.caught.length} messages caught`);
    const finished = await until(async () => {
      const [row] = await db
        .select({ status: newsletterIssues.status })
        .from(newsletterIssues)
        .where(eq(newsletterIssues.id, issue.id));
      return row?.status === 'sent';
    }, 180_000);
    if (!finished) report.problems.push('the last worker did not finish the issue');
    log(`issue sent: ${catcher.caught.length} messages caught`);
    last.child.kill('SIGTERM');
    await last.exited;
    // A message the server was still taking in when the check saw the issue finished.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const rows = await db
      .select()
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.issueId, issue.id));
    const [{ subscribers } = { subscribers: 0 }] = await db
      .select({ subscribers: sql<number>`count(*)::int` })
      .from(newsletterSubscribers);
    if (rows.length !== subscribers)
      report.problems.push(`${rows.length} delivery rows for ${subscribers} subscribers`);
    const byMessageId = new Map<string, number>();
    const byAddress = new Map<string, number>();
    for (const message of catcher.caught) {
      byMessageId.set(message.messageId, (byMessageId.get(message.messageId) ?? 0) + 1);
      for (const to of message.to) byAddress.set(to, (byAddress.get(to) ?? 0) + 1);
    }
    report.caught = catcher.caught.length;
    for (const [address, times] of byAddress)
      if (times > 1) report.problems.push(`${address} got ${times} copies`);
    const known = new Set(rows.map((row) => row.messageId));
    for (const messageId of byMessageId.keys())
      if (!known.has(messageId))
        report.problems.push(`the SMTP server got ${messageId}, which no delivery sent`);
    for (const row of rows) {
      const times = byMessageId.get(row.messageId) ?? 0;
      if (row.status === 'sent') {
        report.sent += 1;
        if (times !== 1)
          report.problems.push(`${row.email} is marked sent and was caught ${times} times`);
      } else if (row.status === 'uncertain') {
        report.uncertain += 1;
        if (times > 1) report.problems.push(`${row.email} (uncertain) was caught ${times} times`);
      } else report.problems.push(`${row.email} was left ${row.status}`);
    }
    if (report.uncertain > report.kills)
      report.problems.push(`${report.uncertain} uncertain rows for ${report.kills} kills`);
  } finally {
    await catcher.close();
    await drop();
  }
  report.seconds = Math.round((performance.now() - started) / 100) / 10;
  return report;
}
