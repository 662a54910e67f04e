import { ERROR_CODES } from '@offplan/shared';
import { errorBody } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import { migrationsAreCurrent, pingDatabase } from './health.repository.ts';
import { healthz, readyz } from './health.routes.ts';

export const healthRouter = createRouter()
  .openapi(healthz, (c) => c.json({ status: 'ok' as const }, 200))
  .openapi(readyz, async (c) => {
    const { database, migrationsFolder, lifecycle } = c.get('deps');
    if (lifecycle.draining) {
      return c.json(
        errorBody(ERROR_CODES.notReady, 'The server is shutting down.', undefined, c.get('requestId')),
        503,
      );
    }
    try {
      await pingDatabase(database);
      if (!(await migrationsAreCurrent(database, migrationsFolder))) {
        return c.json(
          errorBody(
            ERROR_CODES.notReady,
            'Database migrations are not current.',
            undefined,
            c.get('requestId'),
          ),
          503,
        );
      }
      return c.json({ status: 'ok' as const, checks: { database: 'ok', migrations: 'current' } }, 200);
    } catch (error) {
      c.get('log').warn({ err: error }, 'readiness check failed');
      return c.json(
        errorBody(ERROR_CODES.notReady, 'The database does not answer.', undefined, c.get('requestId')),
        503,
      );
    }
  });
