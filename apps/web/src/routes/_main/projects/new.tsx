import { createFileRoute } from '@tanstack/react-router';
import { NewProject } from '../../../features/listings/components/new-project.tsx';
import { userProjectsQueryOptions } from '../../../features/projects/api/user-projects.ts';
import { AdminOnlyNotice } from '../../../features/projects/components/admin-only-notice.tsx';

export const Route = createFileRoute('/_main/projects/new')({
  loader: async ({ context }) => {
    if (!context.isAdmin) await context.queryClient.ensureQueryData(userProjectsQueryOptions());
  },
  component: NewProjectPage,
});

function NewProjectPage() {
  const { isAdmin } = Route.useRouteContext();
  return isAdmin ? <AdminOnlyNotice /> : <NewProject />;
}
