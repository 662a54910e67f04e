import { API_PATHS, impersonationConnectSchema } from '@offplan/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';
import { clearUserData } from '../../../lib/query-client.ts';

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
