import { createFileRoute, notFound } from '@tanstack/react-router';
import { AdminPageError } from '../../components/feedback/admin-page-error.tsx';
import { rolesQueryOptions } from '../../features/roles/api/roles.ts';
import { RolesPage } from '../../features/roles/components/roles-page.tsx';

/** /roles, Manage Roles (design §1, platform admins holding settings.manage): the permission sets. */
export const Route = createFileRoute('/_main/roles')({
  beforeLoad: ({ context }) => {
    // Admins only (spec §2 admin section); the server refuses everyone else as well.
    if (!context.isAdmin) throw notFound();
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(rolesQueryOptions()),
  errorComponent: ({ error }) => <AdminPageError error={error} title="Roles could not be loaded" />,
  component: RolesPage,
});
