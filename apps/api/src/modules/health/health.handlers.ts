import { ERROR_CODES } from '@offplan/shared';
import type { EdgeAnswer, EdgeRoute } from '../../lib/edge.ts';
import { errorBody } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import { migrationsAreCurrent, pingDatabase } from './health.repository.ts';
import { healthz, readyz } from './health.routes.ts';

/** What `/healthz` says: the process is up and its event loop turns; nothing else is asked. */
const LIVE = { status: 'ok' as const };

const LIVE_ANSWER: EdgeAnswer = {
  route: healthz.path,
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(JSON.stringify(LIVE)),
};

/** `/healthz` at the edge (lib/edge.ts): the same answer as the route's, without the app's stack. */
export const livenessProbe: EdgeRoute = ({ path }) => (path === healthz.path ? LIVE_ANSWER : undefined);

export const healthRouter = createRouter()
  .openapi(healthz, (c) => c.json(LIVE, 200))
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
