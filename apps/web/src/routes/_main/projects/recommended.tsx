import { createFileRoute } from '@tanstack/react-router';
import { userProjectsQueryOptions } from '../../../features/projects/api/user-projects.ts';
import { ProjectGridSkeleton } from '../../../features/projects/components/project-grid-skeleton.tsx';
import { ProjectsPageError } from '../../../features/projects/components/projects-page-error.tsx';
import { RecommendedPage } from '../../../features/projects/components/recommended-projects-page.tsx';

export const Route = createFileRoute('/_main/projects/recommended')({
  loader: async ({ context }) => {
    if (!context.isAdmin) await context.queryClient.ensureQueryData(userProjectsQueryOptions());
  },
  pendingComponent: () => <ProjectGridSkeleton />,
  errorComponent: ({ error }) => (
    <ProjectsPageError error={error} title="Recommended projects could not be loaded" />
  ),
  component: RecommendedPage,
});
