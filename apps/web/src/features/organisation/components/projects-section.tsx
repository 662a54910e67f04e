import { Anchor, Badge, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { type OrganisationProject, SALES_STATUS_LABELS, STAGE_LABELS } from '@offplan/shared';
import { Link } from '@tanstack/react-router';

/** The organisation's projects, each linking to its summary; with none yet, how to add the first. */
export function ProjectsSection({ projects }: { projects: OrganisationProject[] }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="organisation-projects-title"
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="organisation-projects-title">
          Projects
        </Title>
        {projects.length === 0 ? (
          <Stack gap="xs" align="flex-start">
            <Text size="sm" c="dimmed">
              Your organisation has no projects yet. Add your first listing, or claim an existing project.
            </Text>
            <Button component={Link} to="/projects/new" variant="light">
              Add a project
            </Button>
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" aria-label="Projects">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Project</Table.Th>
                  <Table.Th>Location</Table.Th>
                  <Table.Th>Stage</Table.Th>
                  <Table.Th>Sales status</Table.Th>
                  <Table.Th>Leads (30 days)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {projects.map((project) => (
                  <Table.Tr key={project.id}>
                    <Table.Td>
                      <Anchor
                        size="sm"
                        renderRoot={(props) => (
                          <Link {...props} to="/projects/$id/summary" params={{ id: String(project.id) }} />
                        )}
                      >
                        {project.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{`${project.suburb} ${project.state}`}</Table.Td>
                    <Table.Td>{STAGE_LABELS[project.stage]}</Table.Td>
                    <Table.Td>
                      <Badge variant="light">{SALES_STATUS_LABELS[project.salesStatus]}</Badge>
                    </Table.Td>
                    <Table.Td>{project.leadsLast30Days}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
