import {
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type LeadResponseTarget,
  leadRecipientsInputSchema,
  leadResponseTargetSchema,
} from '@offplan/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { fieldErrorsFrom, formErrorOf } from '../../../lib/form-errors.ts';
import { notifications } from '../../../lib/toasts.ts';
import {
  leadSettingsQueryOptions,
  projectLeadRecipientsQueryOptions,
  useSaveLeadRecipients,
  useSaveLeadSettings,
} from '../api/leads.ts';
import type { FilterOption } from './lead-filters.tsx';

const TARGET_FIELDS = { minutes: 'minutes', businessHoursOnly: 'businessHoursOnly' };

function ResponseTargetForm({ target }: { target: LeadResponseTarget }) {
  const save = useSaveLeadSettings();
  const form = useForm<LeadResponseTarget>({
    initialValues: target,
    validate: schemaResolver(leadResponseTargetSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.resetDirty(saved);
        notifications.show({
          color: 'green',
          title: 'Response target saved',
          message: 'New leads are measured against it from now on.',
        });
      },
      onError: (error) => {
        const fields = fieldErrorsFrom(error, TARGET_FIELDS);
        if (fields) form.setErrors(fields);
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormError message={formErrorOf(save.error, TARGET_FIELDS)} />
        <NumberInput
          label="Response target (minutes)"
          description="A lead not contacted within this time alerts its assignee and the organisation's owners, once."
          min={1}
          allowDecimal={false}
          withAsterisk
          {...form.getInputProps('minutes')}
        />
        <Switch
          label="Count business hours only"
          description="Monday to Saturday, 9 am to 5 pm in the project's state; nights and Sundays do not count."
          {...form.getInputProps('businessHoursOnly', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save target
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ProjectRecipientsForm({ projectId }: { projectId: number }) {
  // Read when a project is picked in the open dialog, not by the page's loader.
  const recipients = useQuery(projectLeadRecipientsQueryOptions(projectId));
  const save = useSaveLeadRecipients(projectId);
  const [emails, setEmails] = useState<string[] | null>(null);
  // An address typed but not yet turned into a tag still counts when saving.
  const [typing, setTyping] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (recipients.isPending) return <Loader size="sm" aria-label="Loading recipients" />;
  if (recipients.isError) return <FormError message={recipients.error.message} />;

  const shown = emails ?? recipients.data.emails;
  const defaults = recipients.data.defaults;
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
      onError: (failure) => setError(failure.message),
    });
  };
  return (
    <Stack gap="sm">
      <TagsInput
        label="Send new leads to"
        description={
          shown.length === 0
            ? `Empty: new leads go to the defaults${defaults.length ? ` (${defaults.join(', ')})` : ''}.`
            : 'Press Enter after each address. Leave empty to use the defaults.'
        }
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
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending}>
          Save recipients
        </Button>
      </Group>
    </Stack>
  );
}

type LeadSettingsModalProps = { opened: boolean; onClose: () => void; projects: FilterOption[] };

/** /leads "Lead settings" (organisation owners and admins): speed-to-lead target and lead recipients. */
export function LeadSettingsModal({ opened, onClose, projects }: LeadSettingsModalProps) {
  // Read when the dialog opens, not by the page's loader: most visits never open it.
  const settings = useQuery({ ...leadSettingsQueryOptions(), enabled: opened });
  const [projectId, setProjectId] = useState<string | null>(projects[0]?.value ?? null);
  return (
    <Modal opened={opened} onClose={onClose} title="Lead settings" size="lg">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={3} size="h5">
            Speed to lead
          </Title>
          {settings.data ? <ResponseTargetForm target={settings.data} /> : null}
          {settings.isPending && opened ? <Loader size="sm" aria-label="Loading settings" /> : null}
          {settings.isError ? <FormError message={settings.error.message} /> : null}
        </Stack>
        <Divider />
        <Stack gap="xs">
          <Title order={3} size="h5">
            Lead recipients
          </Title>
          <Text size="sm" c="dimmed">
            Who gets an email the moment a project receives a lead. By default, the organisation's owners and
            the project's members.
          </Text>
          {projects.length === 0 ? (
            <Text size="sm">You have no projects yet.</Text>
          ) : (
            <>
              <Select
                label="Project"
                data={projects}
                value={projectId}
                onChange={setProjectId}
                allowDeselect={false}
                searchable
              />
              {projectId ? <ProjectRecipientsForm key={projectId} projectId={Number(projectId)} /> : null}
            </>
          )}
        </Stack>
      </Stack>
    </Modal>
  );
}
