import { API_PATHS } from '@offplan/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';
import { adminUsersQueryKey } from './admin-users.ts';

/** POST /api/auth/admin/ban-user: the user is signed out everywhere and cannot sign in. */
export async function banUser(input: { userId: string; banReason?: string | undefined }): Promise<void> {
  await apiRequest(API_PATHS.auth.banUser, { method: 'POST', body: input, schema: z.unknown() });
}

/** POST /api/auth/admin/unban-user. */
export async function unbanUser(userId: string): Promise<void> {
  await apiRequest(API_PATHS.auth.unbanUser, { method: 'POST', body: { userId }, schema: z.unknown() });
}

/** POST /api/auth/admin/revoke-user-sessions: "Sign out everywhere". */
export async function revokeUserSessions(userId: string): Promise<void> {
  await apiRequest(API_PATHS.auth.revokeUserSessions, {
    method: 'POST',
    body: { userId },
    schema: z.unknown(),
  });
}

function useAdminUserMutation<TInput>(mutationFn: (input: TInput) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation<void, ApiClientError, TInput>({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}

export function useBanUser() {
  return useAdminUserMutation(banUser);
}

export function useUnbanUser() {
  return useAdminUserMutation(unbanUser);
}

export function useRevokeUserSessions() {
  return useAdminUserMutation(revokeUserSessions);
}
