import { Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, notFound } from '@tanstack/react-router';
import { AdminPageError } from '../../components/feedback/admin-page-error.tsx';
import { ActAsUserButton } from '../../features/impersonation/components/act-as-user-button.tsx';
import { adminUserQueryOptions } from '../../features/users/api/admin-users.ts';
import { UserAdminActions } from '../../features/users/components/user-admin-actions.tsx';
import { UserDetails } from '../../features/users/components/user-details.tsx';
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

function AdminUserPage() {
  const { id } = Route.useParams();
  const { data: user } = useSuspenseQuery(adminUserQueryOptions(id));
  return (
    <UserDetails
      user={user}
      actions={
        <Stack gap="md" align="flex-start">
          <ActAsUserButton
            userId={user.id}
            userName={user.name || user.email}
            refusal={user.impersonationRefusal}
          />
          <UserAdminActions user={user} />
        </Stack>
      }
    />
  );
}

function AdminUserError({ error }: ErrorComponentProps) {
  return <AdminPageError error={error} title="This user could not be loaded" />;
}
