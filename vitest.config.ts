import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['packages/**/src/**/*.test.ts', 'apps/web/app/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database; two workers fit this 2-core machine.
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
});
