import { createFileRoute } from '@tanstack/react-router';
import { AdminPageError } from '../../components/feedback/admin-page-error.tsx';
import {
  organisationMembersQueryOptions,
  organisationProjectsQueryOptions,
  organisationQueryOptions,
} from '../../features/organisation/api/organisation.ts';
import {
  OrganisationAbsenceNotice,
  OrganisationPage,
} from '../../features/organisation/components/organisation-page.tsx';
import { isNoOrganisation } from '../../features/organisation/lib/organisation-access.ts';
import { userProjectsQueryOptions } from '../../features/projects/index.ts';

/**
 * /organisation 'Organisation' (decision 030): any member reads its details, members and projects;
 * owners and admins edit. Platform admins belong to none and are told where they manage organisations.
 */
export const Route = createFileRoute('/_main/organisation')({
  loader: async ({ context }) => {
    if (context.isAdmin) return;
    const account = await context.queryClient.ensureQueryData(userProjectsQueryOptions());
    if (!account.organisation) return;
    await Promise.all([
      context.queryClient.ensureQueryData(organisationQueryOptions()),
      context.queryClient.ensureQueryData(organisationMembersQueryOptions()),
      context.queryClient.ensureQueryData(organisationProjectsQueryOptions()),
    ]);
  },
  errorComponent: ({ error }) =>
    // The membership may have ended since the account was read: the API's 403 is explained, not reported.
    isNoOrganisation(error) ? (
      <OrganisationAbsenceNotice reason="noOrganisation" />
    ) : (
      <AdminPageError error={error} title="Your organisation could not be loaded" />
    ),
  component: OrganisationPage,
});
