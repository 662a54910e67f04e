import { API_PATHS, SITE_REFETCH_INTERVAL_MS, siteInfoCheck } from '@offplan/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { APP_SCOPE_META } from '../../../lib/query-client.ts';

export const siteQueryKey = ['site'] as const;

/**
 * GET /api/site (public): the tenant's branding for this host, and the maintenance flag. Read by
 * `siteInfoCheck`, siteInfoSchema's checks without Zod: every first page awaits it (decision 044).
 */
export function siteQueryOptions() {
  return queryOptions({
    queryKey: siteQueryKey,
    queryFn: ({ signal }) => apiRequest(API_PATHS.site, { schema: siteInfoCheck, signal }),
    staleTime: SITE_REFETCH_INTERVAL_MS,
    // Asked again now and then, so an admin's maintenance switch reaches every open tab (issue 4).
    refetchInterval: SITE_REFETCH_INTERVAL_MS,
    meta: APP_SCOPE_META,
  });
}
