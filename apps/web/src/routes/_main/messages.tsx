import { Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { AdminPageError } from '../../components/feedback/admin-page-error.tsx';
import { adminMessagesQueryOptions } from '../../features/notifications/api/admin-messages.ts';
import { messageOrganisationsQueryOptions } from '../../features/notifications/api/admin-organisations.ts';
import { MessageComposer } from '../../features/notifications/components/message-composer.tsx';
import { SentMessages } from '../../features/notifications/components/sent-messages.tsx';

export const Route = createFileRoute('/_main/messages')({
  beforeLoad: ({ context }) => {
    // Admins only; the server checks the permission as well.
    if (!context.isAdmin) throw notFound();
  },
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(adminMessagesQueryOptions()),
      context.queryClient.ensureQueryData(messageOrganisationsQueryOptions()),
    ]),
  errorComponent: ({ error }) => <AdminPageError error={error} title="Messages could not be loaded" />,
  component: MessagesPage,
});

function MessagesPage() {
  const { data } = useSuspenseQuery(adminMessagesQueryOptions());
  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm">
        Announcements to everyone, one organisation or one user. They appear in the bell, and as a pop-up
        unless the trigger is “Never”.
      </Text>
      <MessageComposer />
      <SentMessages items={data.items} />
    </Stack>
  );
}
