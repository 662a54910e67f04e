import { createFileRoute, notFound } from '@tanstack/react-router';
import { AdminPageError } from '../../components/feedback/admin-page-error.tsx';
import { mailboxQueryOptions } from '../../features/mailbox/api/mailbox.ts';
import { MailboxList } from '../../features/mailbox/components/mailbox-list.tsx';
import { MailboxOffNotice } from '../../features/mailbox/components/mailbox-off-notice.tsx';
import { isApiClientError } from '../../lib/api-client.ts';

/** Design §9: the development outbox of emails and SMS, for admins (the API serves it outside production only). */
export const Route = createFileRoute('/_main/dev/mailbox')({
  beforeLoad: ({ context }) => {
    if (!context.isAdmin) throw notFound();
  },
  loader: async ({ context }) => {
    try {
      await context.queryClient.ensureInfiniteQueryData(mailboxQueryOptions());
      return { off: false };
    } catch (error) {
      // Where the server delivers for real (production) the route does not exist: not an error here.
      if (isApiClientError(error) && error.status === 404) return { off: true };
      throw error;
    }
  },
  errorComponent: ({ error }) => <AdminPageError error={error} title="The mailbox could not be loaded" />,
  component: MailboxPage,
});

function MailboxPage() {
  const { off } = Route.useLoaderData();
  return off ? <MailboxOffNotice /> : <MailboxList />;
}
