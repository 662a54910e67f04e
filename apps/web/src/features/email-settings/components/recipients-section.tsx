import { Button, Group, Loader, Paper, Select, Stack, TagsInput, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { leadRecipientsInputSchema } from '@offplan/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { notifications } from '../../../lib/toasts.ts';
import {
  recipientProjectsQueryOptions,
  recipientsQueryOptions,
  useSaveRecipients,
} from '../api/email-settings.ts';

function RecipientsForm({ projectId }: { projectId: number }) {
  const recipients = useQuery(recipientsQueryOptions(projectId));
  const save = useSaveRecipients(projectId);
  const [emails, setEmails] = useState<string[] | null>(null);
  // An address typed but not yet a tag still counts when saving.
  const [typing, setTyping] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (recipients.isPending) return <Loader size="sm" aria-label="Loading recipients" />;
  if (recipients.isError) return <FormError message={recipients.error.message} />;

  const shown = emails ?? recipients.data.emails;
  const { defaults } = recipients.data;
  const submit = () => {
    const pending = typing.trim();
    const parsed = leadRecipientsInputSchema.safeParse({ emails: pending ? [...shown, pending] : shown });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the addresses');
      return;
    }
    setError(null);
    save.mutate(parsed.data.emails, {
      onSuccess: (saved) => {
        setEmails(saved.emails);
        setTyping('');
        notifications.show({
          color: 'green',
          title: 'Lead recipients saved',
          message: saved.emails.length ? saved.emails.join(', ') : 'New leads go to the defaults.',
        });
      },
      onError: (failure) => setError(failure.fields?.['emails.0'] ?? failure.message),
    });
  };
  return (
    <Stack gap="sm">
      <TagsInput
        label="Send new leads to"
        description="Press Enter after each address. Leave empty to use the defaults."
        placeholder={shown.length === 0 ? 'Email addresses' : undefined}
        value={shown}
        searchValue={typing}
        onSearchChange={setTyping}
        onChange={(next) => {
          setEmails(next.map((email) => email.trim()));
          setError(null);
        }}
        error={error}
        splitChars={[',', ' ', ';']}
        clearable
      />
      {shown.length === 0 ? (
        <Text size="sm">
          The list is empty, so new leads go to the defaults: the organisation's owners and the project's
          members{defaults.length ? ` (${defaults.join(', ')})` : ' — nobody at the moment; add an address'}.
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending}>
          Save recipients
        </Button>
      </Group>
    </Stack>
  );
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
