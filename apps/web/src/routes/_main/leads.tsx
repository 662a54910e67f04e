import { createFileRoute } from '@tanstack/react-router';
import { AdminPageError } from '../../components/feedback/admin-page-error.tsx';
import { leadResponseTimesQueryOptions, leadsQueryOptions } from '../../features/leads/api/leads.ts';
import { MyLeadsPage } from '../../features/leads/components/leads-route-pages.tsx';
import { leadListSearch, readLeadSearch } from '../../features/leads/lib/lead-search-params.ts';

/**
 * /leads (issue 16): the leads of the projects the reader works on (the server decides which, and
 * masks contact details for spec §6's roles). Filters, sort, page and the open lead live in the URL.
 */
export const Route = createFileRoute('/_main/leads')({
  validateSearch: readLeadSearch,
  loaderDeps: ({ search }) => leadListSearch(search),
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(leadsQueryOptions(deps)),
      context.queryClient.ensureQueryData(leadResponseTimesQueryOptions(deps)),
    ]),
  errorComponent: ({ error }) => <AdminPageError error={error} title="Leads could not be loaded" />,
  component: MyLeadsPage,
});
