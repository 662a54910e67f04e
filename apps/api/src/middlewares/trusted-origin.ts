import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/context.ts';
import { forbidden } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing calls that a browser sends from another site, whatever their content
 * type (sign-in included: better-auth only checks origins when cookies are sent). Calls without
 * browser headers (server to server, curl) pass: they cannot carry a victim's cookies.
 */
export function trustedOriginOnly(trustedOrigins: string[]) {
  const trusted = new Set(trustedOrigins);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const crossSite = origin ? !trusted.has(origin) : c.req.header('sec-fetch-site') === 'cross-site';
      if (crossSite) throw forbidden('Cross-site requests are not allowed.');
    }
    await next();
  });
}
