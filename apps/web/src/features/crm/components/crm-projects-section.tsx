import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import type { crmProjectSchema } from '@offplan/shared';
import type { z } from 'zod';
import { exactTime, relativeTime } from '../../../lib/dates.ts';

type CrmProject = z.output<typeof crmProjectSchema>;

function DeliveryState({ project }: { project: CrmProject }) {
  if (project.destinations === 0) {
    return (
      <Badge color="gray" variant="light">
        Not delivered
      </Badge>
    );
  }
  return (
    <Text size="sm">
      {project.destinations} {project.destinations === 1 ? 'destination' : 'destinations'}
    </Text>
  );
}

/** Spec §3 'CRM projects and details': each project of the organisation and how its leads reach the CRM. */
export function CrmProjectsSection({ projects }: { projects: CrmProject[] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="crm-projects-heading">
      <Title order={2} size="h4" id="crm-projects-heading">
        Projects
      </Title>
      {projects.length === 0 ? (
        <Text size="sm" c="dimmed">
          Your organisation has no projects yet. Once it has, their leads are delivered to the destinations
          above.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs">
            <caption style={{ captionSide: 'top', textAlign: 'left' }}>
              <Text size="sm" c="dimmed" component="span">
                Which destinations receive each project's leads, over the last 30 days.
              </Text>
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Project</Table.Th>
                <Table.Th>Sent to</Table.Th>
                <Table.Th>Last delivered</Table.Th>
                <Table.Th>Failing</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {projects.map((project) => (
                <Table.Tr key={project.projectId}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {project.title}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <DeliveryState project={project} />
                  </Table.Td>
                  <Table.Td>
                    {project.lastDeliveredAt ? (
                      <time dateTime={project.lastDeliveredAt} title={exactTime(project.lastDeliveredAt)}>
                        {relativeTime(project.lastDeliveredAt)}
                      </time>
                    ) : (
                      <Text size="sm" c="dimmed" component="span">
                        Never
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {project.failing > 0 ? (
                      <Badge color="red" variant="light">
                        {project.failing} failing
                      </Badge>
                    ) : (
                      <Text size="sm" component="span">
                        None
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
