import { ActionIcon, Avatar, Card, Group, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import {
  ORGANISATION_ROLE_LABELS,
  ORGANISATION_ROLES,
  type OrganisationDetails,
  type OrganisationMember,
  type OrganisationRole,
} from '@offplan/shared';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { notifications } from '../../../lib/toasts.ts';
import { useChangeMemberRole, useRemoveMember } from '../api/organisation.ts';
import { memberLock } from '../lib/member-rules.ts';

const dayOf = (iso: string | null) => (iso ? formatDay(iso) : 'Never');

type RowProps = {
  member: OrganisationMember;
  details: OrganisationDetails;
  ownerCount: number;
  onRemove: (member: OrganisationMember) => void;
};

/** A member's role: a Select for owners and admins (owner offered to owners only), locked with the reason. */
function RoleCell({ member, details, ownerCount }: Omit<RowProps, 'onRemove'>) {
  const change = useChangeMemberRole();
  const label = ORGANISATION_ROLE_LABELS[member.role];
  if (!details.canManage) return <Text size="sm">{label}</Text>;
  const lock = memberLock(member, details.yourRole, ownerCount);
  const select = (
    <Select
      aria-label={`Role of ${member.name}`}
      data={ORGANISATION_ROLES.map((role) => ({
        value: role,
        label: ORGANISATION_ROLE_LABELS[role],
        disabled: role === 'owner' && details.yourRole !== 'owner',
      }))}
      value={member.role}
      allowDeselect={false}
      disabled={lock !== null || change.isPending}
      w={140}
      onChange={(value) => {
        if (!value || value === member.role) return;
        change.mutate(
          { memberId: member.memberId, role: value as OrganisationRole },
          {
            onSuccess: () =>
              notifications.show({
                color: 'green',
                title: 'Role changed',
                message: `${member.name} is now ${ORGANISATION_ROLE_LABELS[value as OrganisationRole].toLowerCase()}.`,
              }),
            onError: (error) =>
              notifications.show({ color: 'red', title: 'Role not changed', message: error.message }),
          },
        );
      }}
    />
  );
  return lock ? (
    <Tooltip label={lock} multiline w={260}>
      <div>{select}</div>
    </Tooltip>
  ) : (
    select
  );
}

function MemberRow({ member, details, ownerCount, onRemove }: RowProps) {
  const lock = memberLock(member, details.yourRole, ownerCount);
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={member.image} size={32} radius="xl" color="brand" name={member.name} />
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {member.name}
              {member.isYou ? ' (you)' : ''}
            </Text>
            {member.title ? (
              <Text size="xs" c="dimmed">
                {member.title}
              </Text>
            ) : null}
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>{member.email}</Table.Td>
      <Table.Td>
        <RoleCell member={member} details={details} ownerCount={ownerCount} />
      </Table.Td>
      <Table.Td>{dayOf(member.joinedAt)}</Table.Td>
      <Table.Td>{dayOf(member.lastSignInAt)}</Table.Td>
      {details.canManage ? (
        <Table.Td>
          <Tooltip label={lock ?? `Remove ${member.name}`} multiline w={lock ? 260 : undefined}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${member.name}`}
              disabled={lock !== null}
              onClick={() => onRemove(member)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

/** The members table: names, emails and roles; owners and admins change roles and remove people. */
export function MembersSection({
  details,
  members,
}: {
  details: OrganisationDetails;
  members: OrganisationMember[];
}) {
  const [removing, setRemoving] = useState<OrganisationMember | null>(null);
  const remove = useRemoveMember();
  const ownerCount = members.filter((member) => member.role === 'owner').length;

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.memberId, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Member removed',
          message: `${removing.name} is no longer a member.`,
        });
        setRemoving(null);
      },
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Member not removed', message: error.message }),
    });
  };

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="organisation-members-title"
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="organisation-members-title">
          Members
        </Title>
        {members.length <= 1 ? (
          <Text size="sm" c="dimmed">
            {details.canManage
              ? 'You are the only member so far. Invite your team below so they can manage your projects and leads.'
              : 'You are the only member so far.'}
          </Text>
        ) : null}
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" aria-label="Members">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Joined</Table.Th>
                <Table.Th>Last signed in</Table.Th>
                {details.canManage ? <Table.Th aria-label="Actions" /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((member) => (
                <MemberRow
                  key={member.memberId}
                  member={member}
                  details={details}
                  ownerCount={ownerCount}
                  onRemove={setRemoving}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title="Remove this member?"
        danger
        confirmLabel="Remove member"
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      >
        {removing
          ? `${removing.name} will no longer be a member of ${details.name}, and loses access to its projects and leads.`
          : null}
      </ConfirmModal>
    </Card>
  );
}
