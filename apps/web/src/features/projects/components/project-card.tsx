import { Anchor, Badge, Card, Group, Image, type MantineColor, Stack, Text, Title } from '@mantine/core';
import {
  PROJECT_IMAGE_PLACEHOLDER,
  type ProjectSummary,
  SALES_STATUS_LABELS,
  type SalesStatus,
  STAGE_LABELS,
} from '@offplan/shared';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatDay } from '../../../lib/dates.ts';
import classes from './project-card.module.css';

const SALES_STATUS_COLORS: Record<SalesStatus, MantineColor> = {
  HIDDEN: 'gray',
  PENDING_LAUNCH: 'yellow',
  REGISTRATIONS_OF_INTEREST: 'blue',
  SELLING_NOW: 'green',
  SOLD_OUT: 'red',
};

/** A project's day (updated, requested), or null when unreadable so the line is left out. */
export function formatUpdatedAt(value: string): string | null {
  const day = formatDay(value);
  return day === '—' ? null : day;
}

/**
 * A project on the dashboard and project lists: hero image, title, location, stage and sales status,
 * last update. `linkToSummary` makes the title open the read-only summary; `children` go at the
 * bottom (completeness, actions).
 */
export function ProjectCard({
  project,
  linkToSummary = false,
  imageInView = false,
  children,
}: {
  project: ProjectSummary;
  linkToSummary?: boolean;
  /**
   * The card opens in view (the grid's first row): its photo loads at once instead of waiting for the
   * browser to lay the page out and find it near the screen, since it is often the page's largest paint.
   */
  imageInView?: boolean;
  children?: ReactNode;
}) {
  const titleId = `project-${project.id}-title`;
  const updated = formatUpdatedAt(project.updatedAt);
  const location = [project.suburb, project.state].filter(Boolean).join(', ');

  return (
    <Card data-testid="project-card" component="article" aria-labelledby={titleId} className={classes.card}>
      <Card.Section>
        {/* The title sits right below, so the photo is decorative for screen readers. */}
        <Image
          src={project.images[0] ?? PROJECT_IMAGE_PLACEHOLDER}
          fallbackSrc={PROJECT_IMAGE_PLACEHOLDER}
          alt=""
          h={176}
          fit="cover"
          loading={imageInView ? 'eager' : 'lazy'}
        />
      </Card.Section>
      <Stack gap={8} mt="md" className={classes.body}>
        <Group gap={6}>
          <Badge color={SALES_STATUS_COLORS[project.salesStatus]}>
            {project.salesStatusLabel || SALES_STATUS_LABELS[project.salesStatus]}
          </Badge>
          <Badge color="gray" variant="outline">
            {project.stageLabel || STAGE_LABELS[project.stage]}
          </Badge>
        </Group>
        <Title order={3} size="h4" id={titleId} lineClamp={2}>
          {linkToSummary ? (
            <Anchor
              renderRoot={(props) => (
                <Link {...props} to="/projects/$id/summary" params={{ id: String(project.id) }} />
              )}
              inherit
              c="inherit"
            >
              {project.title}
            </Anchor>
          ) : (
            project.title
          )}
        </Title>
        {location ? (
          <Group gap={4} wrap="nowrap" c="dimmed">
            <IconMapPin size={15} stroke={1.6} aria-hidden />
            <Text size="sm" c="dimmed" truncate="end">
              {location}
            </Text>
          </Group>
        ) : null}
      </Stack>
      {updated ? (
        <Text size="xs" c="dimmed" mt="md">
          Updated <time dateTime={project.updatedAt}>{updated}</time>
        </Text>
      ) : null}
      {children ? (
        <Stack gap="sm" mt="md">
          {children}
        </Stack>
      ) : null}
    </Card>
  );
}
