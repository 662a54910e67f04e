import { Alert, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { userProjectsQueryOptions } from '../../projects/index.ts';
import { apiKeysQueryOptions, crmDestinationsQueryOptions, crmProjectsQueryOptions } from '../api/crm.ts';
import { type CrmAccess, crmAccessOf } from '../lib/crm-access.ts';
import { ApiKeysSection } from './api-keys-section.tsx';
import { CrmProjectsSection } from './crm-projects-section.tsx';
import { DestinationsSection } from './destinations-section.tsx';

const crmRoute = getRouteApi('/_main/crm');

const REFUSALS: Record<Exclude<CrmAccess, 'manage'>, string> = {
  notManager:
    "Only your organisation's owners and admins can manage where its leads are delivered. Ask one of them to add you as an admin, or to set up the integration.",
  noOrganisation:
    'CRM integration belongs to an organisation. Join or create one first; its owners and admins set it up.',
  platformAdmin:
    "CRM integration belongs to an organisation. To manage one organisation's, impersonate one of its owners or admins.",
};

/** Why the page shows nothing to manage: the API refuses anyone without `crm.manage` (403). */
export function CrmAccessNotice({ access }: { access: Exclude<CrmAccess, 'manage'> }) {
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconLock size={18} aria-hidden />}
      title="You need to be an owner or admin"
      maw={640}
    >
      <Text size="sm">{REFUSALS[access]}</Text>
    </Alert>
  );
}

function CrmWorkspace() {
  const { data: destinations } = useSuspenseQuery(crmDestinationsQueryOptions());
  const { data: projects } = useSuspenseQuery(crmProjectsQueryOptions());
  const { data: keys } = useSuspenseQuery(apiKeysQueryOptions());
  const projectOptions = projects.items.map((project) => ({
    value: String(project.projectId),
    label: project.title,
  }));
  return (
    <Stack gap="xl" maw={1100}>
      <Text c="dimmed" size="sm" maw={760}>
        Send every new lead to your CRM the moment it arrives: as a signed webhook, or as an email to your
        CRM's lead-parsing address. Failed deliveries are retried for about three days, and every attempt is
        in the log.
      </Text>
      <DestinationsSection destinations={destinations.items} projects={projectOptions} />
      <CrmProjectsSection projects={projects.items} />
      <ApiKeysSection keys={keys.items} />
    </Stack>
  );
}

/** /crm 'CRM Integration' (spec §2, decision 029): organisation owners and admins only. */
export function CrmPage() {
  const { isAdmin } = crmRoute.useRouteContext();
  // Admins have no project lists (spec §6: the API answers them 403), so this read is conditional.
  const { data: account, isPending } = useQuery({ ...userProjectsQueryOptions(), enabled: !isAdmin });
  if (!isAdmin && isPending) return null;
  const access = crmAccessOf(isAdmin, account);
  if (access !== 'manage') return <CrmAccessNotice access={access} />;
  return <CrmWorkspace />;
}
