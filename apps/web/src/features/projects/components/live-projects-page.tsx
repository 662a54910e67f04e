import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconPencil, IconPlus } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useUserProjects } from '../api/user-projects.ts';
import { AdminOnlyNotice } from './admin-only-notice.tsx';
import { FindProject } from './find-project.tsx';
import { ProjectGrid } from './project-grid.tsx';

const routeApi = getRouteApi('/_main/projects/');

export function ProjectsPage() {
  const { isAdmin } = routeApi.useRouteContext();
  if (isAdmin) return <AdminOnlyNotice />;
  return <LiveProjects />;
}

/** 'Live (n)': the user's own projects, a way to find others, and a way to add a new one. */
function LiveProjects() {
  const { data } = useUserProjects();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} size="h3">
            Live projects
          </Title>
          <Text size="sm" c="dimmed">
            {data.projects.length === 1 ? '1 project' : `${data.projects.length} projects`}
            {data.organisation ? ` · ${data.organisation.name}` : ''}
          </Text>
        </Stack>
        <Group gap="sm">
          {data.organisation && data.organisation.role !== 'member' ? (
            // Owners and admins of the organisation decide requests to its projects (decision 021).
            <Button
              component={Link}
              to="/accessrequests"
              variant="default"
              leftSection={<IconKey size={16} aria-hidden />}
            >
              Review access requests
            </Button>
          ) : null}
          <Button component={Link} to="/projects/new" leftSection={<IconPlus size={16} aria-hidden />}>
            Add a project
          </Button>
        </Group>
      </Group>
      <FindProject />
      {data.projects.length === 0 ? (
        <Text c="dimmed">
          You have no live projects yet. Find yours above and claim it, or add a new one.
        </Text>
      ) : (
        <ProjectGrid
          projects={data.projects}
          linkToSummary
          label="Live projects"
          renderExtra={(project) => (
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                renderRoot={(props) => (
                  <Link {...props} to="/projects/$id/edit" params={{ id: String(project.id) }} />
                )}
                leftSection={<IconPencil size={14} aria-hidden />}
              >
                Edit listing
              </Button>
            </Group>
          )}
        />
      )}
    </Stack>
  );
}
