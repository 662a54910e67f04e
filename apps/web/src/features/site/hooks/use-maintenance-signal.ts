import { ERROR_CODES, type SiteInfo } from '@offplan/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiClientError } from '../../../lib/api-client.ts';
import { siteQueryKey } from '../api/site.ts';

/** Marks the site as under maintenance when any call answered 503 MAINTENANCE. */
export function noteMaintenanceError(queryClient: QueryClient, error: unknown): void {
  if (!isApiClientError(error, ERROR_CODES.maintenance) || error.status !== 503) return;
  queryClient.setQueryData<SiteInfo>(siteQueryKey, (site) =>
    site && !site.maintenanceMode ? { ...site, maintenanceMode: true } : site,
  );
}

/**
 * Issue 4: the web app notices maintenance from GET /api/site (asked again periodically) and from
 * any query or mutation the API refused with 503 MAINTENANCE, without waiting for the next poll.
 */
export function useMaintenanceSignal(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') {
        noteMaintenanceError(queryClient, event.action.error);
      }
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') {
        noteMaintenanceError(queryClient, event.action.error);
      }
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}
