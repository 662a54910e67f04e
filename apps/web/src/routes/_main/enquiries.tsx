import { createFileRoute, notFound } from '@tanstack/react-router';
import { AdminPageError } from '../../components/feedback/admin-page-error.tsx';
import {
  leadOrganisationsQueryOptions,
  leadResponseTimesQueryOptions,
  leadsQueryOptions,
} from '../../features/leads/api/leads.ts';
import { EnquiriesPage } from '../../features/leads/components/leads-route-pages.tsx';
import { leadListSearch, readLeadSearch } from '../../features/leads/lib/lead-search-params.ts';

/** /enquiries (design §6, platform admins): every organisation's leads, the same table, drawer and export. */
export const Route = createFileRoute('/_main/enquiries')({
  validateSearch: readLeadSearch,
  beforeLoad: ({ context }) => {
    // Admins only (spec §2 admin section); the server answers everyone else with their own leads only.
    if (!context.isAdmin) throw notFound();
  },
  loaderDeps: ({ search }) => leadListSearch(search),
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(leadsQueryOptions(deps)),
      context.queryClient.ensureQueryData(leadResponseTimesQueryOptions(deps)),
      context.queryClient.ensureQueryData(leadOrganisationsQueryOptions()),
    ]),
  errorComponent: ({ error }) => <AdminPageError error={error} title="Enquiries could not be loaded" />,
  component: EnquiriesPage,
});
