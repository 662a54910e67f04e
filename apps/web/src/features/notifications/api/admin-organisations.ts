import { API_PATHS, messageOrganisationsResponseSchema } from '@offplan/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/messages/organisations: the composer's organisation choices. */
export function messageOrganisationsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'messages', 'organisations'] as const,
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.adminMessageOrganisations, { schema: messageOrganisationsResponseSchema, signal }),
  });
}
