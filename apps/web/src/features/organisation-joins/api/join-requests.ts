import {
  API_PATHS,
  type JoinRequestDecision,
  joinRequestDecisionAnswerSchema,
  organisationJoinRequestListSchema,
} from '@offplan/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';

export const joinRequestsQueryKey = ['organisation', 'join-requests'] as const;

/** GET /api/organisation/join-requests: the organisation's pending requests (owners and admins). */
export const joinRequestsQueryOptions = () =>
  queryOptions({
    queryKey: joinRequestsQueryKey,
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.organisationJoinRequests, { schema: organisationJoinRequestListSchema, signal }),
  });

/** POST /api/organisation/join-requests/{id}/decision; the list (and the members) follow. */
export function useDecideJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation<
    Awaited<ReturnType<typeof decide>>,
    ApiClientError,
    { id: number; decision: JoinRequestDecision }
  >({
    mutationFn: decide,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['organisation'] }),
  });
}

function decide({ id, decision }: { id: number; decision: JoinRequestDecision }) {
  return apiRequest(API_PATHS.organisationJoinRequestDecision(id), {
    method: 'POST',
    body: { decision },
    schema: joinRequestDecisionAnswerSchema,
  });
}
