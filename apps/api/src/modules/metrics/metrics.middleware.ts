import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../../lib/context.ts';
import { type Metrics, STATIC_ROUTE, UNMATCHED_ROUTE } from '../../lib/metrics.ts';

/** How Hono records a route added with `use` or `all` (a middleware, a file mount, the API's 404). */
const ANY_METHOD = 'ALL';
/** `use('*')` and the web app's `get('*')` (lib/static-web.ts), as Hono records them: they name no route. */
const CATCH_ALL = new Set(['*', '/*']);

/**
 * A route's pattern without its parameters' regular expressions: `/:prefix{(?:act|nsw)}/:slug{[a-z]+}`
 * → `/:prefix/:slug`. Worked out once per route and kept (routes are few and fixed at start).
 */
const labels = new Map<string, string>();
export function patternLabel(path: string): string {
  let label = labels.get(path);
  if (label === undefined) {
    label = '';
    let depth = 0;
    for (const char of path) {
      if (char === '{') depth += 1;
      else if (char === '}') depth -= 1;
      else if (depth === 0) label += char;
    }
    labels.set(path, label);
  }
  return label;
}

/**
 * The `route` label of an answered request: the PATTERN of the route that answered
 * (`/api/projects/:id`), never the path, whose ids would make a series each.
 * - The route Hono ran last was added for a method (`get`, `post`, `openapi`): its pattern. This is
 *   also the case when that route's own guard refused (401, 403, 429): the guard is part of the route.
 * - Otherwise a middleware answered (maintenance 503, another site's origin 403) or nothing did: the
 *   first method route the path matched, the one that would have answered.
 * - None, and the last route is a file mount (`/media/uploads/*`), or the web app's catch-all
 *   answered: `static`. Anything else is `unmatched`.
 */
export function routeLabel(c: Context): string {
  const matched = matchedRoutes(c);
  const last = matched[c.req.routeIndex];
  if (last && last.method !== ANY_METHOD) {
    return CATCH_ALL.has(last.path) ? STATIC_ROUTE : patternLabel(last.path);
  }
  for (const route of matched) {
    if (route.method !== ANY_METHOD && !CATCH_ALL.has(route.path)) return patternLabel(route.path);
  }
  const fileMount = last && !CATCH_ALL.has(last.path) && !last.path.startsWith('/api');
  return fileMount ? STATIC_ROUTE : UNMATCHED_ROUTE;
}

/** Counts one answered request and its time since `started` (`performance.now()`): here and at the edge. */
export function recordRequest(
  metrics: Metrics,
  labels: { method: string; route: string; status: number },
  started: number,
) {
  metrics.httpRequests.inc(labels);
  metrics.httpRequestDuration.observe(labels, (performance.now() - started) / 1000);
}

/**
 * Counts and times every request (issue 20). First in the stack, so the time includes every other
 * middleware. Per request: one small array (Hono's matched routes), one labels object and two map
 * updates in prom-client; no path parsing (decision 037 measures it).
 */
export function countRequests(metrics: Metrics) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    // Hono answers a handler's error through onError; only an error in onError itself gets here.
    let status = 500;
    try {
      await next();
      status = c.res.status;
    } finally {
      recordRequest(metrics, { method: c.req.method, route: routeLabel(c), status }, started);
    }
  });
}
