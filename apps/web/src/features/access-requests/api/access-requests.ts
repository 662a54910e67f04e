import {
  type AccessRequestDecisionBody,
  type AccessRequestItem,
  type AccessRequestStatus,
  accessRequestDecisionResponseSchema,
  accessRequestListResponseSchema,
  PROJECT_API_PATHS,
} from '@offplan/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ActionCallbacks, invalidateProjectAccess } from '../../projects/index.ts';

export const accessRequestsQueryKey = ['access-requests'] as const;

/** GET /api/access-requests?status=: requests the caller may decide (platform admin: all; org owner/admin: their org's). */
export function accessRequestsQueryOptions(status: AccessRequestStatus) {
  return queryOptions({
    queryKey: [...accessRequestsQueryKey, status] as const,
    queryFn: ({ signal }) =>
      apiRequest(PROJECT_API_PATHS.accessRequests, {
        query: { status },
        schema: accessRequestListResponseSchema,
        signal,
      }),
  });
}

type DecisionInput = AccessRequestDecisionBody & { requestId: number };

/** POST /api/access-requests/{id}/decision. Callbacks run from the mutation: the decided row leaves the list. */
export function useDecideAccessRequest(callbacks: ActionCallbacks<AccessRequestItem, DecisionInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ requestId, ...body }: DecisionInput) =>
      (
        await apiRequest(PROJECT_API_PATHS.accessRequestDecision(requestId), {
          method: 'POST',
          body,
          schema: accessRequestDecisionResponseSchema,
        })
      ).request,
    onSuccess: (answer, input) => {
      callbacks.onSuccess?.(answer, input);
      return invalidateProjectAccess(queryClient);
    },
    onError: (error, input) => callbacks.onError?.(error, input),
  });
}
