import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { exactTime } from '../../../lib/dates.ts';
import { interestListQueryOptions } from '../api/interest.ts';

/** Admins: who registered interest, newest first. The route loads it. */
export function InterestList({ productName }: { productName: string }) {
  const { data } = useSuspenseQuery(interestListQueryOptions());
  return (
    <Card maw={960}>
      <Stack gap="sm">
        <Title order={3}>Registered interest ({data.total})</Title>
        <Text size="sm" c="dimmed">
          Users who asked to hear about {productName} AI.
        </Text>
        {data.items.length === 0 ? <Text c="dimmed">Nobody has registered yet.</Text> : null}
        {data.items.length > 0 ? (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="Registered interest">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Note</Table.Th>
                  <Table.Th>Registered</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((item) => (
                  <Table.Tr key={item.userId}>
                    <Table.Td>{item.name}</Table.Td>
                    <Table.Td>{item.email}</Table.Td>
                    <Table.Td>{item.note ?? ''}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{exactTime(item.createdAt)}</Table.Td>
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
