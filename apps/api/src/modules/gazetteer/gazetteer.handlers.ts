import type { GazetteerResult } from '@offplan/shared';
import type { AppDeps } from '../../lib/context.ts';
import type { Logger } from '../../lib/logger.ts';
import { createRouter } from '../../lib/router.ts';
import { getGazetteer } from './gazetteer.routes.ts';
import { searchGazetteer } from './gazetteer.search.ts';
import { geocode } from './geocoder.ts';

/** Gazetteer localities, and geocoder addresses first when a geocoder is configured and the query looks like a street address. */
export async function searchAddresses(
  deps: Pick<AppDeps, 'settings'>,
  query: string,
  log: Logger,
  limit = 10,
): Promise<GazetteerResult[]> {
  const local = searchGazetteer(query, limit);
  const geocoderUrl = deps.settings.listings.geocoderUrl;
  if (!geocoderUrl || query.trim().length < 3) return local;
  const remote = await geocode(geocoderUrl, query, log, Math.min(5, limit));
  return [...remote, ...local].slice(0, limit);
}

export const gazetteerRouter = createRouter();

gazetteerRouter.openapi(getGazetteer, async (c) => {
  const { q, limit } = c.req.valid('query');
  const results = await searchAddresses(c.get('deps'), q, c.get('log'), limit);
  return c.json({ results }, 200);
});
