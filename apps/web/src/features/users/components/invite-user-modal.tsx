import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { createInvitationRequestSchema } from '@offplan/shared';
import { z } from 'zod';
import { FormError } from '../../../components/form-error.tsx';
import { InviteeFields } from '../../../components/invitee-fields.tsx';
import { fieldErrorsFrom, formErrorOf } from '../../../lib/form-errors.ts';
import { notifications } from '../../../lib/toasts.ts';
import { useCreateInvitation } from '../api/invitations.ts';

const FIELD_NAMES = { email: 'email', firstName: 'firstName', lastName: 'lastName' };

/** The shared schema, so the modal says what the server would; a pasted address's spaces are forgiven. */
const inviteFormSchema = createInvitationRequestSchema.extend({
  email: z.string().trim().pipe(createInvitationRequestSchema.shape.email),
});

/** /users "Invite user": email, first and last name; the invitee sets a password at /activate. */
export function InviteUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const invite = useCreateInvitation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', firstName: '', lastName: '' },
    validate: schemaResolver(inviteFormSchema, { sync: true }),
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
          <InviteeFields form={form} />
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
