import { createHash, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES } from '@offplan/shared';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../lib/context.ts';
import { errorBody } from '../../lib/errors.ts';

/**
 * GET /metrics (issue 20, decision 037): Prometheus text for the operator's scraper. Beside /healthz
 * and /readyz, outside /api, so maintenance, sessions and the origin check never apply. It is not in
 * the OpenAPI document: it is an operator's endpoint, not part of the portal's API, and answers text
 * in Prometheus's format rather than JSON.
 */
export const METRICS_PATH = '/metrics';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

const digest = (token: string) => createHash('sha256').update(token).digest();

/**
 * Compares in constant time. The digests have one length whatever was sent, so neither where the
 * tokens differ nor the expected token's length shows in the time taken.
 */
const sameToken = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/**
 * Who may read the metrics: without METRICS_TOKEN nobody (404, the answer to an unknown path, so the
 * endpoint's existence is not advertised); with it, a caller sending `Authorization: Bearer <token>`
 * (401 otherwise).
 */
export const requireMetricsToken = createMiddleware<AppEnv>(async (c, next) => {
  const expected = c.get('deps').settings.metricsToken;
  if (!expected) {
    return c.json(errorBody(ERROR_CODES.notFound, 'Not found.', undefined, c.get('requestId')), 404);
  }
  const given = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
  if (!given || !sameToken(given, expected)) {
    c.header('WWW-Authenticate', 'Bearer realm="metrics"');
    return c.json(
      errorBody(
        ERROR_CODES.invalidToken,
        'A valid metrics token is required.',
        undefined,
        c.get('requestId'),
      ),
      401,
    );
  }
  await next();
});
