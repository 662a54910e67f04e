import { createFileRoute, notFound } from '@tanstack/react-router';
import { NotFoundPage } from '../../../components/feedback/not-found-page.tsx';
import { projectQueryOptions } from '../../../features/projects/api/project-search.ts';
import { userProjectsQueryOptions } from '../../../features/projects/api/user-projects.ts';
import { ProjectSummaryPage } from '../../../features/projects/components/project-summary-page.tsx';
import { ProjectsPageError } from '../../../features/projects/components/projects-page-error.tsx';

const projectIdSchema = (value: string) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

export const Route = createFileRoute('/_main/projects/$id/summary')({
  loader: async ({ context, params }) => {
    const id = projectIdSchema(params.id);
    if (id === null) throw notFound();
    const [project] = await Promise.all([
      context.queryClient.ensureQueryData(projectQueryOptions(id)),
      context.isAdmin ? null : context.queryClient.ensureQueryData(userProjectsQueryOptions()),
    ]);
    if (!project) throw notFound();
  },
  notFoundComponent: () => <NotFoundPage />,
  errorComponent: ({ error }) => <ProjectsPageError error={error} title="The project could not be loaded" />,
  component: ProjectSummaryPage,
});
