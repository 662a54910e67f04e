import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  formatAbn,
  ORGANISATION_VISIBILITY_DESCRIPTIONS,
  ORGANISATION_VISIBILITY_LABELS,
  type OrganisationDetails,
  type OrganisationRole,
} from '@offplan/shared';
import type { ReactNode } from 'react';
import { phoneForDisplay } from '../lib/organisation-format.ts';
import { DetailsForm } from './details-form.tsx';
import { LogoField } from './logo-field.tsx';

const ROLE_PHRASES: Record<OrganisationRole, string> = {
  owner: 'an owner',
  admin: 'an admin',
  member: 'a member',
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ whiteSpace: 'pre-line' }}>
        {children || (
          <Text span c="dimmed" size="sm">
            Not given
          </Text>
        )}
      </Text>
    </Stack>
  );
}

/** The details as members read them. */
function DetailsView({ details }: { details: OrganisationDetails }) {
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap">
        {details.logoUrl ? (
          <img
            src={details.logoUrl}
            alt={`${details.name} logo`}
            style={{ maxHeight: 64, maxWidth: 160, objectFit: 'contain' }}
          />
        ) : null}
        <Title order={3}>{details.name}</Title>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Detail label="ABN">{details.abn ? formatAbn(details.abn) : ''}</Detail>
        <Detail label="Website">
          {details.website ? (
            <Anchor href={details.website} target="_blank" rel="noopener noreferrer" size="sm">
              {details.website}
            </Anchor>
          ) : null}
        </Detail>
        <Detail label="Phone">{phoneForDisplay(details.phone)}</Detail>
        <Detail label="Address">{details.addressLine ?? ''}</Detail>
      </SimpleGrid>
      <Detail label="About">{details.about ?? ''}</Detail>
      <Detail label="Visibility">
        {`${ORGANISATION_VISIBILITY_LABELS[details.visibility]}: ${ORGANISATION_VISIBILITY_DESCRIPTIONS[details.visibility]}`}
      </Detail>
      <Text size="sm" c="dimmed">
        {`You are ${ROLE_PHRASES[details.yourRole]} of ${details.name}. Its owners and admins can change these details.`}
      </Text>
    </Stack>
  );
}

/** The organisation's details: an edit form with the logo for owners and admins, a read-only view for members. */
export function DetailsCard({ details }: { details: OrganisationDetails }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="organisation-details-title"
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="organisation-details-title">
          Details
        </Title>
        {details.canManage ? (
          <>
            <LogoField logoUrl={details.logoUrl} name={details.name} />
            <DetailsForm details={details} />
          </>
        ) : (
          <DetailsView details={details} />
        )}
      </Stack>
    </Card>
  );
}
