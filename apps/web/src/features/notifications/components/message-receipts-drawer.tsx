import { Alert, Drawer, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { MESSAGE_RECEIPTS_PAGE_SIZE, type SentMessage } from '@offplan/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { exactTime } from '../../../lib/dates.ts';
import { messageReceiptsQueryOptions } from '../api/admin-messages.ts';

/** Who opened, read and clicked one message: names, emails, first times and counts, a page at a time. */
export function MessageReceiptsDrawer({
  message,
  onClose,
}: {
  message: SentMessage | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={message !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={message ? `Readers of “${message.title}”` : ''}
    >
      {message ? <Receipts key={message.messageId} message={message} /> : null}
    </Drawer>
  );
}

function Receipts({ message }: { message: SentMessage }) {
  const [page, setPage] = useState(1);
  // Not a loader read: it depends on the message and page picked in the drawer.
  const receipts = useQuery(messageReceiptsQueryOptions(message.messageId, page));
  if (receipts.isPending) return <Loader size="sm" aria-label="Loading readers" />;
  if (receipts.isError) return <Alert color="red">{receipts.error.message}</Alert>;
  const { totals, items } = receipts.data;
  const pages = Math.max(1, Math.ceil(totals.readers / MESSAGE_RECEIPTS_PAGE_SIZE));
  return (
    <Stack gap="md">
      {message.retractedAt ? (
        <Alert color="gray" title="Retracted" data-testid="retracted-note">
          By {message.retractedBy} on {exactTime(message.retractedAt)}. It has left every bell and pop-up; its
          figures are kept.
        </Alert>
      ) : null}
      <Text size="sm" data-testid="receipt-totals">
        {totals.opened} opened · {totals.read} read · {totals.clicked} clicked
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody has opened it yet. Readers appear here as they open, read or click it.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Readers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Reader</Table.Th>
                <Table.Th>First opened</Table.Th>
                <Table.Th>Read</Table.Th>
                <Table.Th>First clicked</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.userId} data-testid="receipt-row">
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {item.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {item.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {exactTime(item.firstOpenedAt)}
                    {item.openCount > 1 ? ` (${item.openCount} times)` : ''}
                  </Table.Td>
                  <Table.Td>{exactTime(item.readAt)}</Table.Td>
                  <Table.Td>
                    {exactTime(item.firstClickedAt)}
                    {item.clickCount > 1 ? ` (${item.clickCount} times)` : ''}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 ? (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} aria-label="Reader pages" />
        </Group>
      ) : null}
    </Stack>
  );
}
