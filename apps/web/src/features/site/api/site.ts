import {
  API_PATHS,
  SITE_REFETCH_INTERVAL_MS,
  type SiteSettings,
  siteInfoSchema,
  siteSettingsSchema,
  type UpdateSiteSettings,
} from '@offplan/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { APP_SCOPE_META } from '../../../lib/query-client.ts';

export const siteQueryKey = ['site'] as const;

/** GET /api/site (public): the tenant's branding for this host, and the maintenance flag. */
export function siteQueryOptions() {
  return queryOptions({
    queryKey: siteQueryKey,
    queryFn: ({ signal }) => apiRequest(API_PATHS.site, { schema: siteInfoSchema, signal }),
    staleTime: SITE_REFETCH_INTERVAL_MS,
    // Asked again now and then, so an admin's maintenance switch reaches every open tab (issue 4).
    refetchInterval: SITE_REFETCH_INTERVAL_MS,
    meta: APP_SCOPE_META,
  });
}

export const siteSettingsQueryKey = ['site', 'settings'] as const;

/** GET /api/site/settings (admins). */
export function siteSettingsQueryOptions() {
  return queryOptions({
    queryKey: siteSettingsQueryKey,
    queryFn: ({ signal }) => apiRequest(API_PATHS.siteSettings, { schema: siteSettingsSchema, signal }),
  });
}

/** PUT /api/site/settings (admins): switch maintenance on or off. */
export function useUpdateSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSiteSettings) =>
      apiRequest(API_PATHS.siteSettings, { method: 'PUT', body, schema: siteSettingsSchema }),
    onSuccess: (settings: SiteSettings) => {
      queryClient.setQueryData(siteSettingsQueryKey, settings);
      void queryClient.invalidateQueries({ queryKey: siteQueryKey, exact: true });
    },
  });
}
