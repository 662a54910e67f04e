import { API_PATHS, type createInvitationRequestSchema, invitationSchema } from '@offplan/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';

export type InvitationRequest = z.input<typeof createInvitationRequestSchema>;
export type Invitation = z.infer<typeof invitationSchema>;

/** POST /api/admin/invitations: the invitee gets a link to /activate to set a password. */
export function createInvitation(request: InvitationRequest): Promise<Invitation> {
  return apiRequest(API_PATHS.adminInvitations, { method: 'POST', body: request, schema: invitationSchema });
}

export function useCreateInvitation() {
  return useMutation<Invitation, ApiClientError, InvitationRequest>({ mutationFn: createInvitation });
}
