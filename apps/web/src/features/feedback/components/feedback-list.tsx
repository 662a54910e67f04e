import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { FEEDBACK_CATEGORY_LABELS } from '@offplan/shared';
import { useSuspenseQuery } from '@tanstack/react-query';
import { exactTime } from '../../../lib/dates.ts';
import { feedbackListQueryOptions } from '../api/feedback.ts';

/** Admins: the latest feedback, newest first (it is also emailed to the team). The route loads it. */
export function FeedbackList() {
  const { data } = useSuspenseQuery(feedbackListQueryOptions());
  return (
    <Card>
      <Stack gap="sm">
        <Title order={3}>Recent feedback</Title>
        {data.items.length === 0 ? <Text c="dimmed">No feedback yet.</Text> : null}
        {data.items.length > 0 ? (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" aria-label="Recent feedback">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Feedback</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{exactTime(item.createdAt)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{item.userName ?? item.email}</Text>
                      <Text size="xs" c="dimmed">
                        {item.email} · {item.tenant}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge>{FEEDBACK_CATEGORY_LABELS[item.category]}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {item.message}
                      </Text>
                      {item.page ? (
                        <Text size="xs" c="dimmed">
                          Page: {item.page}
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>
    </Card>
  );
}
