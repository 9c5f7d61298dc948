/**
 * `npm run bench:tracking-crash`: the crash test of tracking e-mails (server/test/tracking-crash.ts)
 * with more runs than the test suite's 200: `npm run worker` processes killed with SIGKILL at
 * random moments against PostgreSQL and an SMTP server on loopback. BENCH_RUNS sets the runs
 * (1000 by default). Prints what it counted; the last line is one line of JSON; exits 1 on any problem.
 */
import { runTrackingCrash } from '../server/test/tracking-crash.ts';

const runs = Number(process.env.BENCH_RUNS ?? 1000);
const report = await runTrackingCrash({
  runs,
  trackings: 48,
  killWithinMs: 700,
  seed: Number(process.env.BENCH_SEED ?? Date.now() % 1_000_000),
  log: (line) => console.log(line),
});
for (const problem of report.problems.slice(0, 20)) console.log(`PROBLEM: ${problem}`);
console.log(
  `${report.killed} of ${report.runs} workers killed; ${report.changes} changes, ${report.notifyingChanges} e-mailed; the SMTP server got ${report.delivered} messages, ${report.distinctDelivered} distinct (${report.redelivered} sent again after a crash, same Message-ID); ${report.problems.length} problems in ${report.seconds} s`,
);
console.log(
  JSON.stringify({
    runs: report.runs,
    killed: report.killed,
    changes: report.changes,
    emailed_changes: report.notifyingChanges,
    smtp_messages: report.delivered,
    distinct_messages: report.distinctDelivered,
    resent_after_crash: report.redelivered,
    problems: report.problems.length,
    seconds: report.seconds,
  }),
);
process.exit(report.problems.length === 0 ? 0 : 1);
