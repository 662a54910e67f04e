import { Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LeadRecipientsForm } from '../../leads/index.ts';
import {
  recipientProjectsQueryOptions,
  recipientsQueryOptions,
  useSaveRecipients,
} from '../api/email-settings.ts';

function RecipientsForm({ projectId }: { projectId: number }) {
  const recipients = useQuery(recipientsQueryOptions(projectId));
  return <LeadRecipientsForm recipients={recipients} save={useSaveRecipients(projectId)} />;
}

/** Lead recipients tab: who gets a project's new-lead emails (the list the project's own setting edits). */
export function RecipientsSection() {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  // The picked project's label fills the box: it is not a search.
  const [debounced] = useDebouncedValue(search === picked?.label ? '' : search.trim(), 250);
  const projects = useQuery(recipientProjectsQueryOptions(debounced));
  const found = (projects.data?.projects ?? []).map((project) => ({
    value: String(project.id),
    label: `${project.title}${project.organisationName ? ` — ${project.organisationName}` : ''}`,
  }));
  const options =
    picked && !found.some((option) => option.value === picked.value) ? [picked, ...found] : found;
  const projectId = picked?.value ?? null;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Text size="sm">
          Who gets an email the moment a project receives a lead. Without a list, the organisation's owners
          and the project's members do.
        </Text>
        <Select
          label="Project"
          placeholder="Search projects by title or organisation"
          data={options}
          value={projectId}
          onChange={(_, option) => setPicked(option ? { value: option.value, label: option.label } : null)}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={projects.isFetching ? 'Searching…' : 'No project matches'}
          rightSection={projects.isFetching ? <Loader size="xs" /> : undefined}
          clearable
        />
        {projectId ? (
          <RecipientsForm key={projectId} projectId={Number(projectId)} />
        ) : (
          <Text size="sm">Pick a project to see and change who receives its leads.</Text>
        )}
      </Stack>
    </Paper>
  );
}
