import { Button, Group, Modal, MultiSelect, Radio, Stack, Switch, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  CRM_DESTINATION_KIND_LABELS,
  type CrmDestination,
  type CrmDestinationKind,
  crmDestinationInputSchema,
} from '@offplan/shared';
import { FormError } from '../../../components/form-error.tsx';
import { fieldErrorsFrom, formErrorOf } from '../../../lib/form-errors.ts';
import { useCreateDestination, useUpdateDestination } from '../api/crm.ts';

type DestinationFormValues = {
  name: string;
  kind: CrmDestinationKind;
  url: string;
  email: string;
  allProjects: boolean;
  projectIds: number[];
  enabled: boolean;
};

/** The server's field names are the form's own. */
const FIELDS = {
  name: 'name',
  kind: 'kind',
  url: 'url',
  email: 'email',
  allProjects: 'allProjects',
  projectIds: 'projectIds',
};

const EMPTY: DestinationFormValues = {
  name: '',
  kind: 'WEBHOOK',
  url: '',
  email: '',
  allProjects: true,
  projectIds: [],
  enabled: true,
};

function valuesOf(destination: CrmDestination | null): DestinationFormValues {
  if (!destination) return EMPTY;
  return {
    name: destination.name,
    kind: destination.kind,
    url: destination.url ?? '',
    email: destination.email ?? '',
    allProjects: destination.allProjects,
    projectIds: destination.projectIds,
    enabled: destination.enabled,
  };
}

export type ProjectOption = { value: string; label: string };

type DestinationFormProps = {
  /** The destination to edit; null adds a new one. */
  destination: CrmDestination | null;
  projects: ProjectOption[];
  onSaved: (answer: { destination: CrmDestination; secret: string | null }) => void;
  onCancel: () => void;
};

/**
 * Add or edit a destination, validated with the API's own schema (crmDestinationInputSchema) so the
 * browser and the server refuse the same input with the same words; the server's network check of a
 * webhook URL and its project check come back at their fields.
 */
function DestinationForm({ destination, projects, onSaved, onCancel }: DestinationFormProps) {
  const create = useCreateDestination();
  const update = useUpdateDestination();
  const save = destination ? update : create;
  const form = useForm<DestinationFormValues>({
    initialValues: valuesOf(destination),
    validate: schemaResolver(crmDestinationInputSchema, { sync: true }),
  });
  const onError = (error: Parameters<typeof fieldErrorsFrom>[0]) => {
    const fields = fieldErrorsFrom(error, FIELDS);
    if (fields) form.setErrors(fields);
  };
  const submit = form.onSubmit((values) => {
    if (destination) {
      update.mutate(
        { id: destination.id, input: values },
        { onSuccess: (saved) => onSaved({ destination: saved, secret: null }), onError },
      );
    } else {
      create.mutate(values, { onSuccess: onSaved, onError });
    }
  });
  const { kind, allProjects } = form.values;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError message={formErrorOf(save.error, FIELDS)} />
        <TextInput
          label="Name"
          description="What you call it, e.g. the CRM's name."
          withAsterisk
          {...form.getInputProps('name')}
        />
        <Radio.Group label="Send each lead as" withAsterisk {...form.getInputProps('kind')}>
          <Group gap="lg" mt={6}>
            {(['WEBHOOK', 'EMAIL'] as const).map((option) => (
              <Radio
                key={option}
                value={option}
                label={CRM_DESTINATION_KIND_LABELS[option]}
                // A destination's kind never changes (the API refuses it): add a new one instead.
                disabled={destination !== null && destination.kind !== option}
              />
            ))}
          </Group>
        </Radio.Group>
        {kind === 'WEBHOOK' ? (
          <TextInput
            label="Webhook URL"
            description="An https:// address of your CRM or integration; each lead is POSTed there, signed."
            placeholder="https://crm.example.com/hooks/offplan"
            withAsterisk
            inputMode="url"
            {...form.getInputProps('url')}
          />
        ) : (
          <TextInput
            label="CRM inbound email"
            description="Your CRM's lead-parsing address; each lead arrives as an email with its JSON attached."
            placeholder="leads@yourcrm.com"
            withAsterisk
            type="email"
            {...form.getInputProps('email')}
          />
        )}
        <Switch
          label="Deliver leads of all projects"
          description="Includes projects your organisation adds later."
          {...form.getInputProps('allProjects', { type: 'checkbox' })}
        />
        {allProjects ? null : (
          <MultiSelect
            label="Projects"
            placeholder={projects.length ? 'Choose projects' : 'Your organisation has no projects yet'}
            data={projects}
            searchable
            withAsterisk
            value={form.values.projectIds.map(String)}
            onChange={(ids) => form.setFieldValue('projectIds', ids.map(Number))}
            error={form.errors.projectIds}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {destination ? 'Save changes' : 'Add destination'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type DestinationFormModalProps = Omit<DestinationFormProps, 'onCancel'> & {
  opened: boolean;
  onClose: () => void;
};

/** The form in a dialog; a fresh form each time it opens. */
export function DestinationFormModal({ opened, onClose, destination, ...props }: DestinationFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={destination ? `Edit ${destination.name}` : 'Add a destination'}
      size="lg"
    >
      <Stack gap="sm">
        {destination ? null : (
          <Text size="sm" c="dimmed">
            Every new lead of the chosen projects is sent here the moment it arrives, retried for about three
            days if your CRM does not answer.
          </Text>
        )}
        {opened ? (
          <DestinationForm
            key={destination?.id ?? 'new'}
            destination={destination}
            onCancel={onClose}
            {...props}
          />
        ) : null}
      </Stack>
    </Modal>
  );
}
