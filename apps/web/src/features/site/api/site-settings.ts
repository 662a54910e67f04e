import { API_PATHS, type SiteSettings, siteSettingsSchema, type UpdateSiteSettings } from '@offplan/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { siteQueryKey } from './site.ts';

// Apart from GET /api/site (site.ts), which every first page reads: these schemas are the admins' page's.

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
