import { createFileRoute, notFound } from '@tanstack/react-router';
import { AdminPageError } from '../../components/feedback/admin-page-error.tsx';
import { siteSettingsQueryOptions } from '../../features/site/api/site-settings.ts';
import { SiteSettingsPage } from '../../features/site/components/site-settings-page.tsx';

/** Issue 4: admins switch maintenance on and off here (the server refuses everyone else). */
export const Route = createFileRoute('/_main/site-settings')({
  beforeLoad: ({ context }) => {
    if (!context.isAdmin) throw notFound();
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(siteSettingsQueryOptions()),
  errorComponent: ({ error }) => <AdminPageError error={error} title="Site settings could not be loaded" />,
  component: SiteSettingsPage,
});
