import { Badge, Paper, Table, Text, Title } from '@mantine/core';
import type { SentMessage } from '@offplan/shared';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Messages sent (newest first) with how many people opened, clicked and read each. */
export function SentMessages({ items }: { items: SentMessage[] }) {
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
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.messageId} data-testid="sent-message-row">
                  <Table.Td>{dateFormat.format(new Date(item.createdAt))}</Table.Td>
                  <Table.Td>
                    {item.title}{' '}
                    {item.source === 'system' ? (
                      <Badge size="xs" variant="light" color="gray">
                        System
                      </Badge>
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
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
