import { createFileRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { AdminPageError } from '../../components/feedback/admin-page-error.tsx';
import { adminUsersQueryOptions } from '../../features/users/api/admin-users.ts';
import { UsersPage } from '../../features/users/components/users-page.tsx';

const usersSearchSchema = z.object({
  /** Name, email or organisation. */
  q: z.string().trim().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});

export const Route = createFileRoute('/_main/users')({
  validateSearch: usersSearchSchema,
  beforeLoad: ({ context }) => {
    // Admins only (spec §2 admin section); the server refuses everyone else as well.
    if (!context.isAdmin) throw notFound();
  },
  loaderDeps: ({ search }) => ({ q: search.q || undefined, page: search.page ?? 1 }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(adminUsersQueryOptions(deps)),
  errorComponent: ({ error }) => <AdminPageError error={error} title="Users could not be loaded" />,
  component: UsersPage,
});
