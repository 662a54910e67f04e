import { Anchor, Badge, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { type AdminUserRow, type AdminUsersPage, JOB_ROLES } from '@offplan/shared';
import { Link } from '@tanstack/react-router';
import { formatDay } from '../../../lib/dates.ts';

export function jobRoleLabel(id: number | null | undefined): string | null {
  return JOB_ROLES.find((role) => role.id === id)?.label ?? null;
}

/** Banned or active: one badge, the same in the list and on the profile. */
export function AccountStatusBadge({ banned }: { banned: boolean }) {
  return (
    <Badge variant="dot" color={banned ? 'red' : 'green'}>
      {banned ? 'Banned' : 'Active'}
    </Badge>
  );
}

type UsersTableProps = {
  data: AdminUsersPage;
  onOpen: (userId: string) => void;
  onPageChange: (page: number) => void;
};

function UserRow({ user, onOpen }: { user: AdminUserRow; onOpen: (userId: string) => void }) {
  return (
    <Table.Tr onClick={() => onOpen(user.id)} style={{ cursor: 'pointer' }}>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Anchor
            fw={600}
            size="sm"
            // The row opens the profile too; the link is what keyboards and screen readers use.
            onClick={(event) => event.stopPropagation()}
            renderRoot={(props) => <Link {...props} to="/profile/$id" params={{ id: user.id }} />}
          >
            {user.name || user.email}
          </Anchor>
          {user.isAdmin ? (
            <Badge variant="dot" color="violet">
              Admin
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{user.email}</Text>
          {user.emailVerified ? null : (
            <Badge variant="dot" color="yellow">
              Unverified
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{user.organisation?.name ?? '—'}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{jobRoleLabel(user.jobRoleId) ?? '—'}</Text>
      </Table.Td>
      <Table.Td>
        <AccountStatusBadge banned={user.banned} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {formatDay(user.createdAt)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** /users results: one row per user (opening /profile/{id}), and the pages. */
export function UsersTable({ data, onOpen, onPageChange }: UsersTableProps) {
  const pages = Math.max(1, Math.ceil(data.total / data.perPage));
  const first = data.total === 0 ? 0 : (data.page - 1) * data.perPage + 1;
  const last = Math.min(data.total, first + data.items.length - 1);

  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={760}>
        <Table highlightOnHover verticalSpacing="sm" aria-label="Users">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Organisation</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Joined</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((user) => (
              <UserRow key={user.id} user={user} onOpen={onOpen} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {data.total === 0 ? 'No users' : `Showing ${first}–${last} of ${data.total}`}
        </Text>
        <Pagination
          total={pages}
          value={Math.min(data.page, pages)}
          onChange={onPageChange}
          hideWithOnePage
          aria-label="Pages"
        />
      </Group>
    </Stack>
  );
}
