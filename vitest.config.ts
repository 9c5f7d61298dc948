import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['core/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'locales/**/*.test.ts', 'data/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['web/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: ['e2e/tracking-crash.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two cores: one browser per file, two files at a time, after the unit tests.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // Worker processes killed hundreds of times: alone, after the browser tests, so neither slows the other.
          name: 'crash',
          include: ['e2e/tracking-crash.test.ts'],
          environment: 'node',
          testTimeout: 20 * 60_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
