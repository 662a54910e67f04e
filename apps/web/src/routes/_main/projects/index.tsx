import { createFileRoute } from '@tanstack/react-router';
import { userProjectsQueryOptions } from '../../../features/projects/api/user-projects.ts';
import { ProjectsPage } from '../../../features/projects/components/live-projects-page.tsx';
import { ProjectGridSkeleton } from '../../../features/projects/components/project-grid-skeleton.tsx';
import { ProjectsPageError } from '../../../features/projects/components/projects-page-error.tsx';

export const Route = createFileRoute('/_main/projects/')({
  loader: async ({ context }) => {
    if (!context.isAdmin) await context.queryClient.ensureQueryData(userProjectsQueryOptions());
  },
  pendingComponent: () => <ProjectGridSkeleton />,
  errorComponent: ({ error }) => (
    <ProjectsPageError error={error} title="Your projects could not be loaded" />
  ),
  component: ProjectsPage,
});
