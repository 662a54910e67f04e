import {
  type AdminOrganisation,
  type AdminOrganisationInput,
  type AdminUserOrganisationAnswer,
  type AdminUserOrganisationInput,
  API_PATHS,
  adminOrganisationListSchema,
  adminOrganisationSchema,
  adminUserOrganisationAnswerSchema,
} from '@offplan/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';
import { adminUsersQueryKey } from './admin-users.ts';

const adminOrganisationsQueryKey = ['admin', 'organisations'] as const;

/** GET /api/admin/organisations?q=: organisations whose name contains q (the picker's choices). */
export function adminOrganisationsQueryOptions(q: string) {
  const search = q.trim();
  return queryOptions({
    queryKey: [...adminOrganisationsQueryKey, search],
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.adminOrganisations, {
        query: { q: search || undefined },
        schema: adminOrganisationListSchema,
        signal,
      }),
  });
}

/** POST /api/admin/organisations: a new organisation without members. */
export function useCreateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation<AdminOrganisation, ApiClientError, AdminOrganisationInput>({
    mutationFn: (input) =>
      apiRequest(API_PATHS.adminOrganisations, {
        method: 'POST',
        body: input,
        schema: adminOrganisationSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrganisationsQueryKey }),
  });
}

/** PUT /api/admin/users/{id}/organisation: moves the person; the users list and their details follow. */
export function useMoveUserToOrganisation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation<AdminUserOrganisationAnswer, ApiClientError, AdminUserOrganisationInput>({
    mutationFn: (input) =>
      apiRequest(API_PATHS.adminUserOrganisation(userId), {
        method: 'PUT',
        body: input,
        schema: adminUserOrganisationAnswerSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
