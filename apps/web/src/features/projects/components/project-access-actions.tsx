import { Badge, Button, Group } from '@mantine/core';
import type { ProjectRelation, ProjectSummary } from '@offplan/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { notifications } from '../../../lib/toasts.ts';
import { useClaimProject, useRequestProjectAccess } from '../api/project-actions.ts';
import { userProjectsQueryOptions } from '../api/user-projects.ts';

export type AccessTarget = Pick<ProjectSummary, 'id' | 'name' | 'title' | 'campaignType'> & {
  isClaimed: boolean;
  relation: ProjectRelation;
};

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong';
}

/**
 * What the user can do with a project they do not work on yet (design §2): claim an unclaimed one,
 * request access to one owned by another organisation; a pending request is shown as such.
 */
export function ProjectAccessActions({
  project,
  size = 'xs',
}: {
  project: AccessTarget;
  size?: 'xs' | 'sm';
}) {
  // Admins have no account state (spec §6); their relation is 'admin'. Conditional read: useQuery, no loader.
  const { data: account } = useQuery({
    ...userProjectsQueryOptions(),
    enabled: project.relation !== 'admin',
  });
  const label = project.title || project.name;
  const claim = useClaimProject({
    onSuccess: (answer) =>
      notifications.show(
        answer.outcome === 'claimed'
          ? { color: 'green', title: 'Project claimed', message: `${label} is now one of your projects.` }
          : {
              color: 'blue',
              title: 'Access requested',
              message: `${label} belongs to another organisation, so we asked them for access.`,
            },
      ),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Could not claim', message: errorMessage(error) }),
  });
  const request = useRequestProjectAccess({
    onSuccess: () =>
      notifications.show({
        color: 'blue',
        title: 'Access requested',
        message: `The owners of ${label} will review your request.`,
      }),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Could not request access', message: errorMessage(error) }),
  });

  if (project.relation === 'member' || project.relation === 'admin') {
    return (
      <Button
        size={size}
        variant="light"
        renderRoot={(props) => (
          <Link {...props} to="/projects/$id/summary" params={{ id: String(project.id) }} />
        )}
      >
        Open
      </Button>
    );
  }
  if (project.relation === 'pending' || account?.projectRequestsIds.includes(project.id)) {
    return (
      <Badge color="yellow" variant="light">
        Awaiting access
      </Badge>
    );
  }

  if (!project.isClaimed) {
    return (
      <Button
        size={size}
        loading={claim.isPending}
        aria-label={`Claim ${label}`}
        onClick={() =>
          claim.mutate({
            project,
            recommendedProjects: account?.recommendedProjectIds ?? [],
            organisation: account?.organisation ?? null,
          })
        }
      >
        Claim
      </Button>
    );
  }

  return (
    <Group gap="xs">
      <Button
        size={size}
        variant="light"
        loading={request.isPending}
        aria-label={`Request access to ${label}`}
        onClick={() => request.mutate(project.id)}
      >
        Request access
      </Button>
    </Group>
  );
}
