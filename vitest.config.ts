import { existsSync } from 'node:fs';
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
