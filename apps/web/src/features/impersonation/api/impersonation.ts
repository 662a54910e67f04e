import { API_PATHS, impersonationConnectSchema, impersonationStartSchema } from '@offplan/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';
import { clearUserData } from '../../../lib/query-client.ts';

/**
 * POST /api/auth/impersonation/start: the answer's cookie makes this browser the user (at most an
 * hour); the magic token is what brings the admin back.
 */
export function startImpersonation(userId: string) {
  return apiRequest(API_PATHS.auth.impersonationStart, {
    method: 'POST',
    body: { userId },
    schema: impersonationStartSchema,
  });
}

/**
 * POST /api/auth/sign-out before returning to the admin (spec §6). Never fails: /connect restores the
 * admin's own session whether or not the user's session could be ended here.
 */
export async function signOutImpersonatedUser(): Promise<void> {
  await apiRequest(API_PATHS.auth.signOut, { method: 'POST', body: {}, schema: z.unknown() }).catch(
    () => undefined,
  );
}

/**
 * POST /api/auth/impersonation/connect (public; from /connect): trades the admin's magic token for the
 * admin's own session again (design §1 "Return to Admin").
 */
export function useConnectAdminSession() {
  const queryClient = useQueryClient();
  return useMutation<z.infer<typeof impersonationConnectSchema>, ApiClientError, { token: string }>({
    mutationFn: (body) =>
      apiRequest(API_PATHS.auth.impersonationConnect, {
        method: 'POST',
        body,
        schema: impersonationConnectSchema,
      }),
    // Nothing of the user the admin acted as may survive into the admin's session.
    onSuccess: () => clearUserData(queryClient),
  });
}
