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
  Text,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type LeadResponseTarget, leadResponseTargetSchema } from '@offplan/shared';
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
import { LeadRecipientsForm } from './lead-recipients-form.tsx';

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
  return <LeadRecipientsForm recipients={recipients} save={useSaveLeadRecipients(projectId)} />;
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
