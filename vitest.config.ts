import react from '@vitejs/plugin-react';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { configDefaults, defineConfig } from 'vitest/config';
import { onPostgres } from './server/test/on-postgres.ts';

/**
 * The test files that take longest, longest first (as CI measured them on 29 November 2026). A
 * fresh checkout has no timings from an earlier run, and Vitest would otherwise start files in name
 * order: a long file started last runs alone while the other core waits.
 */
const LONGEST_FIRST = [
  'e2e/tracking-crash.test.ts',
  'e2e/pages-en.test.ts',
  'e2e/accounts.test.ts',
  'e2e/routing.test.ts',
  'e2e/award-search-states.test.ts',
  'e2e/articles.test.ts',
  'e2e/shell.test.ts',
  'e2e/pages-zh-hant.test.ts',
  'e2e/shares.test.ts',
  'e2e/navigation.test.ts',
  'e2e/sponsorship.test.ts',
  'server/api-fuzz.test.ts',
  'e2e/tracking.test.ts',
  'e2e/award-search.test.ts',
  'e2e/cardplus.test.ts',
  'e2e/guides.test.ts',
  'e2e/storefront.test.ts',
  'server/modules/site/web-app.test.ts',
  'e2e/newsletter-crash.test.ts',
  'e2e/newsletter.test.ts',
  'e2e/first-use.test.ts',
  'core/awards/engine.property.test.ts',
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
 * The suite runs twice in CI: all of it on the embedded PGlite, then what depends on the kind of
 * database on a fresh PostgreSQL database. PGlite is PostgreSQL compiled to WebAssembly, so SQL
 * behaves alike; what differs is the driver (node-postgres and its pool instead of one in-process
 * connection), concurrency between connections, and several processes on one database. So the
 * second pass runs the server's tests (every route and service, the job queue, locking, the
 * outbox) and the crash tests (worker processes killed; PostgreSQL only). The browser tests drive
 * the same routes through pages, and the bad-input walk (server/api-fuzz.test.ts) checks what the
 * server refuses before any query: both run once, in the first pass, as do the server's tests of
 * what touches no database (rendered pages, the API's description, settings; docs/operations.md#the-test-suite).
 */
const ONCE_UNIT = [
  'core/**',
  'web/**',
  'locales/**',
  'data/**',
  'scripts/**',
  'server/api-fuzz.test.ts',
  // Pages rendered, the API's description, the settings and the real catalogue's figures.
  'server/modules/site/web-app.test.ts',
  'server/modules/site/demo-mode.test.ts',
  'server/openapi.test.ts',
  'server/config.test.ts',
  'server/modules/storefront/real-catalogue.test.ts',
];
const ON_POSTGRES_TOO = {
  e2e: ['e2e/tracking-crash.test.ts', 'e2e/newsletter-crash.test.ts', 'e2e/processes.test.ts'],
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
          exclude: [...configDefaults.exclude, ...(onPostgres() ? ONCE_UNIT : [])],
          environment: 'node',
          setupFiles: ['web/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Vitest leaves one core of two to its main process, which idles; both run test files.
          maxWorkers: 2,
          // Files share a worker's loaded modules instead of importing the app afresh each (a
          // third of the unit tests' time). What they share is read-only: each test builds its
          // own app and database, and the reference data is frozen under the tests (data/reference.ts).
          isolate: false,
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
          include: onPostgres() ? ON_POSTGRES_TOO.e2e : ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // On PostgreSQL only the crash tests run here, in the same group as the server's tests:
          // the longest starts first on one core while the other works through the rest.
          maxWorkers: 2,
          // As in the unit tests, files share a worker's loaded modules (the server and its data,
          // some 2.5 s to import per file): each file still starts its own browser, and servers
          // of its own on databases of their own.
          isolate: false,
          sequence: { groupOrder: onPostgres() ? 0 : 1 },
        },
      },
    ],
  },
});
