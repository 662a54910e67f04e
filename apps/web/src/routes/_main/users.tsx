import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound, useNavigate, useRouterState } from '@tanstack/react-router';
import { z } from 'zod';
import { AdminPageError } from '../../components/feedback/admin-page-error.tsx';
import { adminUsersQueryOptions } from '../../features/users/api/admin-users.ts';
import { InviteUserModal } from '../../features/users/components/invite-user-modal.tsx';
import { UsersSearch } from '../../features/users/components/users-search.tsx';
import { UsersTable } from '../../features/users/components/users-table.tsx';

const usersSearchSchema = z.object({
  /** Name, email or organisation. */
  q: z.string().trim().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});

export const Route = createFileRoute('/_main/users')({
  validateSearch: usersSearchSchema,
  beforeLoad: ({ context }) => {
    // Admins only (spec §2 admin section); the server refuses everyone else as well.
    if (!context.isAdmin) throw notFound();
  },
  loaderDeps: ({ search }) => ({ q: search.q || undefined, page: search.page ?? 1 }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(adminUsersQueryOptions(deps)),
  errorComponent: ({ error }) => <AdminPageError error={error} title="Users could not be loaded" />,
  component: UsersPage,
});

function UsersPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [inviting, invite] = useDisclosure(false);
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
        <Button leftSection={<IconUserPlus size={18} stroke={1.6} />} onClick={invite.open}>
          Invite user
        </Button>
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
    </Stack>
  );
}
