/**
 * `npm run data:check [-- --today=YYYY-MM-DD|commit]`: how fresh the reference data in data/ is,
 * per file: records, how many carry a check date of their own, how many of those fall in the last
 * 90 days and their share of all records, the records never checked, the oldest check, facts that
 * end within 30 days, unverified facts; then the lists, and one line of JSON. A file's date never
 * stands for its records (docs/data-audit.md#keeping-it-fresh).
 *
 * Exits 1 on a current offer past its last day, on one that had already ended when its record was
 * checked, and on an end date written only in words. `--today=commit` reads the data as of the
 * day of the checked-out commit, as CI does, so a commit's verdict does not change with the day CI
 * runs; the default is today's UTC date.
 */
import { execFileSync } from 'node:child_process';
import { dayOf, isCalendarDay } from '../core/dated.ts';
import { dataFreshness } from '../data/freshness.ts';

const argument = process.argv
  .find((value) => value.startsWith('--today='))
  ?.slice('--today='.length);
if (argument !== undefined && argument !== 'commit' && !isCalendarDay(argument)) {
  console.error(`--today must be a date that exists, YYYY-MM-DD, or "commit", not "${argument}"`);
  process.exit(2);
}
const today =
  argument === 'commit'
    ? dayOf(
        new Date(
          Number(execFileSync('git', ['log', '-1', '--format=%ct'], { encoding: 'utf8' }).trim()) *
            1000,
        ),
      )
    : (argument ?? dayOf(new Date()));
const files = dataFreshness(today);
const percent = (part: number, whole: number) =>
  whole === 0 ? '—' : `${Math.round((part / whole) * 100)}%`;

const rows = files.map((file) => [
  file.file,
  String(file.records),
  String(file.ownCheck),
  String(file.checkedLast90Days),
  percent(file.checkedLast90Days, file.records),
  String(file.neverChecked.length),
  file.oldestCheck ?? '—',
  String(file.endingWithin30Days.length),
  String(file.unverified.length),
]);
const head = [
  'file',
  'records',
  'own check',
  'own check ≤90 d',
  'share ≤90 d',
  'never checked',
  'oldest check',
  'ending ≤30 d',
  'unverified',
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

const never = files.filter((file) => file.neverChecked.length > 0);
if (never.length > 0) {
  console.log('\nRecords never checked on their own (the first five of each file):');
  for (const file of never)
    console.log(
      `  ${file.file}: ${file.neverChecked.slice(0, 5).join(', ')}${file.neverChecked.length > 5 ? ` and ${file.neverChecked.length - 5} more` : ''}`,
    );
}
const ending = files.flatMap((file) => file.endingWithin30Days);
if (ending.length > 0) {
  console.log('\nEnding within 30 days:');
  for (const fact of ending)
    console.log(`  ${fact.until}  ${fact.file} ${fact.record}: ${fact.what}`);
}
const expired = files.flatMap((file) => file.expiredCurrent);
if (expired.length > 0) {
  console.log('\nCurrent offers past their last day (an error: set the new offer, or null):');
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
const prose = files.flatMap((file) =>
  file.proseEndDates.map((found) => ({ file: file.file, ...found })),
);
if (prose.length > 0) {
  console.log(
    '\nEnd dates written only in words (an error: put the day in the record’s `until` or `end`):',
  );
  for (const found of prose)
    console.log(
      `  ${found.day}  ${found.file} ${found.record} ${found.field}: ${found.text.slice(0, 100)}`,
    );
}

const total = (pick: (file: (typeof files)[number]) => number) =>
  files.reduce((sum, file) => sum + pick(file), 0);
console.log(
  JSON.stringify({
    today,
    records: total((file) => file.records),
    ownCheck: total((file) => file.ownCheck),
    checkedLast90Days: total((file) => file.checkedLast90Days),
    neverChecked: total((file) => file.neverChecked.length),
    endingWithin30Days: ending.length,
    unverified: total((file) => file.unverified.length),
    expiredCurrent: expired.length,
    endedWhenChecked: wrong.length,
    proseEndDates: prose.length,
    files: files.map((file) => ({
      file: file.file,
      records: file.records,
      ownCheck: file.ownCheck,
      checkedLast90Days: file.checkedLast90Days,
      neverChecked: file.neverChecked.length,
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
if (expired.length > 0 || wrong.length > 0 || prose.length > 0) process.exitCode = 1;
