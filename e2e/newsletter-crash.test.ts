import { describe, expect, it } from 'vitest';
import { runNewsletterCrash } from '../server/test/newsletter-crash.ts';
import { onPostgres } from '../server/test/on-postgres.ts';

/**
 * A newsletter to 1,000 readers through sender crashes (docs/decisions/009-newsletter-at-most-once.md):
 * real `npm run worker` processes on PostgreSQL send to a real SMTP server on loopback; two are
 * killed with SIGKILL mid-send and a third finishes (server/test/newsletter-crash.ts says what is
 * compared). Like the tracking crash test it needs PostgreSQL, because the workers are other
 * processes, so the suite runs it in its PostgreSQL pass; `npm run test:crash` always runs it.
 */
const runs = onPostgres() || process.env.CRASH_TEST === '1';

describe.skipIf(!runs)(
  'a newsletter through sender crashes (runs when DATABASE_URL names PostgreSQL)',
  () => {
    it(
      'sends 1,000 readers one copy each across two SIGKILLs, and never a second',
      { timeout: 10 * 60_000 },
      async () => {
        const report = await runNewsletterCrash({
          subscribers: 1000,
          killAt: [0.25, 0.6],
          log: (line) => console.log(line),
        });
        console.log(JSON.stringify(report));
        expect(report.problems).toEqual([]);
        expect(report.kills).toBe(2);
        expect(report.sent + report.uncertain).toBe(1000);
        expect(report.caught).toBeGreaterThanOrEqual(1000 - report.uncertain);
      },
    );
  },
);
