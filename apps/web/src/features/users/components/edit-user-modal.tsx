import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { type AdminUserDetail, contactDetailsFormSchema, JOB_ROLES } from '@offplan/shared';
import { IconPencil } from '@tabler/icons-react';
import { z } from 'zod';
import { FormError } from '../../../components/form-error.tsx';
import { fieldErrorsFrom, formErrorOf } from '../../../lib/form-errors.ts';
import { notifications } from '../../../lib/toasts.ts';
import { useUpdateAdminUser } from '../api/admin-user-account.ts';

const FIELD_NAMES = { firstName: 'firstName', lastName: 'lastName', title: 'title', jobRoleId: 'jobRoleId' };
const JOB_ROLE_CHOICES = JOB_ROLES.map((role) => ({ value: String(role.id), label: role.label }));

/** The profile form's schema (so the admin and the person are held to the same rules), plus the job role. */
const editUserFormSchema = contactDetailsFormSchema.extend({ jobRoleId: z.string().nullable() });

/** First and last name as stored, or (for accounts made before they were) split from the full name. */
function initialNames(user: AdminUserDetail) {
  if (user.firstName || user.lastName)
    return { firstName: user.firstName ?? '', lastName: user.lastName ?? '' };
  const [first = '', ...rest] = user.name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

function EditUserForm({ user, onClose }: { user: AdminUserDetail; onClose: () => void }) {
  const update = useUpdateAdminUser(user.id);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: {
      ...initialNames(user),
      title: user.title ?? '',
      jobRoleId: user.jobRoleId === null ? null : String(user.jobRoleId),
    },
    validate: schemaResolver(editUserFormSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    const edit = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      title: values.title.trim(),
      ...(values.jobRoleId && !user.isAdmin ? { jobRoleId: Number(values.jobRoleId) } : {}),
    };
    update.mutate(edit, {
      onSuccess: (saved) => {
        onClose();
        notifications.show({
          color: 'green',
          title: 'Saved',
          message: `${saved.name}'s details are up to date.`,
        });
      },
      onError: (error) => {
        const fields = fieldErrorsFrom(error, FIELD_NAMES);
        if (fields) form.setErrors(fields);
      },
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormError message={formErrorOf(update.error, FIELD_NAMES)} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First name"
            autoComplete="off"
            withAsterisk
            data-autofocus
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="off"
            withAsterisk
            key={form.key('lastName')}
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label="Title"
          description="Their job title, like Sales Director"
          autoComplete="off"
          key={form.key('title')}
          {...form.getInputProps('title')}
        />
        {user.isAdmin ? (
          <Text size="sm" c="dimmed">
            Platform admins have no job role.
          </Text>
        ) : (
          <Select
            label="Job role"
            description="Decides what they see: media agencies see leads without contact details."
            placeholder="Not chosen yet"
            data={JOB_ROLE_CHOICES}
            allowDeselect={false}
            key={form.key('jobRoleId')}
            {...form.getInputProps('jobRoleId')}
          />
        )}
        <Text size="sm" c="dimmed">
          To change their organisation, use “Move to organisation…”.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /profile/{id} "Edit details": names, title and job role, audited on the server with before and after. */
export function EditUserButton({ user }: { user: AdminUserDetail }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" leftSection={<IconPencil size={16} stroke={1.6} />} onClick={open}>
        Edit details
      </Button>
      <Modal opened={opened} onClose={close} title={`Edit ${user.name || user.email}`} centered size="lg">
        {opened ? <EditUserForm user={user} onClose={close} /> : null}
      </Modal>
    </>
  );
}
