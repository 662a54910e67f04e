import { Button, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { mailboxQueryOptions } from '../api/mailbox.ts';
import { MailboxMessage } from './mailbox-message.tsx';

/** /dev/mailbox: the outbox, newest first, with a refresh and older pages on demand. */
export function MailboxList() {
  const mailbox = useSuspenseInfiniteQuery(mailboxQueryOptions());
  // New messages shift later pages while they load: show each message once.
  const messages = [
    ...new Map(
      mailbox.data.pages.flatMap((page) => page.items).map((message) => [message.id, message]),
    ).values(),
  ];
  const total = mailbox.data.pages[0]?.total ?? 0;

  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Emails and text messages the portal sent or stored here, newest first. {total} in all.
        </Text>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} stroke={1.6} />}
          loading={mailbox.isRefetching && !mailbox.isFetchingNextPage}
          onClick={() => void mailbox.refetch()}
        >
          Refresh
        </Button>
      </Group>
      {messages.length === 0 ? (
        <Text c="dimmed" role="status">
          The outbox is empty.
        </Text>
      ) : (
        messages.map((message) => <MailboxMessage key={message.id} message={message} />)
      )}
      {mailbox.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="subtle"
            loading={mailbox.isFetchingNextPage}
            onClick={() => void mailbox.fetchNextPage()}
          >
            Show older messages
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
