import { ERROR_CODES, isPlatformAdmin, MESSAGES } from '@offplan/shared';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { runWithTenant, tenantForHost } from '../../lib/branding.ts';
import type { AppEnv } from '../../lib/context.ts';
import { errorBody } from '../../lib/errors.ts';
import { maintenanceIsOn } from './site.state.ts';

/** The host name the visitor asked for: behind a trusted proxy, the one it forwarded. */
export function requestHost(c: Context<AppEnv>): string | undefined {
  const forwarded = c.get('deps').settings.trustProxy
    ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim()
    : undefined;
  if (forwarded) return forwarded;
  const host = c.req.header('host');
  if (host) return host;
  try {
    return new URL(c.req.url).host;
  } catch {
    return undefined;
  }
}

/** Design §8: every request runs as the tenant of its host name (lib/branding.ts currentTenant()). */
export const tenantContext = createMiddleware<AppEnv>(async (c, next) => {
  const tenant = tenantForHost(requestHost(c), c.get('deps').settings.tenantHosts);
  // The default tenant is what `currentTenant()` answers outside any: no async context to enter for it
  // (entering one costs on every request, and before better-auth's first call it switched Node's promise
  // hooks on for the whole process: decision 045).
  if (tenant === 'offplan') await next();
  else await runWithTenant(tenant, next);
});

/**
 * Calls anyone may make while maintenance is on (docs/decisions/018): what the web app needs to show
 * the maintenance screen, and what an admin needs to sign in and switch it off again.
 */
const OPEN_DURING_MAINTENANCE = new Set([
  'GET /api/site',
  'GET /api/auth/get-session',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-out',
  'POST /api/auth/two-factor/send-otp',
  'POST /api/auth/two-factor/verify-otp',
  'POST /api/auth/impersonation/connect',
]);

export function openDuringMaintenance(method: string, path: string): boolean {
  return OPEN_DURING_MAINTENANCE.has(`${method === 'HEAD' ? 'GET' : method} ${path.replace(/\/$/, '')}`);
}

/**
 * While maintenance is on (issue 4), the API answers 503 MAINTENANCE to every call but those above,
 * and to everything a signed-in platform admin (not acting as someone) asks: admins keep the portal
 * so they can check it and switch maintenance off. Health checks live outside /api and stay open.
 * Mounted twice: before better-auth's routes (which never reach the session loader) and after it.
 */
export const maintenanceGate = createMiddleware<AppEnv>(async (c, next) => {
  if (openDuringMaintenance(c.req.method, c.req.path) || !(await maintenanceIsOn(c.get('deps')))) {
    return next();
  }
  const user = c.get('user');
  const admin = user && isPlatformAdmin(user) && !c.get('session')?.impersonatedBy;
  if (admin && !c.req.path.startsWith('/api/auth/')) return next();
  c.header('retry-after', '120');
  return c.json(errorBody(ERROR_CODES.maintenance, MESSAGES.maintenance, undefined, c.get('requestId')), 503);
});
