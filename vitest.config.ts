import react from '@vitejs/plugin-react';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { configDefaults, defineConfig } from 'vitest/config';
import { onPostgres } from './server/test/on-postgres.ts';

/**
 * The test files that take longest, longest first. A fresh checkout has no timings from an
 * earlier run, and Vitest would otherwise start files in name order: the crash test, which takes
 * minutes, would start last and run alone while the other core waits.
 */
const LONGEST_FIRST = [
  'e2e/tracking-crash.test.ts',
  'e2e/pages-en.test.ts',
  'e2e/pages-zh-hant.test.ts',
  'e2e/routing.test.ts',
  'e2e/accounts.test.ts',
  'e2e/award-search-states.test.ts',
  'e2e/tracking.test.ts',
  'e2e/shell.test.ts',
  'web-app.test.ts',
  'engine.property.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = LONGEST_FIRST.findIndex((path) => spec.moduleId.endsWith(path));
      return at === -1 ? LONGEST_FIRST.length : at;
    };
    const key = (spec: TestSpecification, index: number) =>
      [spec.project.config.sequence.groupOrder, rank(spec), index] as const;
    const keyed = sorted.map((spec, index) => ({ spec, key: key(spec, index) }));
    keyed.sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2]);
    return keyed.map(({ spec }) => spec);
  }
}

/**
 * The suite runs twice in CI: on the embedded PGlite, then on a fresh PostgreSQL database. The
 * second pass runs what touches the database: the server's tests and the browser tests of
 * features that store something (accounts, trackings, payments, searches, liked cards), and the
 * crash test. What does not depend on the database runs once, in the first pass: the tests of
 * `core/`, `web/`, the catalogs and `data/`, the page sweeps, the routing rules, the shell and
 * the guides (static data).
 */
const DATABASE_FREE = {
  unit: ['core/**', 'web/**', 'locales/**', 'data/**', 'scripts/**'],
  e2e: [
    'e2e/pages-*.test.ts',
    'e2e/routing.test.ts',
    'e2e/shell.test.ts',
    'e2e/guides.test.ts',
    'e2e/navigation.test.ts',
    'e2e/phone-pages.test.ts',
  ],
};

export default defineConfig({
  plugins: [react()],
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'core/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'web/**/*.test.{ts,tsx}',
            'locales/**/*.test.ts',
            'data/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...(onPostgres() ? DATABASE_FREE.unit : [])],
          environment: 'node',
          setupFiles: ['web/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Vitest leaves one core of two to its main process, which idles; both run test files.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          // Two cores: one browser per file, two files at a time, after the unit tests. The
          // tracking crash test (worker processes killed hundreds of times; it runs when
          // DATABASE_URL names PostgreSQL) is one of them, started first, beside the browsers.
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...(onPostgres() ? DATABASE_FREE.e2e : [])],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
