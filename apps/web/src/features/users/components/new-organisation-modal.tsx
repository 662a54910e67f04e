import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { adminOrganisationInputSchema } from '@offplan/shared';
import { FormError } from '../../../components/form-error.tsx';
import { fieldErrorsFrom, formErrorOf } from '../../../lib/form-errors.ts';
import { notifications } from '../../../lib/toasts.ts';
import { useCreateOrganisation } from '../api/admin-organisations.ts';

const FIELD_NAMES = { name: 'name', abn: 'abn' };

/** /users "New organisation" (decision 030): a name (distinct once normalised) and an optional ABN. */
export function NewOrganisationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateOrganisation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '', abn: '' },
    validate: schemaResolver(adminOrganisationInputSchema, { sync: true }),
  });

  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit((values) => {
    const input = { name: values.name.trim(), ...(values.abn.trim() ? { abn: values.abn.trim() } : {}) };
    create.mutate(input, {
      onSuccess: (organisation) => {
        close();
        notifications.show({
          color: 'green',
          title: 'Organisation created',
          message: `${organisation.name} has no members yet: move people to it from their profile.`,
        });
      },
      onError: (error) => {
        const fields = fieldErrorsFrom(error, FIELD_NAMES);
        if (fields) form.setErrors(fields);
      },
    });
  });

  return (
    <Modal opened={opened} onClose={close} title="New organisation" centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            A name no other organisation has (ignoring case, punctuation and words such as Pty Ltd).
          </Text>
          <FormError message={formErrorOf(create.error, FIELD_NAMES)} />
          <TextInput
            label="Name"
            withAsterisk
            autoComplete="off"
            data-autofocus
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="ABN"
            description="Optional: 11 digits"
            inputMode="numeric"
            autoComplete="off"
            key={form.key('abn')}
            {...form.getInputProps('abn')}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create organisation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
