import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { ACCESS_REQUEST_NOTE_MAX, type AccessRequestItem, type AccessRequestStatus } from '@offplan/shared';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { notifications } from '../../../lib/toasts.ts';
import { formatUpdatedAt } from '../../projects/index.ts';
import { accessRequestsQueryOptions, useDecideAccessRequest } from '../api/access-requests.ts';

const STATUS_LABELS: Record<AccessRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

const STATUS_COLORS: Record<AccessRequestStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  declined: 'red',
  withdrawn: 'gray',
};

/** /accessrequests: requests to work on projects, approved or declined with an optional note. */
export function AccessRequestsPage({
  status,
  onStatusChange,
}: {
  status: AccessRequestStatus;
  onStatusChange: (status: AccessRequestStatus) => void;
}) {
  const { data } = useSuspenseQuery(accessRequestsQueryOptions(status));
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        {/* The frame's heading names the page (Access Requests): a second one here only repeated it. */}
        <Text size="sm" c="dimmed" maw={640}>
          People asking to work on your organisation's projects. The requester is told of your decision by
          email and in the portal.
        </Text>
        <SegmentedControl
          aria-label="Request status"
          value={status}
          onChange={(value) => onStatusChange(value as AccessRequestStatus)}
          data={(Object.keys(STATUS_LABELS) as AccessRequestStatus[]).map((value) => ({
            value,
            label: STATUS_LABELS[value],
          }))}
        />
      </Group>
      {data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {status === 'pending'
            ? 'No requests are waiting for a decision.'
            : `No ${STATUS_LABELS[status].toLowerCase()} requests.`}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="sm" aria-label="Access requests" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Project</Table.Th>
                <Table.Th>Requested by</Table.Th>
                <Table.Th>Requested</Table.Th>
                <Table.Th>{status === 'pending' ? 'Decision' : 'Outcome'}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((item) => (
                <AccessRequestRow key={item.id} item={item} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function AccessRequestRow({ item }: { item: AccessRequestItem }) {
  const [note, setNote] = useState('');
  const decide = useDecideAccessRequest({
    onSuccess: (_, input) =>
      notifications.show({
        color: input.decision === 'approve' ? 'green' : 'gray',
        title: input.decision === 'approve' ? 'Request approved' : 'Request declined',
        message: `${item.requester.name} ${input.decision === 'approve' ? 'can now work on' : 'will not get access to'} ${item.project.title}.`,
      }),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Could not decide', message: error.message }),
  });
  const requested = formatUpdatedAt(item.createdAt);
  const busy = (decision: 'approve' | 'decline') =>
    decide.isPending && decide.variables?.decision === decision;

  const submit = (decision: 'approve' | 'decline') =>
    decide.mutate({ requestId: item.id, decision, ...(note.trim() ? { note: note.trim() } : {}) });

  return (
    <Table.Tr data-testid="access-request-row">
      <Table.Td>
        <Anchor
          renderRoot={(props) => (
            <Link {...props} to="/projects/$id/summary" params={{ id: String(item.project.id) }} />
          )}
          fw={600}
        >
          {item.project.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {[item.project.suburb, item.project.state].filter(Boolean).join(', ')}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{item.requester.name}</Text>
        <Text size="xs" c="dimmed">
          {item.requester.email}
          {item.requester.organisation ? ` · ${item.requester.organisation.name}` : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {requested ? <time dateTime={item.createdAt}>{requested}</time> : null}
        </Text>
      </Table.Td>
      <Table.Td>
        {item.status === 'pending' ? (
          <Stack gap={6} miw={260}>
            <TextInput
              size="xs"
              placeholder="Note (optional)"
              aria-label={`Note to ${item.requester.name}`}
              maxLength={ACCESS_REQUEST_NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
            />
            <Group gap="xs" wrap="nowrap">
              <Button
                size="xs"
                color="green"
                loading={busy('approve')}
                disabled={decide.isPending}
                aria-label={`Approve ${item.requester.name} for ${item.project.title}`}
                onClick={() => submit('approve')}
              >
                Approve
              </Button>
              <Button
                size="xs"
                variant="default"
                loading={busy('decline')}
                disabled={decide.isPending}
                aria-label={`Decline ${item.requester.name} for ${item.project.title}`}
                onClick={() => submit('decline')}
              >
                Decline
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap={2}>
            <Badge color={STATUS_COLORS[item.status]} variant="light">
              {STATUS_LABELS[item.status]}
            </Badge>
            {item.decidedBy ? (
              <Text size="xs" c="dimmed">
                by {item.decidedBy.name}
              </Text>
            ) : null}
            {item.note ? <Text size="xs">“{item.note}”</Text> : null}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
