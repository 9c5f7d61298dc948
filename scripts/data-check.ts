/**
 * `npm run data:check [-- --today=YYYY-MM-DD]`: how fresh the reference data in data/ is, per file
 * (records, checked in the last 90 days, oldest check, facts that end within 30 days, unverified
 * facts, current offers that have ended since), as a table and then as one line of JSON. `--today`
 * reads the data as of another day (the default is the UTC date).
 *
 * Exits 1 when a record shows an offer as current that had already ended on the day the record was
 * checked: an error in the data on any day. An offer that has ended since is listed to update but
 * fails nothing (the site stops showing it after its last day), so CI's verdict on a commit does
 * not change with the day it runs (docs/data-audit.md#keeping-it-fresh).
 */
import { dayOf, isCalendarDay } from '../core/dated.ts';
import { dataFreshness } from '../data/freshness.ts';

const argument = process.argv
  .find((value) => value.startsWith('--today='))
  ?.slice('--today='.length);
if (argument !== undefined && !isCalendarDay(argument)) {
  console.error(`--today must be a date that exists, YYYY-MM-DD, not "${argument}"`);
  process.exit(2);
}
const today = argument ?? dayOf(new Date());
const files = dataFreshness(today);

const rows = files.map((file) => [
  file.file,
  String(file.records),
  String(file.checkedLast90Days),
  file.oldestCheck ?? '—',
  String(file.endingWithin30Days.length),
  String(file.unverified.length),
  String(file.expiredCurrent.length),
]);
const head = [
  'file',
  'records',
  'checked ≤90 d',
  'oldest check',
  'ending ≤30 d',
  'unverified',
  'expired current',
];
const widths = head.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
);
const line = (cells: string[]) =>
  cells
    .map((cell, column) =>
      column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
    )
    .join('  ');
console.log(`Reference data on ${today}`);
console.log(line(head));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const row of rows) console.log(line(row));

const ending = files.flatMap((file) => file.endingWithin30Days);
if (ending.length > 0) {
  console.log('\nEnding within 30 days:');
  for (const fact of ending)
    console.log(`  ${fact.until}  ${fact.file} ${fact.record}: ${fact.what}`);
}
const expired = files.flatMap((file) => file.expiredCurrent);
if (expired.length > 0) {
  console.log(
    '\nCurrent offers that have ended since they were checked (the site no longer shows them; update the file: set the new offer, or null):',
  );
  for (const fact of expired)
    console.log(`  ${fact.until}  ${fact.file} ${fact.record}: ${fact.what}`);
}
const wrong = files.flatMap((file) => file.endedWhenChecked);
if (wrong.length > 0) {
  console.log(
    '\nCurrent offers that had already ended when their record was checked (an error: set the new offer, or null):',
  );
  for (const fact of wrong)
    console.log(`  ${fact.until}  ${fact.file} ${fact.record}: ${fact.what}`);
}

const total = (pick: (file: (typeof files)[number]) => number) =>
  files.reduce((sum, file) => sum + pick(file), 0);
console.log(
  JSON.stringify({
    today,
    records: total((file) => file.records),
    checkedLast90Days: total((file) => file.checkedLast90Days),
    endingWithin30Days: ending.length,
    unverified: total((file) => file.unverified.length),
    expiredCurrent: expired.length,
    endedWhenChecked: wrong.length,
    files: files.map((file) => ({
      file: file.file,
      records: file.records,
      checkedLast90Days: file.checkedLast90Days,
      oldestCheck: file.oldestCheck,
      endingWithin30Days: file.endingWithin30Days.map(({ record, what, until }) => ({
        record,
        what,
        until,
      })),
      unverified: file.unverified.length,
      expiredCurrent: file.expiredCurrent.map(({ record, what, until }) => ({
        record,
        what,
        until,
      })),
    })),
  }),
);
if (wrong.length > 0) process.exitCode = 1;
