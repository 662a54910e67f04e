import { createFileRoute, notFound } from '@tanstack/react-router';
import { AdminPageError } from '../../components/feedback/admin-page-error.tsx';
import { recentExportsQueryOptions } from '../../features/exports/api/exports.ts';
import { ExportPage } from '../../features/exports/components/export-page.tsx';

/** /export (issue 19 item 6, platform admins): CSV of users, organisations, projects, leads and feedback. */
export const Route = createFileRoute('/_main/export')({
  beforeLoad: ({ context }) => {
    // Admins only (spec §2 admin section); the server refuses everyone else as well.
    if (!context.isAdmin) throw notFound();
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(recentExportsQueryOptions()),
  errorComponent: ({ error }) => <AdminPageError error={error} title="Exports could not be loaded" />,
  component: ExportPage,
});
