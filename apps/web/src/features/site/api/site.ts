import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { APP_SCOPE_META } from '../../../lib/query-client.ts';

/**
 * GET /api/site (public). Kept here until the API publishes the schema in @offplan/shared;
 * then import it from there instead.
 */
export const siteSchema = z.object({
  productName: z.string(),
  siteName: z.string(),
  tenant: z.string(),
  maintenanceMode: z.boolean(),
});
export type Site = z.infer<typeof siteSchema>;

export function siteQueryOptions() {
  return queryOptions({
    queryKey: ['site'],
    queryFn: ({ signal }) => apiRequest('/api/site', { schema: siteSchema, signal }),
    // Branding and the maintenance flag change rarely; a reload picks up changes.
    staleTime: 5 * 60_000,
    meta: APP_SCOPE_META,
  });
}
