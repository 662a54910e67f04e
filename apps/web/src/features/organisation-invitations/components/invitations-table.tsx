import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { OrganisationInvitation, PendingInvitation } from '@offplan/shared';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { notifications } from '../../../lib/toasts.ts';
import { useInvitationActions } from '../api/organisation-invitations.ts';
import { ROLE_LABELS } from '../lib/format.ts';

type Invitation = OrganisationInvitation & Partial<Pick<PendingInvitation, 'organisationName'>>;

type InvitationsTableProps = {
  invitations: Invitation[];
  /** Whose calls resend and revoke go through: the organisation's, or the admins'. */
  scope: 'organisation' | 'admin';
  /** Resend and revoke buttons (owners, admins and platform admins). */
  canManage: boolean;
  /** The organisation column of /pending-invites. */
  showOrganisation?: boolean;
};

const fullName = (invitation: Invitation) => `${invitation.firstName} ${invitation.lastName}`;

/** Pending invitations with resend and (after a confirmation) revoke. */
export function InvitationsTable({
  invitations,
  scope,
  canManage,
  showOrganisation = false,
}: InvitationsTableProps) {
  const { resend, revoke } = useInvitationActions(scope);
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  const resendTo = (invitation: Invitation) =>
    resend.mutate(invitation.id, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: 'Invitation sent again',
          message: `${invitation.email} has a new link; the old one no longer works.`,
        }),
      onError: (error) => notifications.show({ color: 'red', title: 'Not sent', message: error.message }),
    });

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Invitation revoked',
          message: `${revoking.email} can no longer join.`,
        });
        setRevoking(null);
      },
      onError: (error) => notifications.show({ color: 'red', title: 'Not revoked', message: error.message }),
    });
  };

  return (
    <>
      <Table.ScrollContainer minWidth={showOrganisation ? 900 : 720}>
        <Table verticalSpacing="sm" aria-label="Pending invitations">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Invitee</Table.Th>
              {showOrganisation ? <Table.Th>Organisation</Table.Th> : null}
              <Table.Th>Role</Table.Th>
              <Table.Th>Invited by</Table.Th>
              <Table.Th>Sent</Table.Th>
              <Table.Th>Expires</Table.Th>
              {canManage ? <Table.Th aria-label="Actions" /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invitations.map((invitation) => (
              <Table.Tr key={invitation.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {fullName(invitation)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {invitation.email}
                  </Text>
                </Table.Td>
                {showOrganisation ? (
                  <Table.Td>
                    <Text size="sm">{invitation.organisationName ?? 'Portal (no organisation)'}</Text>
                  </Table.Td>
                ) : null}
                <Table.Td>
                  <Badge variant="light">{ROLE_LABELS[invitation.role]}</Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{invitation.invitedBy ?? '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDay(invitation.sentAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDay(invitation.expiresAt)}</Text>
                </Table.Td>
                {canManage ? (
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Resend the invitation to ${invitation.email}`}
                        loading={resend.isPending && resend.variables === invitation.id}
                        onClick={() => resendTo(invitation)}
                      >
                        Resend
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Revoke the invitation to ${invitation.email}`}
                        onClick={() => setRevoking(invitation)}
                      >
                        Revoke
                      </Button>
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmModal
        opened={revoking !== null}
        title="Revoke this invitation?"
        confirmLabel="Revoke invitation"
        danger
        loading={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      >
        {revoking
          ? `The link sent to ${revoking.email} will stop working. You can invite them again later.`
          : null}
      </ConfirmModal>
    </>
  );
}
