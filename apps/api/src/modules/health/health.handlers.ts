import { sql } from 'drizzle-orm';
import { migrationsAreCurrent } from '../../db/migrate.ts';
import { errorBody } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import { healthz, readyz } from './health.routes.ts';

export const healthRouter = createRouter()
  .openapi(healthz, (c) => c.json({ status: 'ok' as const }, 200))
  .openapi(readyz, async (c) => {
    const { database, migrationsFolder } = c.var.deps;
    try {
      await database.db.execute(sql`select 1`);
      if (!(await migrationsAreCurrent(database, migrationsFolder))) {
        return c.json(
          errorBody('NOT_READY', 'Database migrations are not current.', undefined, c.var.requestId),
          503,
        );
      }
      return c.json({ status: 'ok' as const, checks: { database: 'ok', migrations: 'current' } }, 200);
    } catch (error) {
      c.var.log.warn({ err: error }, 'readiness check failed');
      return c.json(errorBody('NOT_READY', 'The database does not answer.', undefined, c.var.requestId), 503);
    }
  });
