import {
  API_PATHS,
  type OrganisationInvitation,
  type OrganisationInvitationInput,
  organisationInvitationListSchema,
  organisationInvitationSchema,
  pendingInvitationListSchema,
  pendingInvitationSchema,
} from '@offplan/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';

/** The caller's organisation's pending invitations (any member reads them). */
export const organisationInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: ['organisation', 'invitations'],
    queryFn: () =>
      apiRequest(API_PATHS.organisationInvitations, { schema: organisationInvitationListSchema }),
  });

/** /pending-invites: every pending invitation, for platform admins. */
export const pendingInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'pending-invitations'],
    queryFn: () => apiRequest(API_PATHS.pendingInvitations, { schema: pendingInvitationListSchema }),
  });

/** After a change, the list it changed is read again. */
function useRefresh(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey });
}

export function useInviteToOrganisation() {
  const refresh = useRefresh(organisationInvitationsQueryOptions().queryKey);
  return useMutation<OrganisationInvitation, ApiClientError, OrganisationInvitationInput>({
    mutationFn: (input) =>
      apiRequest(API_PATHS.organisationInvitations, {
        method: 'POST',
        body: input,
        schema: organisationInvitationSchema,
      }),
    onSuccess: refresh,
  });
}

/** Resend and revoke of the organisation's invitations, or (admin) of any invitation. */
export function useInvitationActions(scope: 'organisation' | 'admin') {
  const paths =
    scope === 'organisation'
      ? {
          list: organisationInvitationsQueryOptions().queryKey,
          resend: API_PATHS.organisationInvitationResend,
          revoke: API_PATHS.organisationInvitation,
        }
      : {
          list: pendingInvitationsQueryOptions().queryKey,
          resend: API_PATHS.pendingInvitationResend,
          revoke: API_PATHS.pendingInvitation,
        };
  const refresh = useRefresh(paths.list);
  const resend = useMutation<unknown, ApiClientError, string>({
    mutationFn: (id) =>
      apiRequest(paths.resend(id), {
        method: 'POST',
        schema: scope === 'organisation' ? organisationInvitationSchema : pendingInvitationSchema,
      }),
    onSuccess: refresh,
  });
  const revoke = useMutation<unknown, ApiClientError, string>({
    mutationFn: (id) => apiRequest(paths.revoke(id), { method: 'DELETE', schema: z.unknown() }),
    onSuccess: refresh,
  });
  return { resend, revoke };
}
