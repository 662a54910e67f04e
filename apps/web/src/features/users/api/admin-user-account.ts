import {
  ADMIN_USER_API_PATHS,
  type AdminUserDetail,
  adminUserAuditSchema,
  adminUserDetailSchema,
  adminUserEmailSentSchema,
  adminUserProjectsSchema,
  adminUserSessionsSchema,
} from '@offplan/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';
import { adminUserQueryOptions, adminUsersQueryKey } from './admin-users.ts';

/**
 * /profile/{id} beyond the user's own row (issue 19 item 1): their projects, sessions and audit entries,
 * and what an admin changes or sends. Keyed under the user's detail, so every change refreshes them all.
 */
const detailKey = (id: string) => adminUserQueryOptions(id).queryKey;

export function adminUserProjectsQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...detailKey(id), 'projects'],
    queryFn: ({ signal }) =>
      apiRequest(ADMIN_USER_API_PATHS.projects(id), { schema: adminUserProjectsSchema, signal }),
  });
}

export function adminUserSessionsQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...detailKey(id), 'sessions'],
    queryFn: ({ signal }) =>
      apiRequest(ADMIN_USER_API_PATHS.sessions(id), { schema: adminUserSessionsSchema, signal }),
  });
}

export function adminUserAuditQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...detailKey(id), 'audit'],
    queryFn: ({ signal }) =>
      apiRequest(ADMIN_USER_API_PATHS.audit(id), { schema: adminUserAuditSchema, signal }),
  });
}

export type AdminUserEdit = { firstName: string; lastName: string; title: string; jobRoleId?: number };
type EmailSent = z.infer<typeof adminUserEmailSentSchema>;

/** After a change the user's row, list and sections are read again. */
function useAdminUserMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation<TResult, ApiClientError, TInput>({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}

/** PATCH /api/admin/users/{id}: names, title and job role. */
export function useUpdateAdminUser(id: string) {
  return useAdminUserMutation<AdminUserEdit, AdminUserDetail>((body) =>
    apiRequest(ADMIN_USER_API_PATHS.user(id), { method: 'PATCH', body, schema: adminUserDetailSchema }),
  );
}

export function useMarkEmailVerified(id: string) {
  return useAdminUserMutation<void, AdminUserDetail>(() =>
    apiRequest(ADMIN_USER_API_PATHS.verifyEmail(id), { method: 'POST', schema: adminUserDetailSchema }),
  );
}

export function useSendPasswordReset(id: string) {
  return useAdminUserMutation<void, EmailSent>(() =>
    apiRequest(ADMIN_USER_API_PATHS.passwordReset(id), { method: 'POST', schema: adminUserEmailSentSchema }),
  );
}

export function useResendVerification(id: string) {
  return useAdminUserMutation<void, EmailSent>(() =>
    apiRequest(ADMIN_USER_API_PATHS.verificationEmail(id), {
      method: 'POST',
      schema: adminUserEmailSentSchema,
    }),
  );
}
