import { siteInfoSchema } from '@offplan/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { APP_SCOPE_META } from '../../../lib/query-client.ts';

/** GET /api/site (public). */
export function siteQueryOptions() {
  return queryOptions({
    queryKey: ['site'],
    queryFn: ({ signal }) => apiRequest('/api/site', { schema: siteInfoSchema, signal }),
    // Branding and the maintenance flag change rarely; a reload picks up changes.
    staleTime: 5 * 60_000,
    meta: APP_SCOPE_META,
  });
}
