import { Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { projectsByIdsQueryOptions } from '../api/project-search.ts';
import { useUserProjects } from '../api/user-projects.ts';
import { AdminOnlyNotice } from './admin-only-notice.tsx';
import { ProjectAccessActions } from './project-access-actions.tsx';
import { ProjectGrid } from './project-grid.tsx';

const routeApi = getRouteApi('/_main/projects/recommended');

export function RecommendedPage() {
  const { isAdmin } = routeApi.useRouteContext();
  return isAdmin ? <AdminOnlyNotice /> : <RecommendedProjects />;
}

/** 'Recommended (n)': projects that look like the user's organisation's, to claim or request (design §2). */
function RecommendedProjects() {
  const { data } = useUserProjects();
  // Whether each one is claimed (claim) or owned by another organisation (request access).
  // Dependent read (the ids come from the account) that only adds facts to cards already shown.
  const { data: items } = useQuery(projectsByIdsQueryOptions(data.recommendedProjectIds));
  const facts = new Map(items?.map((item) => [item.id, item]));

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={2} size="h3">
          Recommended projects
        </Title>
        <Text size="sm" c="dimmed">
          These projects look like your organisation's. Claim an unclaimed one to manage its listing, or
          request access to one another organisation manages.
        </Text>
      </Stack>
      {data.recommendedProjects.length === 0 ? (
        <Text c="dimmed" role="status">
          No recommendations right now.
        </Text>
      ) : (
        <ProjectGrid
          projects={data.recommendedProjects}
          linkToSummary
          label="Recommended projects"
          renderExtra={(project) => {
            const item = facts.get(project.id);
            return (
              <Group gap="xs">
                {item ? (
                  <ProjectAccessActions
                    project={{ ...project, isClaimed: item.isClaimed, relation: item.relation }}
                    size="sm"
                  />
                ) : (
                  <Skeleton h={30} w={90} />
                )}
              </Group>
            );
          }}
        />
      )}
    </Stack>
  );
}
