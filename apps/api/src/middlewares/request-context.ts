import { randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '../lib/context.ts';
import { writeRequestLine } from '../lib/logger.ts';
import { nodeResponseOf } from './security-headers.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** The caller's `x-request-id` when it is a plausible id (a balancer's, a client's), else a new one. */
export const requestIdFrom = (incoming: string | undefined): string =>
  incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();

/**
 * Client address: the socket's, or behind a trusted proxy the right-most x-forwarded-for entry,
 * which that proxy appended. Entries to its left were written by the client and prove nothing.
 */
function clientIpOf(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  // In-process requests (tests, benchmarks) have no socket; asking getConnInfo would throw each time.
  if (!(c.env as { incoming?: unknown } | undefined)?.incoming) return undefined;
  return getConnInfo(c).remote.address;
}

/**
 * Paths can carry an email address (GET /api/notifications/{email}); the request log must not keep
 * someone else's address when such a call is refused, so any path segment holding an '@' is masked.
 */
export function redactPath(path: string): string {
  // Most paths hold neither: no splitting and joining for them.
  if (!path.includes('@') && !path.includes('%40')) return path;
  return path
    .split('/')
    .map((segment) => (segment.includes('@') || segment.includes('%40') ? '[email]' : segment))
    .join('/');
}

/**
 * The balancer's health checks (every couple of seconds, per process) would fill the request log with
 * lines that say nothing; they are still counted in the metrics. A failing check is logged.
 */
const PROBE_PATHS = new Set(['/healthz', '/readyz']);
export const isLoggedRequest = (path: string, status: number) => status >= 400 || !PROBE_PATHS.has(path);

/** Request id, per-request logger, client address and one JSON log line per request but passing probes. */
export function requestContext(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const requestId = requestIdFrom(c.req.header('x-request-id'));
    const log = deps.logger.child({ requestId });
    c.set('deps', deps);
    c.set('requestId', requestId);
    c.set('log', log);
    c.set('clientIp', clientIpOf(c, deps.settings.trustProxy));
    c.set('user', null);
    c.set('session', null);
    const started = performance.now();
    // As the security headers: on Node's response before the handler when there is one, else after it.
    const outgoing = nodeResponseOf(c);
    outgoing?.setHeader('x-request-id', requestId);
    await next();
    if (!outgoing) c.res.headers.set('x-request-id', requestId);
    if (!isLoggedRequest(c.req.path, c.res.status)) return;
    writeRequestLine(deps.logger, {
      requestId,
      method: c.req.method,
      path: redactPath(c.req.path),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      userId: c.get('user')?.id,
    });
  });
}
