import { ACCESS_REQUEST_STATUSES } from '@offplan/shared';
import { createFileRoute } from '@tanstack/react-router';
import { accessRequestsQueryOptions } from '../../features/access-requests/api/access-requests.ts';
import { AccessRequestsPage } from '../../features/access-requests/components/access-requests-page.tsx';
import { ProjectsPageError } from '../../features/projects/components/projects-page-error.tsx';
import { searchEnum, searchOf } from '../../lib/search-params.ts';

const readSearch = searchOf({
  status: (value) => searchEnum(ACCESS_REQUEST_STATUSES, value),
});

/**
 * Access requests to decide: platform admins see every one, organisation owners and admins their
 * organisation's projects' (the server decides; decision 021).
 */
export const Route = createFileRoute('/_main/accessrequests')({
  validateSearch: readSearch,
  loaderDeps: ({ search }) => ({ status: search.status ?? 'pending' }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(accessRequestsQueryOptions(deps.status)),
  errorComponent: ({ error }) => (
    <ProjectsPageError error={error} title="Access requests could not be loaded" />
  ),
  component: AccessRequestsRoute,
});

function AccessRequestsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AccessRequestsPage
      status={search.status ?? 'pending'}
      onStatusChange={(status) =>
        void navigate({ search: { status: status === 'pending' ? undefined : status } })
      }
    />
  );
}
