import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { session as sessionTable } from '../db/schema/index.ts';
import type { AppDeps, AppEnv } from '../lib/context.ts';
import { createSessionReader, type SessionReader } from '../lib/session-reader.ts';
import { impersonationOver } from '../modules/auth/impersonation-cap.ts';

/** One reader per auth instance (its prepared query belongs to that instance's database). */
const sessionReaders = new WeakMap<AppDeps['auth'], Promise<SessionReader>>();

export function sessionReaderFor(deps: AppDeps) {
  let reader = sessionReaders.get(deps.auth);
  if (!reader) {
    reader = createSessionReader(deps.auth, deps.database);
    sessionReaders.set(deps.auth, reader);
    // A failed set-up is tried again by the next request rather than kept.
    reader.catch(() => sessionReaders.delete(deps.auth));
  }
  return reader;
}

/**
 * Loads the better-auth session (if any) into `c.get('user')` and `c.get('session')`, for every /api call.
 * Who may call a route is said by the guards in its contract (middlewares/guards.ts).
 */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const result = await (await sessionReaderFor(c.get('deps')))(c);
  // Design §1: acting as a user lasts at most an hour from its start, whatever refreshed the session since.
  if (result && impersonationOver(result.session)) {
    await c.get('deps').database.db.delete(sessionTable).where(eq(sessionTable.id, result.session.id));
  } else if (result) {
    c.set('user', result.user);
    c.set('session', result.session);
    c.set('organisationRole', result.organisationRole);
  }
  await next();
});
