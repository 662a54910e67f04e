import { Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ListingCompleteness as Completeness, ProjectSummary } from '@offplan/shared';
import { ERROR_CODES, sortProjects } from '@offplan/shared';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { type ErrorComponentProps, getRouteApi } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import { AdminPageError } from '../../../components/feedback/admin-page-error.tsx';
import { isAccessError, isApiClientError } from '../../../lib/api-client.ts';
import { useDashboardFiltersStore, useDashboardSortStore } from '../../../stores/dashboard-store.ts';
import { DashboardKpis } from '../../reporting/index.ts';
import { siteQueryOptions } from '../../site/index.ts';
import { projectsByIdsQueryOptions } from '../api/project-search.ts';
import { useUserProjects } from '../api/user-projects.ts';
import { type FilterableProject, matchesDashboardFilters } from '../lib/dashboard-filters.ts';
import { DashboardToolbar } from './dashboard-toolbar.tsx';
import { ListingCompleteness } from './listing-completeness.tsx';
import { ProjectGrid } from './project-grid.tsx';
import { ProjectGridSkeleton } from './project-grid-skeleton.tsx';
import { AdminProjectsNotice, ProjectsEmptyState } from './projects-empty-state.tsx';

const dashboardRoute = getRouteApi('/_main/dashboard');

/** /dashboard (spec §3): the member's projects, or for an admin why there are none. */
export function DashboardPage() {
  const { isAdmin } = dashboardRoute.useRouteContext();
  return isAdmin ? <AdminDashboard /> : <MemberDashboard />;
}

function AdminDashboard() {
  const { data: site } = useSuspenseQuery(siteQueryOptions());
  return <AdminProjectsNotice productName={site.productName} />;
}

function MemberDashboard() {
  const { data } = useUserProjects();
  if (data.projects.length === 0) return <ProjectsEmptyState />;
  return <FilteredProjects projects={data.projects} organisation={data.organisation?.name} />;
}

/** The user's projects through the persisted dashboard filters and sort (spec §3, §4). */
function FilteredProjects({ projects, organisation }: { projects: ProjectSummary[]; organisation?: string }) {
  const filters = useDashboardFiltersStore((state) => state.filters);
  const sort = useDashboardSortStore((state) => state.sort);
  // Every card's completeness comes with the search items: one call for all, never one per card.
  // Dependent read (ids from the account, filtered here) that only adds facts to cards already shown.
  const { data: items, isError } = useQuery(projectsByIdsQueryOptions(projects.map((project) => project.id)));
  const facts = useMemo(
    () =>
      new Map(
        items?.map((item) => {
          const completeness: Completeness = {
            brochure: item.hasBrochure,
            floorplans: item.hasFloorplan,
            configurations: item.hasConfigurations,
            images: item.images.length > 0,
            video: item.hasVideo,
          };
          // The summary page's rule for 'Edit listing'; the editor's API checks again.
          return [item.id, { completeness, canEdit: item.access === 'full' }];
        }),
      ),
    [items],
  );

  const shown = useMemo(() => {
    const filterable = projects.map((project): ProjectSummary & FilterableProject => ({
      ...project,
      completeness: facts.get(project.id)?.completeness,
    }));
    return sortProjects(
      filterable.filter((project) => matchesDashboardFilters(project, filters)),
      sort,
    );
  }, [projects, facts, filters, sort]);

  return (
    <Stack gap="lg">
      <DashboardKpis />
      <ProjectsHeading count={projects.length} organisation={organisation}>
        <DashboardToolbar />
      </ProjectsHeading>
      {shown.length < projects.length ? (
        <Text size="sm" c="dimmed" role="status">
          Showing {shown.length} of {projects.length} projects
        </Text>
      ) : null}
      {shown.length === 0 ? (
        <Text c="dimmed">No project matches the filters. Turn some filters back on to see more.</Text>
      ) : (
        <ProjectGrid
          projects={shown}
          linkToSummary
          label="Your projects"
          renderExtra={(project) => {
            const card = facts.get(project.id);
            if (card) {
              return (
                <ListingCompleteness
                  projectId={project.id}
                  facts={card.completeness}
                  canEdit={card.canEdit}
                />
              );
            }
            // Unknown facts (the search failed) leave the card without the indicator.
            return items || isError ? null : <Skeleton h={38} aria-label="Loading listing completeness" />;
          }}
        />
      )}
    </Stack>
  );
}

function ProjectsHeading({
  count,
  organisation,
  organisationPending = false,
  children,
}: {
  count?: number;
  organisation?: string | undefined;
  /** Holds the organisation's line (the same height) until the account answers. */
  organisationPending?: boolean;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="xs">
      <Stack gap={2}>
        <Group gap="xs">
          <Title order={2} size="h3">
            Your projects
          </Title>
          {count !== undefined ? (
            <Badge variant="light" color="gray" size="lg" radius="xl" aria-label={`${count} projects`}>
              {count}
            </Badge>
          ) : null}
        </Group>
        {organisationPending ? (
          <Skeleton width={180}>
            <Text size="sm">{'\u00a0'}</Text>
          </Skeleton>
        ) : organisation ? (
          <Text size="sm" c="dimmed">
            {organisation}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Group>
  );
}

/**
 * Waiting for the projects: the page's own parts where they will stand (the key figures, which start
 * their call now, and the heading with its toolbar), so nothing moves when the projects arrive.
 */
export function DashboardPending() {
  const { isAdmin } = dashboardRoute.useRouteContext();
  return (
    <Stack gap="lg">
      {isAdmin ? null : <DashboardKpis />}
      <ProjectsHeading organisationPending>
        <DashboardToolbar />
      </ProjectsHeading>
      <ProjectGridSkeleton />
    </Stack>
  );
}

export function DashboardError({ error }: ErrorComponentProps) {
  // A lost session or an unverified email (also a 403) is no error of this page: AdminPageError sends
  // those on; the API refusing the call as it refuses admins is explained instead.
  const refusedAsAdmin =
    !isAccessError(error) &&
    (isApiClientError(error, ERROR_CODES.forbidden) || (isApiClientError(error) && error.status === 403));
  if (refusedAsAdmin) return <AdminDashboardFallback />;
  return <AdminPageError error={error} title="Your projects could not be loaded" />;
}

/** The API refused the call as it refuses admins: explain rather than report an error. */
function AdminDashboardFallback() {
  const { data: site } = useSuspenseQuery(siteQueryOptions());
  return <AdminProjectsNotice productName={site.productName} />;
}
