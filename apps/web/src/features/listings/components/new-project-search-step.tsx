import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { SALES_STATUS_LABELS, type SearchAddProject, STAGE_LABELS } from '@offplan/shared';
import { IconMapPin, IconPlus, IconSearch } from '@tabler/icons-react';
import { type AccessTarget, ProjectAccessActions } from '../../projects/index.ts';
import type { NewProjectState } from '../hooks/use-new-project.ts';

function accessTargetOf(project: SearchAddProject): AccessTarget {
  return {
    id: project.id,
    name: project.title,
    title: project.title,
    campaignType: 'NONE',
    isClaimed: project.claimed,
    relation: project.relation === 'member' ? 'member' : 'none',
  };
}

function ExistingProject({ project, highlight = false }: { project: SearchAddProject; highlight?: boolean }) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      py="xs"
      role="listitem"
      style={{ borderTop: highlight ? undefined : '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={0} miw={0}>
        <Text fw={600} truncate="end">
          {project.title}
        </Text>
        <Text size="sm" c="dimmed" truncate="end">
          {project.fullAddress || [project.suburb, project.state].filter(Boolean).join(', ')} ·{' '}
          {SALES_STATUS_LABELS[project.salesStatus]} · {STAGE_LABELS[project.stage]}
          {project.claimed ? '' : ' · Unclaimed'}
        </Text>
      </Stack>
      <ProjectAccessActions project={accessTargetOf(project)} />
    </Group>
  );
}

/** Step 1: search the listed projects and addresses before adding one (spec §3 search-add). */
export function NewProjectSearchStep({
  state: { query, setQuery, q, searching, search, duplicate, startDraft },
}: {
  state: NewProjectState;
}) {
  const result = search.data;
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        {duplicate ? (
          <Alert color="yellow" variant="light" title="This project already exists">
            {duplicate}
          </Alert>
        ) : null}
        <TextInput
          label="Project name, address or suburb"
          placeholder="e.g. The Ashbury, 12 Smith St or Parramatta"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={search.isFetching ? <Loader size="xs" /> : null}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          data-autofocus
        />
        {search.isError && searching ? (
          <Text c="red" size="sm">
            {search.error.message}
          </Text>
        ) : null}
        {searching && result ? (
          <Stack gap="md">
            {result.exactMatch ? (
              <Alert color="yellow" variant="light" title="This project is already listed">
                <Stack gap={0} role="list" aria-label="Exact match">
                  <ExistingProject project={result.exactMatch} highlight />
                </Stack>
              </Alert>
            ) : null}
            <Stack gap={4}>
              <Text fw={600} size="sm">
                Existing projects
              </Text>
              {result.projects.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No listed project matches “{q.trim()}”.
                </Text>
              ) : (
                <Stack gap={0} role="list" aria-label="Existing projects">
                  {result.projects.map((project) => (
                    <ExistingProject key={project.id} project={project} />
                  ))}
                </Stack>
              )}
            </Stack>
            {result.addresses.length > 0 ? (
              <Stack gap={4}>
                <Text fw={600} size="sm">
                  Start a new project at
                </Text>
                <Stack gap={0} role="list" aria-label="Addresses">
                  {result.addresses.map((address) => (
                    <UnstyledButton
                      key={`${address.label}-${address.postcode}`}
                      role="listitem"
                      py={6}
                      onClick={() => startDraft(address)}
                    >
                      <Group gap="xs">
                        <IconMapPin size={16} aria-hidden />
                        <Text size="sm">{address.fullAddress ?? address.label}</Text>
                      </Group>
                    </UnstyledButton>
                  ))}
                </Stack>
              </Stack>
            ) : null}
          </Stack>
        ) : null}
        <Group>
          <Button
            variant={searching ? 'light' : 'default'}
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={!searching}
            onClick={() => startDraft()}
          >
            It is not listed: add a new project
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
