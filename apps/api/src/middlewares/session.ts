import { isPlatformAdmin } from '@offplan/shared';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/context.ts';
import { forbidden, sessionRequired } from '../lib/errors.ts';

/** Loads the better-auth session (if any) into `c.var.user` and `c.var.session`. */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const result = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
  if (result) {
    c.set('user', result.user);
    c.set('session', result.session);
  }
  await next();
});

export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw sessionRequired();
  await next();
});

/** Spec §6: admins have no projects of their own; these calls are for portal users only. */
export const requireNonAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw sessionRequired();
  if (isPlatformAdmin(c.var.user))
    throw forbidden('This call is for portal users; admins have no projects of their own.');
  await next();
});
