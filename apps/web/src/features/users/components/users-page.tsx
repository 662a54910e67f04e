import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingPlus, IconUserPlus } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useRouterState } from '@tanstack/react-router';
import { adminUsersQueryOptions } from '../api/admin-users.ts';
import { InviteUserModal } from './invite-user-modal.tsx';
import { NewOrganisationModal } from './new-organisation-modal.tsx';
import { UsersSearch } from './users-search.tsx';
import { UsersTable } from './users-table.tsx';

const routeApi = getRouteApi('/_main/users');

/** /users (spec §2 admin section): search, page through and invite users. */
export function UsersPage() {
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const [inviting, invite] = useDisclosure(false);
  const [creatingOrganisation, createOrganisation] = useDisclosure(false);
  const { data } = useSuspenseQuery(adminUsersQueryOptions({ q: search.q, page: search.page ?? 1 }));
  const loading = useRouterState({ select: (state) => state.status === 'pending' });

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <UsersSearch
          value={search.q ?? ''}
          searching={loading}
          onSearch={(q) => void navigate({ search: { q: q || undefined }, replace: true })}
        />
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconBuildingPlus size={18} stroke={1.6} />}
            onClick={createOrganisation.open}
          >
            New organisation
          </Button>
          <Button leftSection={<IconUserPlus size={18} stroke={1.6} />} onClick={invite.open}>
            Invite user
          </Button>
        </Group>
      </Group>
      {data.total === 0 ? (
        <Text c="dimmed" role="status">
          {search.q ? `No users match “${search.q}”.` : 'No users yet.'}
        </Text>
      ) : (
        <UsersTable
          data={data}
          onOpen={(id) => void navigate({ to: '/profile/$id', params: { id } })}
          onPageChange={(page) => void navigate({ search: (previous) => ({ ...previous, page }) })}
        />
      )}
      <InviteUserModal opened={inviting} onClose={invite.close} />
      <NewOrganisationModal opened={creatingOrganisation} onClose={createOrganisation.close} />
    </Stack>
  );
}
