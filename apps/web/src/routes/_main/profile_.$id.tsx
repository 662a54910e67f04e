import { createFileRoute, notFound } from '@tanstack/react-router';
import { adminUserQueryOptions } from '../../features/users/api/admin-users.ts';
import { AdminUserError, AdminUserPage } from '../../features/users/components/admin-user-page.tsx';
import { isApiClientError } from '../../lib/api-client.ts';

/**
 * /profile/{id} (titled 'User Profile', spec §2): one user as a platform admin sees them. The file is
 * `profile_.$id` so the page is not drawn inside the signed-in user's own /profile tabs.
 */
export const Route = createFileRoute('/_main/profile_/$id')({
  beforeLoad: ({ context }) => {
    if (!context.isAdmin) throw notFound();
  },
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(adminUserQueryOptions(params.id));
    } catch (error) {
      if (isApiClientError(error) && error.status === 404) throw notFound();
      throw error;
    }
  },
  errorComponent: AdminUserError,
  component: AdminUserPage,
});
