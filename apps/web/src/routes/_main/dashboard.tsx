import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { ERROR_CODES } from '@offplan/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryErrorResetBoundary, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AccessErrorRedirect, describeError } from '../../components/feedback/error-page.tsx';
import { userProjectsQueryOptions, useUserProjects } from '../../features/projects/api/user-projects.ts';
import { ProjectGrid } from '../../features/projects/components/project-grid.tsx';
import { ProjectGridSkeleton } from '../../features/projects/components/project-grid-skeleton.tsx';
import {
  AdminProjectsNotice,
  ProjectsEmptyState,
} from '../../features/projects/components/projects-empty-state.tsx';
import { siteQueryOptions } from '../../features/site/api/site.ts';
import { isAccessError, isApiClientError } from '../../lib/api-client.ts';

export const Route = createFileRoute('/_main/dashboard')({
  loader: async ({ context }) => {
    // Admins get 403 from GET /api/user-projects (spec §6); they see an explanation instead.
    if (!context.isAdmin) await context.queryClient.ensureQueryData(userProjectsQueryOptions());
  },
  pendingComponent: DashboardPending,
  errorComponent: DashboardError,
  component: DashboardPage,
});

function DashboardPage() {
  const { isAdmin } = Route.useRouteContext();
  return isAdmin ? <AdminDashboard /> : <MemberDashboard />;
}

function AdminDashboard() {
  const { data: site } = useSuspenseQuery(siteQueryOptions());
  return <AdminProjectsNotice productName={site.productName} />;
}

function MemberDashboard() {
  const { data } = useUserProjects();
  if (data.projects.length === 0) return <ProjectsEmptyState />;
  return (
    <Stack gap="lg">
      <ProjectsHeading count={data.projects.length} organisation={data.organisation?.name} />
      <ProjectGrid projects={data.projects} />
    </Stack>
  );
}

function ProjectsHeading({ count, organisation }: { count?: number; organisation?: string | undefined }) {
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
        {organisation ? (
          <Text size="sm" c="dimmed">
            {organisation}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

function DashboardPending() {
  return (
    <Stack gap="lg">
      <ProjectsHeading />
      <ProjectGridSkeleton />
    </Stack>
  );
}

function DashboardError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();

  useEffect(() => {
    // Lets a retry start the query again instead of rethrowing the cached error.
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  // A lost session or an unverified email (also a 403) is no error of this page.
  if (isAccessError(error)) return <AccessErrorRedirect error={error} />;
  if (isApiClientError(error, ERROR_CODES.forbidden) || (isApiClientError(error) && error.status === 403)) {
    return <AdminDashboardFallback />;
  }
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      title="Your projects could not be loaded"
      maw={640}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{describeError(error)}</Text>
        <Button size="xs" variant="white" color="red" onClick={() => void router.invalidate()}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/** The API refused the call as it refuses admins: explain rather than report an error. */
function AdminDashboardFallback() {
  const { data: site } = useSuspenseQuery(siteQueryOptions());
  return <AdminProjectsNotice productName={site.productName} />;
}
