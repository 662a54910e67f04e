import { JOB_VIEWS } from '@offplan/shared';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { AdminPageError } from '../../components/feedback/admin-page-error.tsx';
import { scheduledTasksQueryOptions } from '../../features/scheduled-tasks/api/scheduled-tasks.ts';
import { ScheduledTasksPage } from '../../features/scheduled-tasks/components/scheduled-tasks-page.tsx';
import { searchEnum, searchOf, searchString } from '../../lib/search-params.ts';

const readSearch = searchOf({
  queue: (value) => searchString(value, { max: 200 }),
  view: (value) => searchEnum(JOB_VIEWS, value),
});

/** /admin/scheduled-tasks (spec §2 admin menu, opened in a new tab; decision 033): the job queue. */
export const Route = createFileRoute('/_main/admin/scheduled-tasks')({
  validateSearch: readSearch,
  beforeLoad: ({ context }) => {
    // Admins only (spec §2 admin section); the server refuses everyone else as well.
    if (!context.isAdmin) throw notFound();
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(scheduledTasksQueryOptions()),
  errorComponent: ({ error }) => <AdminPageError error={error} title="Scheduled tasks could not be loaded" />,
  component: ScheduledTasksRoute,
});

function ScheduledTasksRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ScheduledTasksPage
      queue={search.queue}
      view={search.view ?? 'failed'}
      onChange={({ queue, view }) =>
        void navigate({ search: { queue, view: view === 'failed' ? undefined : view }, replace: true })
      }
    />
  );
}
