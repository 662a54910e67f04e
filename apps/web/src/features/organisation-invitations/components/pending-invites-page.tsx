import { Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { pendingInvitationsQueryOptions } from '../api/organisation-invitations.ts';
import { InvitationsTable } from './invitations-table.tsx';

/** /pending-invites (platform admins): every organisation's pending invitations and the admins' own. */
export function PendingInvitesPage() {
  const { data } = useSuspenseQuery(pendingInvitationsQueryOptions());
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Invitations sent and not yet accepted, from every organisation and from admins. Resending sends a new
        link; the old one stops working.
      </Text>
      {data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          No pending invitations. Invite someone to the portal with “Invite user” on Users; organisation
          owners and admins invite their team from their Organisation page.
        </Text>
      ) : (
        <InvitationsTable invitations={data.items} scope="admin" canManage showOrganisation />
      )}
    </Stack>
  );
}
