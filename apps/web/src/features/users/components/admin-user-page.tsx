import { Group, Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type ErrorComponentProps, getRouteApi } from '@tanstack/react-router';
import { AdminPageError } from '../../../components/feedback/admin-page-error.tsx';
import { ActAsUserButton } from '../../impersonation/index.ts';
import { adminUserQueryOptions } from '../api/admin-users.ts';
import { EditUserButton } from './edit-user-modal.tsx';
import { MoveToOrganisationButton } from './move-to-organisation-modal.tsx';
import { UserActivity } from './user-activity.tsx';
import { UserAdminActions } from './user-admin-actions.tsx';
import { UserDetails } from './user-details.tsx';
import { UserEmailActions } from './user-email-actions.tsx';

const routeApi = getRouteApi('/_main/profile_/$id');

export function AdminUserPage() {
  const { id } = routeApi.useParams();
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
          <Group gap="xs">
            <EditUserButton user={user} />
            <MoveToOrganisationButton user={user} />
          </Group>
          <UserAdminActions user={user} />
        </Stack>
      }
    >
      <UserEmailActions user={user} />
      <UserActivity userId={user.id} />
    </UserDetails>
  );
}

export function AdminUserError({ error }: ErrorComponentProps) {
  return <AdminPageError error={error} title="This user could not be loaded" />;
}
