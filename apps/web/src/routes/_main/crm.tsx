import { createFileRoute } from '@tanstack/react-router';
import { AdminPageError } from '../../components/feedback/admin-page-error.tsx';
import {
  apiKeysQueryOptions,
  crmDestinationsQueryOptions,
  crmProjectsQueryOptions,
} from '../../features/crm/api/crm.ts';
import { CrmAccessNotice, CrmPage } from '../../features/crm/components/crm-page.tsx';
import { crmAccessOf, isCrmRefusal } from '../../features/crm/lib/crm-access.ts';
import { userProjectsQueryOptions } from '../../features/projects/index.ts';

/**
 * /crm 'CRM Integration' (spec §2, decision 029): destinations with their delivery logs, the projects'
 * delivery state and API keys. Only organisation owners and admins hold `crm.manage`; others are told
 * so instead of being sent calls the API would refuse.
 */
export const Route = createFileRoute('/_main/crm')({
  loader: async ({ context }) => {
    const account = context.isAdmin
      ? undefined
      : await context.queryClient.ensureQueryData(userProjectsQueryOptions());
    if (crmAccessOf(context.isAdmin, account) !== 'manage') return;
    await Promise.all([
      context.queryClient.ensureQueryData(crmDestinationsQueryOptions()),
      context.queryClient.ensureQueryData(crmProjectsQueryOptions()),
      context.queryClient.ensureQueryData(apiKeysQueryOptions()),
    ]);
  },
  errorComponent: ({ error }) =>
    // The role may have changed since the account was read: the API's 403 is explained, not reported.
    isCrmRefusal(error) ? (
      <CrmAccessNotice access="notManager" />
    ) : (
      <AdminPageError error={error} title="CRM integration could not be loaded" />
    ),
  component: CrmPage,
});
