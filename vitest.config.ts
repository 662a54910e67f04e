import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const apiTests = ['apps/api/src/**/*.test.ts'];
// Each API test file gets its own database: in memory on PGlite, or a fresh one on the server.
const apiProject = (name: string, kind: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: apiTests,
    environment: 'node',
    env: { TEST_DB_KIND: kind },
    setupFiles: ['apps/api/src/test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // One test file per core. Vitest 4 defaults to one fewer than the cores outside watch mode, which on
    // the 2-core CI machines is a single worker: the API suite used one core of two (11.9 min for
    // api-pglite, 1.2 cores busy; 8.1 min with two workers, the same tests passing).
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
      ...(existsSync('apps/web/vitest.config.ts') ? ['apps/web/vitest.config.ts'] : []),
      // Issue 20: processes of the production build behind HAProxy on a PostgreSQL server of their own.
      // Only scripts/test.sh's fleet step turns it on (after the build, with HAProxy and PgBouncer there).
      ...(process.env.OFFPLAN_FLEET_TESTS === '1'
        ? [
            {
              test: {
                name: 'fleet',
                include: ['apps/api/fleet/**/*.test.ts'],
                environment: 'node',
                testTimeout: 240_000,
                hookTimeout: 180_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
    ],
  },
});
