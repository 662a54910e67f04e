import { API_PATHS, invitationPreviewSchema } from '@offplan/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';
import { clearUserData } from '../../../lib/query-client.ts';

/** GET /api/invitations/{token} (public): who was invited, shown at /activate; 404 when unusable. */
export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.invitation(token), {
        schema: invitationPreviewSchema,
        signal,
      }),
  });
}

/** POST /api/auth/invitation/activate: sets the password and signs the invited user in. */
export function useActivateInvitation() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiClientError, { token: string; password: string }>({
    mutationFn: (body) =>
      apiRequest(API_PATHS.auth.activateInvitation, { method: 'POST', body, schema: z.unknown() }),
    onSuccess: () => clearUserData(queryClient),
  });
}
