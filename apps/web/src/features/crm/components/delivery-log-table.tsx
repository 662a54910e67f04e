import { Badge, Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { CrmDelivery } from '@offplan/shared';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { exactTime, relativeTime } from '../../../lib/dates.ts';
import { formatLatency } from '../lib/crm-format.ts';
import { DeliveryStatusBadge } from './crm-badges.tsx';

const COLUMNS = 8;

function AttemptHistory({ delivery }: { delivery: CrmDelivery }) {
  if (delivery.history.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Not tried yet.
      </Text>
    );
  }
  return (
    <Table withTableBorder verticalSpacing={4} fz="xs" aria-label={`Attempts of delivery ${delivery.id}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Attempted</Table.Th>
          <Table.Th>Result</Table.Th>
          <Table.Th>Response</Table.Th>
          <Table.Th>Latency</Table.Th>
          <Table.Th>Error</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {delivery.history.map((attempt, index) => (
          // Newest first and never reordered; two attempts may share a millisecond.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for each answer.
          <Table.Tr key={`${attempt.at}-${index}`}>
            <Table.Td>{exactTime(attempt.at)}</Table.Td>
            <Table.Td>{attempt.ok ? 'Succeeded' : 'Failed'}</Table.Td>
            <Table.Td>{attempt.responseCode ?? 'No answer'}</Table.Td>
            <Table.Td>{formatLatency(attempt.latencyMs)}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-word' }}>{attempt.error ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

type DeliveryRowProps = {
  delivery: CrmDelivery;
  resending: boolean;
  onResend: (id: number) => void;
};

function DeliveryRow({ delivery, resending, onResend }: DeliveryRowProps) {
  const [open, setOpen] = useState(false);
  const historyId = `delivery-${delivery.id}-history`;
  return (
    <Fragment>
      <Table.Tr data-testid="delivery-row">
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={historyId}
            leftSection={
              open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />
            }
            title="Show the attempts"
          >
            <time dateTime={delivery.createdAt} title={exactTime(delivery.createdAt)}>
              {relativeTime(delivery.createdAt)}
            </time>
          </Button>
        </Table.Td>
        <Table.Td>
          {delivery.test ? (
            <Badge size="sm" variant="outline" color="grape">
              Test lead
            </Badge>
          ) : (
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              Lead #{delivery.leadId}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {delivery.projectTitle ?? '—'}
          </Text>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <DeliveryStatusBadge status={delivery.status} />
        </Table.Td>
        <Table.Td>{delivery.attempts}</Table.Td>
        <Table.Td>{delivery.responseCode ?? (delivery.attempts > 0 ? 'No answer' : '—')}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatLatency(delivery.latencyMs)}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          {delivery.nextAttemptAt ? (
            <time dateTime={delivery.nextAttemptAt} title={exactTime(delivery.nextAttemptAt)}>
              {relativeTime(delivery.nextAttemptAt)}
            </time>
          ) : (
            '—'
          )}
        </Table.Td>
        <Table.Td>
          <Button
            size="compact-sm"
            variant="light"
            loading={resending}
            onClick={() => onResend(delivery.id)}
            aria-label={`Resend delivery ${delivery.id}`}
          >
            Resend
          </Button>
        </Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr id={historyId}>
          <Table.Td colSpan={COLUMNS}>
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                webhook-id <code>{delivery.messageId}</code> (the same on every attempt and resend)
                {delivery.error ? ` · last error: ${delivery.error}` : ''}
              </Text>
              <AttemptHistory delivery={delivery} />
            </Stack>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </Fragment>
  );
}

type DeliveryLogTableProps = {
  destinationName: string;
  deliveries: CrmDelivery[];
  resendingId: number | null;
  onResend: (id: number) => void;
};

/** One destination's deliveries, newest first; each row opens its attempt history. */
export function DeliveryLogTable({
  destinationName,
  deliveries,
  resendingId,
  onResend,
}: DeliveryLogTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" aria-label={`Deliveries to ${destinationName}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Lead</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Response</Table.Th>
            <Table.Th>Latency</Table.Th>
            <Table.Th>Next retry</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((delivery) => (
            <DeliveryRow
              key={delivery.id}
              delivery={delivery}
              resending={resendingId === delivery.id}
              onResend={onResend}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
