/**
 * `npm run bench:newsletter-crash`: the newsletter's crash test (server/test/newsletter-crash.ts)
 * at a larger size than the suite's: an issue to BENCH_SUBSCRIBERS readers (5,000 by default) sent
 * by `npm run worker` processes on PostgreSQL to an SMTP server on loopback, with a SIGKILL at
 * each share of BENCH_KILLS (default 0.2,0.4,0.6,0.8). Prints what it counted and the rate; the
 * last line is one line of JSON; exits 1 on any problem.
 */
import { runNewsletterCrash } from '../server/test/newsletter-crash.ts';

const subscribers = Number(process.env.BENCH_SUBSCRIBERS ?? 5000);
const killAt = (process.env.BENCH_KILLS ?? '0.2,0.4,0.6,0.8').split(',').map(Number);
const started = Date.now();
const report = await runNewsletterCrash({
  subscribers,
  killAt,
  log: (line) => console.log(`${((Date.now() - started) / 1000).toFixed(1)} s: ${line}`),
});
for (const problem of report.problems.slice(0, 20)) console.log(`PROBLEM: ${problem}`);
console.log(
  `${report.subscribers} readers, ${report.kills} workers killed; the SMTP server got ${report.caught} messages; ${report.sent} sent, ${report.uncertain} uncertain (handed over when their worker died, not sent again); ${report.problems.length} problems in ${report.seconds} s`,
);
console.log(
  JSON.stringify({
    subscribers: report.subscribers,
    kills: report.kills,
    caught: report.caught,
    sent: report.sent,
    uncertain: report.uncertain,
    problems: report.problems.length,
    seconds: report.seconds,
  }),
);
process.exit(report.problems.length === 0 ? 0 : 1);
