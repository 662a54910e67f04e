import { createFileRoute, notFound } from '@tanstack/react-router';
import { AdminPageError } from '../../components/feedback/admin-page-error.tsx';
import { adminUsersQueryOptions } from '../../features/users/api/admin-users.ts';
import { UsersPage } from '../../features/users/components/users-page.tsx';
import { searchInteger, searchOf, searchString } from '../../lib/search-params.ts';

const readUsersSearch = searchOf({
  /** Name, email or organisation. */
  q: (value) => searchString(value, { trim: true, max: 200 }),
  page: (value) => searchInteger(value, { min: 1 }),
});

export const Route = createFileRoute('/_main/users')({
  validateSearch: readUsersSearch,
  beforeLoad: ({ context }) => {
    // Admins only (spec §2 admin section); the server refuses everyone else as well.
    if (!context.isAdmin) throw notFound();
  },
  loaderDeps: ({ search }) => ({ q: search.q || undefined, page: search.page ?? 1 }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(adminUsersQueryOptions(deps)),
  errorComponent: ({ error }) => <AdminPageError error={error} title="Users could not be loaded" />,
  component: UsersPage,
});
