import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // API test files each get their own database; two workers fit this 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/src/**/*.test.ts',
            'apps/web/app/**/*.test.ts',
            'apps/api/src/lib/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: ['apps/api/src/lib/**', 'apps/api/src/machines/**'],
          globalSetup: ['packages/db/src/test-template.ts'],
          environment: 'node',
          // Each file builds its own app on its own database and shares nothing through module
          // state, so a worker imports the server once for all its files instead of once per
          // file (a third of the time of a pass: 444 s → 280 s on the PostgreSQL server). A file
          // that changes something global (fake timers) puts it back before it ends.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000, // a fresh database per file: slow when the shared machine is busy
        },
      },
      {
        test: {
          // Real server processes behind nginx (apps/api/src/machines): once per `npm test`,
          // on the PostgreSQL server, never in the per-database API runs.
          name: 'machines',
          include: ['apps/api/src/machines/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
