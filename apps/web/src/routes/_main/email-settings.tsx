import { createFileRoute, notFound } from '@tanstack/react-router';
import { AdminPageError } from '../../components/feedback/admin-page-error.tsx';
import { sendersQueryOptions } from '../../features/email-settings/api/email-settings.ts';
import { EmailSettingsPage } from '../../features/email-settings/components/email-settings-page.tsx';

/** /email-settings (issue 19 item 4, platform admins): senders, lead recipients and email templates. */
export const Route = createFileRoute('/_main/email-settings')({
  beforeLoad: ({ context }) => {
    // Admins only; the server refuses everyone else (and an admin acting as a user) as well.
    if (!context.isAdmin) throw notFound();
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(sendersQueryOptions()),
  errorComponent: ({ error }) => <AdminPageError error={error} title="Email settings could not be loaded" />,
  component: EmailSettingsPage,
});
