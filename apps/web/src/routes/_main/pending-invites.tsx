import { createFileRoute, notFound } from '@tanstack/react-router';
import { AdminPageError } from '../../components/feedback/admin-page-error.tsx';
import { pendingInvitationsQueryOptions } from '../../features/organisation-invitations/api/organisation-invitations.ts';
import { PendingInvitesPage } from '../../features/organisation-invitations/components/pending-invites-page.tsx';

export const Route = createFileRoute('/_main/pending-invites')({
  beforeLoad: ({ context }) => {
    // Admins only (spec §2 admin section); the server refuses everyone else as well.
    if (!context.isAdmin) throw notFound();
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(pendingInvitationsQueryOptions()),
  errorComponent: ({ error }) => (
    <AdminPageError error={error} title="Pending invitations could not be loaded" />
  ),
  component: PendingInvitesPage,
});
