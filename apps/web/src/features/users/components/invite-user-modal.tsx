import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { createInvitationRequestSchema } from '@offplan/shared';
import type { z } from 'zod';
import { FormError } from '../../../components/form-error.tsx';
import { fieldErrorsFrom, formErrorOf } from '../../../lib/form-errors.ts';
import { useCreateInvitation } from '../api/invitations.ts';

const FIELD_NAMES = { email: 'email', firstName: 'firstName', lastName: 'lastName' };

/** The shared schema's message for one field, so the modal says what the server would. */
function check(schema: z.ZodType, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Check this field');
}

const shape = createInvitationRequestSchema.shape;

/** /users "Invite user": email, first and last name; the invitee sets a password at /activate. */
export function InviteUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const invite = useCreateInvitation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', firstName: '', lastName: '' },
    validate: {
      email: (value) => check(shape.email, value.trim()),
      firstName: (value) => check(shape.firstName, value),
      lastName: (value) => check(shape.lastName, value),
    },
  });

  const close = () => {
    form.reset();
    invite.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit((values) => {
    const request = {
      email: values.email.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
    };
    invite.mutate(request, {
      onSuccess: (invitation) => {
        close();
        notifications.show({
          color: 'green',
          title: 'Invitation sent',
          message: `${request.firstName} ${request.lastName} will get an email at ${invitation.email} to set a password.`,
        });
      },
      onError: (error) => {
        const fields = fieldErrorsFrom(error, FIELD_NAMES);
        if (fields) form.setErrors(fields);
      },
    });
  });

  return (
    <Modal opened={opened} onClose={close} title="Invite user" centered size="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            We email them a link to set their password. The link works for a limited time.
          </Text>
          <FormError message={formErrorOf(invite.error, FIELD_NAMES)} />
          <TextInput
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="off"
            withAsterisk
            data-autofocus
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="First name"
              autoComplete="off"
              withAsterisk
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
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
