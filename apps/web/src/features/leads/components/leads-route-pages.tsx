import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { userProjectsQueryOptions } from '../../projects/index.ts';
import { leadOrganisationsQueryOptions } from '../api/leads.ts';
import type { LeadSearchUpdate } from '../lib/lead-search.ts';
import { LeadsPage } from './leads-page.tsx';

const leadsRoute = getRouteApi('/_main/leads');
const enquiriesRoute = getRouteApi('/_main/enquiries');

/** /leads: the reader's leads; their projects filter it and owners/admins set the lead settings. */
export function MyLeadsPage() {
  const search = leadsRoute.useSearch();
  const navigate = leadsRoute.useNavigate();
  const { isAdmin, user } = leadsRoute.useRouteContext();
  // Admins have no project lists (spec §6: the API answers them 403), so this read is conditional.
  const { data: account } = useQuery({ ...userProjectsQueryOptions(), enabled: !isAdmin });
  const projects = (account?.projects ?? []).map((project) => ({
    value: String(project.id),
    label: project.title,
  }));
  const role = account?.organisation?.role;
  return (
    <LeadsPage
      scope="leads"
      search={search}
      onSearch={(update: LeadSearchUpdate) => void navigate({ search: update })}
      projects={projects}
      currentUserId={isAdmin ? undefined : user.id}
      canManageSettings={!isAdmin && (role === 'owner' || role === 'admin')}
      hasOrganisation={!isAdmin && Boolean(account?.organisation)}
    />
  );
}

/** /enquiries (platform admins): every organisation's leads, filtered by organisation. */
export function EnquiriesPage() {
  const search = enquiriesRoute.useSearch();
  const navigate = enquiriesRoute.useNavigate();
  const { data } = useSuspenseQuery(leadOrganisationsQueryOptions());
  const organisations = data.items.map((organisation) => ({
    value: organisation.id,
    label: organisation.name,
  }));
  return (
    <LeadsPage
      scope="enquiries"
      search={search}
      onSearch={(update: LeadSearchUpdate) => void navigate({ search: update })}
      projects={[]}
      organisations={organisations}
      canManageSettings={false}
      hasOrganisation={false}
    />
  );
}
