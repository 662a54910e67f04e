import { Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useProjectLookup } from '../api/project-search.ts';
import { ProjectAccessActions } from './project-access-actions.tsx';

/** 'Find a project': typo-tolerant search over every project (name, suburb, postcode) to claim or request access. */
export function FindProject() {
  const [value, setValue] = useState('');
  const [q] = useDebouncedValue(value, 250);
  const { data, isFetching, isError, error } = useProjectLookup(q);
  const searching = q.trim().length >= 2;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="find-project-title">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="find-project-title">
            Find a project
          </Title>
          <Text size="sm" c="dimmed">
            Work on a project that is not listed here? Search by name, suburb or postcode, then claim it or
            request access.
          </Text>
        </Stack>
        <TextInput
          aria-label="Search all projects"
          placeholder="e.g. Harbour Residences, Parramatta or 2150"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={isFetching ? <Loader size="xs" /> : null}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        {isError && searching ? (
          <Text size="sm" c="red">
            {error.message}
          </Text>
        ) : null}
        {searching && data ? (
          data.items.length === 0 ? (
            <Text size="sm" c="dimmed" role="status">
              No project matches “{q.trim()}”.
            </Text>
          ) : (
            <Stack gap={0} role="list" aria-label="Project search results">
              {data.items.map((item) => (
                <Group
                  key={item.id}
                  role="listitem"
                  justify="space-between"
                  wrap="nowrap"
                  py="xs"
                  style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                >
                  <Stack gap={0} miw={0}>
                    <Text fw={600} truncate="end">
                      {item.title}
                    </Text>
                    <Text size="sm" c="dimmed" truncate="end">
                      {[item.suburb, item.state, item.postcode].filter(Boolean).join(' ')}
                      {item.isClaimed ? '' : ' · Unclaimed'}
                    </Text>
                  </Stack>
                  <ProjectAccessActions project={item} />
                </Group>
              ))}
            </Stack>
          )
        ) : null}
      </Stack>
    </Paper>
  );
}
