import { API_PATHS, leadDigestPreferenceSchema } from '@offplan/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClientError } from '../../../lib/api-client.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/account/lead-digest: whether the user gets the daily summary of yesterday's leads. */
export function leadDigestQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'lead-digest'] as const,
    queryFn: ({ signal }) => apiRequest(API_PATHS.leadDigest, { schema: leadDigestPreferenceSchema, signal }),
  });
}

/** PUT /api/account/lead-digest. */
export function useSetLeadDigest() {
  const queryClient = useQueryClient();
  return useMutation<{ dailyDigest: boolean }, ApiClientError, boolean>({
    mutationFn: (dailyDigest) =>
      apiRequest(API_PATHS.leadDigest, {
        method: 'PUT',
        body: { dailyDigest },
        schema: leadDigestPreferenceSchema,
      }),
    onSuccess: (preference) => queryClient.setQueryData(leadDigestQueryOptions().queryKey, preference),
  });
}
