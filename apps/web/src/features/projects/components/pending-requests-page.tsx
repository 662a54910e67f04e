import { Button, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { notifications } from '../../../lib/toasts.ts';
import { useWithdrawAccessRequest } from '../api/project-actions.ts';
import { useUserProjects } from '../api/user-projects.ts';
import { AdminOnlyNotice } from './admin-only-notice.tsx';
import { formatUpdatedAt } from './project-card.tsx';
import { ProjectGrid } from './project-grid.tsx';

const routeApi = getRouteApi('/_main/projects/pending');

export function PendingPage() {
  const { isAdmin } = routeApi.useRouteContext();
  return isAdmin ? <AdminOnlyNotice /> : <PendingRequests />;
}

/** 'Awaiting Access (n)': the user's pending access requests, each of which they may withdraw. */
function PendingRequests() {
  const { data } = useUserProjects();
  const withdraw = useWithdrawAccessRequest({
    onSuccess: (_, requestId) => {
      const title = data.projectRequests.find((request) => request.requestId === requestId)?.project.title;
      notifications.show({
        color: 'green',
        title: 'Request withdrawn',
        message: title ? `Your request for ${title} is withdrawn.` : 'Your request is withdrawn.',
      });
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Could not withdraw', message: error.message }),
  });
  const requests = new Map(data.projectRequests.map((request) => [request.project.id, request]));

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={2} size="h3">
          Awaiting access
        </Title>
        <Text size="sm" c="dimmed">
          The owners of these projects have not answered your access request yet. You are told by email and in
          the portal when they do.
        </Text>
      </Stack>
      {data.projectRequests.length === 0 ? (
        <Text c="dimmed" role="status">
          You have no pending access requests.
        </Text>
      ) : (
        <ProjectGrid
          projects={data.projectRequests.map((request) => request.project)}
          label="Pending access requests"
          renderExtra={(project) => {
            const request = requests.get(project.id);
            if (!request) return null;
            const requested = formatUpdatedAt(request.createdAt);
            const busy = withdraw.isPending && withdraw.variables === request.requestId;
            return (
              <Stack gap="xs" align="flex-start">
                {requested ? (
                  <Text size="xs" c="dimmed">
                    Requested <time dateTime={request.createdAt}>{requested}</time>
                  </Text>
                ) : null}
                <Button
                  size="xs"
                  variant="default"
                  color="red"
                  loading={busy}
                  aria-label={`Withdraw request for ${project.title}`}
                  onClick={() => withdraw.mutate(request.requestId)}
                >
                  Withdraw
                </Button>
              </Stack>
            );
          }}
        />
      )}
    </Stack>
  );
}
