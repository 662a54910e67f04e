import { Anchor, Badge, Button, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  listingPublicPath,
  PROJECT_IMAGE_PLACEHOLDER,
  PROJECT_TYPE_LABELS,
  type ProjectSearchItem,
} from '@offplan/shared';
import { IconExternalLink, IconMapPin, IconPencil } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { NotFoundPage } from '../../../components/feedback/not-found-page.tsx';
import { projectQueryOptions } from '../api/project-search.ts';
import { ProjectAccessActions } from './project-access-actions.tsx';

const summaryRoute = getRouteApi('/_main/projects/$id/summary');

/** /projects/$id/summary: the project the route's loader read. */
export function ProjectSummaryPage() {
  const params = summaryRoute.useParams();
  const { data: project } = useSuspenseQuery(projectQueryOptions(Number(params.id)));
  if (!project) return <NotFoundPage />;
  return <ProjectSummaryView project={project} />;
}

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The read-only project summary (recommended or member), with 'Edit listing' for those who may edit. */
function ProjectSummaryView({ project }: { project: ProjectSearchItem }) {
  // The server's rule (requireListingEditor): whoever reads it in full edits it: admins, approved
  // members and members of the owning organisation.
  const canEdit = project.access === 'full';
  const { detail } = project;
  const completion =
    detail?.estimatedCompletionYear != null
      ? `${detail.estimatedCompletionQuarter ? `Q${detail.estimatedCompletionQuarter} ` : ''}${detail.estimatedCompletionYear}`
      : null;

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6}>
          <Group gap={6}>
            <Badge>{project.salesStatusLabel}</Badge>
            <Badge variant="outline" color="gray">
              {project.stageLabel}
            </Badge>
            {project.isClaimed ? null : (
              <Badge variant="light" color="gray">
                Unclaimed
              </Badge>
            )}
          </Group>
          <Title order={2}>{project.title}</Title>
          {project.fullAddress ? (
            <Group gap={4} c="dimmed">
              <IconMapPin size={16} aria-hidden />
              <Text size="sm">{project.fullAddress}</Text>
            </Group>
          ) : null}
        </Stack>
        <Group gap="sm">
          <Button
            variant="default"
            component="a"
            href={listingPublicPath(project)}
            target="_blank"
            rel="noopener"
            rightSection={<IconExternalLink size={14} aria-hidden />}
          >
            View public page
          </Button>
          {canEdit ? (
            <Button
              renderRoot={(props) => (
                <Link {...props} to="/projects/$id/edit" params={{ id: String(project.id) }} />
              )}
              leftSection={<IconPencil size={16} aria-hidden />}
            >
              Edit listing
            </Button>
          ) : (
            <ProjectAccessActions project={project} size="sm" />
          )}
        </Group>
      </Group>
      <Image
        src={project.images[0] ?? PROJECT_IMAGE_PLACEHOLDER}
        fallbackSrc={PROJECT_IMAGE_PLACEHOLDER}
        alt={`${project.title}`}
        h={320}
        radius="md"
        fit="cover"
      />
      <Paper withBorder p="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Fact
            label="Building type"
            value={project.buildingType === 'TOWNHOUSES' ? 'Townhouses' : 'Apartments'}
          />
          <Fact
            label="Project type"
            value={project.projectType ? PROJECT_TYPE_LABELS[project.projectType] : null}
          />
          <Fact
            label="Suburb"
            value={[project.suburb, project.state, project.postcode].filter(Boolean).join(' ')}
          />
          <Fact label="Estimated completion" value={completion} />
          <Fact label="Developer" value={detail?.developerName} />
          <Fact label="Builder" value={detail?.builderName} />
          <Fact label="Marketer" value={detail?.marketerName} />
          <Fact label="Local government area" value={detail?.lga} />
          <Fact label="Brochure" value={yesNo(project.hasBrochure)} />
          <Fact label="Floorplans" value={yesNo(project.hasFloorplan)} />
          <Fact label="Configurations" value={yesNo(project.hasConfigurations)} />
          <Fact label="Images" value={String(project.images.length)} />
        </SimpleGrid>
      </Paper>
      {detail?.description ? (
        <Paper withBorder p="lg">
          <Stack gap="xs">
            <Title order={3} size="h4">
              About this project
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {detail.description}
            </Text>
          </Stack>
        </Paper>
      ) : null}
      {detail?.website ? (
        <Anchor href={detail.website} target="_blank" rel="noopener noreferrer">
          {detail.website}
        </Anchor>
      ) : null}
    </Stack>
  );
}
