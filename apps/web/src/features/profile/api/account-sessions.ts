import { API_PATHS, accountSessionsSchema } from '@offplan/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';

export const accountSessionsQueryKey = ['account', 'sessions'] as const;

/** GET /api/account/sessions: where the signed-in user is signed in. */
export function accountSessionsQueryOptions() {
  return queryOptions({
    queryKey: accountSessionsQueryKey,
    queryFn: async ({ signal }) => {
      const { sessions } = await apiRequest(API_PATHS.accountSessions, {
        schema: accountSessionsSchema,
        signal,
      });
      return sessions;
    },
  });
}

/** DELETE /api/account/sessions/{id}. */
export async function revokeSession(id: string): Promise<void> {
  await apiRequest(API_PATHS.accountSession(id), {
    method: 'DELETE',
    schema: z.unknown(),
  });
}

/** POST /api/auth/revoke-other-sessions: every session but this one ends. */
export async function revokeOtherSessions(): Promise<void> {
  await apiRequest(API_PATHS.auth.revokeOtherSessions, { method: 'POST', body: {}, schema: z.unknown() });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiClientError, string>({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiClientError, void>({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}
