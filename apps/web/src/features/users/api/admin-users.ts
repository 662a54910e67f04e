import {
  ADMIN_USERS_PER_PAGE,
  API_PATHS,
  adminUserDetailSchema,
  adminUsersPageSchema,
} from '@offplan/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every admin view of users; invalidating it refreshes the list and any user's details. */
export const adminUsersQueryKey = ['admin', 'users'] as const;

export type AdminUsersSearch = { q?: string | undefined; page: number };

/** GET /api/admin/users (platform admins): q matches name, email or organisation. */
export function adminUsersQueryOptions({ q, page }: AdminUsersSearch) {
  const search = q?.trim() || undefined;
  return queryOptions({
    queryKey: [...adminUsersQueryKey, 'list', { q: search ?? '', page }],
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.adminUsers, {
        query: { q: search, page, perPage: ADMIN_USERS_PER_PAGE },
        schema: adminUsersPageSchema,
        signal,
      }),
  });
}

/** GET /api/admin/users/{id}: one user as the admin sees them at /profile/{id}. */
export function adminUserQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...adminUsersQueryKey, 'detail', id],
    queryFn: ({ signal }) => apiRequest(API_PATHS.adminUser(id), { schema: adminUserDetailSchema, signal }),
  });
}
