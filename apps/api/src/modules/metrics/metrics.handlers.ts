import { createRouter } from '../../lib/router.ts';
import { METRICS_PATH, requireMetricsToken } from './metrics.routes.ts';

/**
 * The scrape: the process's metrics and this app's, the pool and job queue gauges read now. A plain
 * Hono route, not `openapi`: it stays out of the OpenAPI document (metrics.routes.ts says why).
 */
export const metricsRouter = createRouter().get(METRICS_PATH, requireMetricsToken, async (c) => {
  const { metrics } = c.get('deps');
  const text = await metrics.exposition();
  return c.body(text, 200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
});
