import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverSuites = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
const notServerSuites = ['**/*.unit.test.ts', '**/*.smoke.test.ts', '**/node_modules/**'];

/**
 * One run: pure units; every server suite on SQLite and again on PostgreSQL (it fails, never skips,
 * when PostgreSQL is unreachable); web component tests in jsdom; end-to-end tests in headless
 * Chromium against the built app on the real server; a smoke test of the built server.
 */
export default defineConfig({
  test: {
    projects: [
      // CPU-bound unit tests (days of simulated machine data) need more than the default 5 s on a busy 2-core machine.
      { test: { name: 'unit', include: ['packages/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts', 'tools/**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'server-sqlite',
          include: serverSuites,
          exclude: notServerSuites,
          env: { TEST_DB: 'sqlite' },
          pool: 'forks',
          // Each file builds its own app on its own database; sharing the imported modules between files
          // saves importing the server graph once per file (most of this suite's time otherwise).
          isolate: false,
          testTimeout: 45_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: serverSuites,
          exclude: notServerSuites,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['apps/server/test/postgresGlobalSetup.ts'],
          pool: 'forks',
          isolate: false,
          testTimeout: 45_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          // A whole user flow (sign in, fill a report, export) takes 30 s here; twice that on a busy machine.
          testTimeout: 120_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'smoke',
          include: ['apps/server/test/**/*.smoke.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
