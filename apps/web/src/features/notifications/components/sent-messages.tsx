import { Badge, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import type { SentMessage } from '@offplan/shared';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { exactTime } from '../../../lib/dates.ts';
import { notifications } from '../../../lib/toasts.ts';
import { useRetractMessage } from '../api/admin-messages.ts';
import { MessageReceiptsDrawer } from './message-receipts-drawer.tsx';

/**
 * Messages sent (newest first) with how many people opened, clicked and read each; who they were (a
 * drawer), and retraction after a confirmation.
 */
export function SentMessages({ items }: { items: SentMessage[] }) {
  const [readersOf, setReadersOf] = useState<SentMessage | null>(null);
  const [retracting, setRetracting] = useState<SentMessage | null>(null);
  const retract = useRetractMessage();
  const confirmRetract = () => {
    if (!retracting) return;
    retract.mutate(retracting.messageId, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Message retracted',
          message: `“${retracting.title}” has left every bell and pop-up.`,
        });
        setRetracting(null);
      },
    });
  };
  // Reads the drawer's message from the list, so a retraction shows there too.
  const drawerMessage = readersOf
    ? (items.find((item) => item.messageId === readersOf.messageId) ?? readersOf)
    : null;
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="md">
        Sent messages
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          No messages sent yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover aria-label="Sent messages">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sent</Table.Th>
                <Table.Th>Title</Table.Th>
                <Table.Th>Audience</Table.Th>
                <Table.Th>Display</Table.Th>
                <Table.Th ta="right">Opens</Table.Th>
                <Table.Th ta="right">Clicks</Table.Th>
                <Table.Th ta="right">Reads</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr
                  key={item.messageId}
                  data-testid="sent-message-row"
                  data-retracted={item.retractedAt !== null}
                >
                  <Table.Td>{exactTime(item.createdAt)}</Table.Td>
                  <Table.Td>
                    {item.title}{' '}
                    {item.source === 'system' ? (
                      <Badge size="xs" variant="light" color="gray">
                        System
                      </Badge>
                    ) : null}
                    {item.retractedAt ? (
                      <Text size="xs" c="dimmed">
                        Retracted by {item.retractedBy} · {exactTime(item.retractedAt)}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{item.audienceLabel}</Table.Td>
                  <Table.Td>
                    {item.trigger === 'never'
                      ? 'Bell only'
                      : `${item.position}, priority ${item.priorityLevel}`}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="sent-opens">
                    {item.opens}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="sent-clicks">
                    {item.clicks}
                  </Table.Td>
                  <Table.Td ta="right">{item.reads}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => setReadersOf(item)}
                        aria-label={`Readers of ${item.title}`}
                      >
                        Readers
                      </Button>
                      {item.retractedAt ? (
                        <Badge variant="light" color="gray">
                          Retracted
                        </Badge>
                      ) : (
                        <Button
                          size="compact-sm"
                          variant="light"
                          color="red"
                          onClick={() => setRetracting(item)}
                          aria-label={`Retract ${item.title}`}
                        >
                          Retract
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <MessageReceiptsDrawer message={drawerMessage} onClose={() => setReadersOf(null)} />
      <ConfirmModal
        opened={retracting !== null}
        title="Retract this message?"
        confirmLabel="Retract message"
        danger
        loading={retract.isPending}
        onConfirm={confirmRetract}
        onClose={() => {
          setRetracting(null);
          retract.reset();
        }}
      >
        “{retracting?.title}” leaves every bell and pop-up at once, including open ones. Who opened, read and
        clicked it stays on record. This cannot be undone.
        <FormError message={retract.error?.message ?? null} />
      </ConfirmModal>
    </Paper>
  );
}
