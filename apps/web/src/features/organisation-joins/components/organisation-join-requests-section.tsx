import { Badge, Button, Group, Loader, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { JoinRequestDecision, OrganisationJoinRequest } from '@offplan/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDay } from '../../../lib/dates.ts';
import { notifications } from '../../../lib/toasts.ts';
import { joinRequestsQueryOptions, useDecideJoinRequest } from '../api/join-requests.ts';

const MATCHED_BY_LABELS = { name: 'Organisation name', domain: 'Email domain' } as const;

type Pending = { request: OrganisationJoinRequest; decision: JoinRequestDecision } | null;

function DecisionModal({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const decide = useDecideJoinRequest();
  const approve = pending?.decision === 'APPROVE';
  const name = pending?.request.name || pending?.request.email || '';
  const close = () => {
    decide.reset();
    onClose();
  };
  const confirm = () => {
    if (!pending) return;
    decide.mutate(
      { id: pending.request.id, decision: pending.decision },
      {
        onSuccess: (answer) => {
          close();
          notifications.show({
            color: 'green',
            title: approve ? 'Request approved' : 'Request declined',
            message: approve
              ? `${name} is now a member.`
              : `${name} was told by email and has an organisation of their own, ${answer.organisation.name}.`,
          });
        },
      },
    );
  };
  return (
    <Modal
      opened={pending !== null}
      onClose={close}
      title={approve ? 'Approve request' : 'Decline request'}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          {approve
            ? `${name} (${pending?.request.email}) becomes a member of your organisation.`
            : `${name} (${pending?.request.email}) is told by email and gets an organisation of their own.`}
        </Text>
        {decide.error ? (
          <Text size="sm" c="red" role="alert">
            {decide.error.message}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color={approve ? undefined : 'red'} loading={decide.isPending} onClick={confirm}>
            {approve ? 'Approve' : 'Decline'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RequestsTable({
  items,
  onDecide,
}: {
  items: OrganisationJoinRequest[];
  onDecide: (request: OrganisationJoinRequest, decision: JoinRequestDecision) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" aria-label="Join requests">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Registered</Table.Th>
            <Table.Th>Matched by</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((request) => (
            <Table.Tr key={request.id}>
              <Table.Td>{request.name}</Table.Td>
              <Table.Td>{request.email}</Table.Td>
              <Table.Td>{formatDay(request.registeredAt)}</Table.Td>
              <Table.Td>
                <Badge variant="light">{MATCHED_BY_LABELS[request.matchedBy]}</Badge>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    size="xs"
                    onClick={() => onDecide(request, 'APPROVE')}
                    aria-label={`Approve ${request.name}`}
                  >
                    Approve
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onDecide(request, 'DECLINE')}
                    aria-label={`Decline ${request.name}`}
                  >
                    Decline
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /organisation "Join requests" (decision 030): people who registered with the organisation's name or an
 * owner's email domain, approved or declined after a confirmation. For owners and admins only: pass
 * `canManage` false (a plain member) and nothing is asked or shown.
 */
export function OrganisationJoinRequestsSection({ canManage = true }: { canManage?: boolean }) {
  // Conditional: a plain member may not read the list (403), so it is only asked for managers.
  const { data, isPending, error } = useQuery({ ...joinRequestsQueryOptions(), enabled: canManage });
  const [pending, setPending] = useState<Pending>(null);
  if (!canManage) return null;

  return (
    <Paper withBorder p={{ base: 'md', xs: 'lg' }} component="section" aria-labelledby="join-requests-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="join-requests-title">
          Join requests
        </Title>
        {isPending ? (
          <Loader size="sm" aria-label="Loading join requests" />
        ) : error ? (
          <Text size="sm" c="red" role="alert">
            {error.message}
          </Text>
        ) : data.items.length === 0 ? (
          <Text size="sm" c="dimmed" role="status">
            No one is waiting to join. People who register with your organisation’s name or your email domain
            appear here.
          </Text>
        ) : (
          <RequestsTable
            items={data.items}
            onDecide={(request, decision) => setPending({ request, decision })}
          />
        )}
      </Stack>
      <DecisionModal pending={pending} onClose={() => setPending(null)} />
    </Paper>
  );
}
