import { Alert, Stack, Text } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { userProjectsQueryOptions } from '../../projects/index.ts';
import {
  organisationMembersQueryOptions,
  organisationProjectsQueryOptions,
  organisationQueryOptions,
} from '../api/organisation.ts';
import { DetailsCard } from './details-card.tsx';
import { MembersSection } from './members-section.tsx';
import { ORGANISATION_PAGE_SECTIONS } from './organisation-sections.tsx';
import { ProjectsSection } from './projects-section.tsx';

const organisationRoute = getRouteApi('/_main/organisation');

export type OrganisationAbsence = 'noOrganisation' | 'platformAdmin';

const ABSENCE: Record<OrganisationAbsence, string> = {
  noOrganisation:
    'You are not a member of an organisation yet. If you asked to join one, its owners will decide soon; otherwise ask an owner to invite you.',
  platformAdmin:
    'Platform admins belong to no organisation. Manage organisations and move people between them from Users.',
};

/** Why there is no organisation to show (the API answers 403 to people without one). */
export function OrganisationAbsenceNotice({ reason }: { reason: OrganisationAbsence }) {
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconBuilding size={18} aria-hidden />}
      title="No organisation"
      maw={640}
    >
      <Text size="sm">{ABSENCE[reason]}</Text>
    </Alert>
  );
}

function OrganisationWorkspace() {
  const { data: details } = useSuspenseQuery(organisationQueryOptions());
  const { data: members } = useSuspenseQuery(organisationMembersQueryOptions());
  const { data: projects } = useSuspenseQuery(organisationProjectsQueryOptions());
  return (
    <Stack gap="xl" maw={1100}>
      <DetailsCard details={details} />
      <MembersSection details={details} members={members.items} />
      {ORGANISATION_PAGE_SECTIONS.map(({ id, Component }) => (
        <Component key={id} organisation={details} />
      ))}
      <ProjectsSection projects={projects.items} />
    </Stack>
  );
}

/** /organisation 'Organisation' (decision 030): the caller's organisation, its members and projects. */
export function OrganisationPage() {
  const { isAdmin } = organisationRoute.useRouteContext();
  // Admins have no account state (spec §6: the API answers them 403), so this read is conditional.
  const { data: account, isPending } = useQuery({ ...userProjectsQueryOptions(), enabled: !isAdmin });
  if (isAdmin) return <OrganisationAbsenceNotice reason="platformAdmin" />;
  if (isPending) return null;
  if (!account?.organisation) return <OrganisationAbsenceNotice reason="noOrganisation" />;
  return <OrganisationWorkspace />;
}
