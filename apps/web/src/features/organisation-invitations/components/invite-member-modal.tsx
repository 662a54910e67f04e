import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  ORGANISATION_ROLES,
  type OrganisationRole,
  organisationInvitationInputSchema,
} from '@offplan/shared';
import { FormError } from '../../../components/form-error.tsx';
import { InviteeFields } from '../../../components/invitee-fields.tsx';
import { fieldErrorsFrom, formErrorOf } from '../../../lib/form-errors.ts';
import { notifications } from '../../../lib/toasts.ts';
import { useInviteToOrganisation } from '../api/organisation-invitations.ts';
import { ROLE_LABELS } from '../lib/format.ts';

const FIELD_NAMES = { email: 'email', firstName: 'firstName', lastName: 'lastName', role: 'role' };

type InviteMemberModalProps = {
  opened: boolean;
  onClose: () => void;
  /** Only owners may invite an owner (decision 030): the option is offered to them alone. */
  isOwner: boolean;
};

/** "Invite someone": email, names and role; the invitee sets a password at /activate and joins. */
export function InviteMemberModal({ opened, onClose, isOwner }: InviteMemberModalProps) {
  const invite = useInviteToOrganisation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', firstName: '', lastName: '', role: 'member' as OrganisationRole },
    validate: schemaResolver(organisationInvitationInputSchema, { sync: true }),
  });
  const roles = ORGANISATION_ROLES.filter((role) => isOwner || role !== 'owner').map((role) => ({
    value: role,
    label: ROLE_LABELS[role],
  }));

  const close = () => {
    form.reset();
    invite.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit((values) => {
    // What the schema makes of the input (a pasted address trimmed and lower-cased), as the server would.
    invite.mutate(organisationInvitationInputSchema.parse(values), {
      onSuccess: (invitation) => {
        close();
        notifications.show({
          color: 'green',
          title: 'Invitation sent',
          message: `${invitation.firstName} ${invitation.lastName} will get an email at ${invitation.email} to join.`,
        });
      },
      onError: (error) => {
        const fields = fieldErrorsFrom(error, FIELD_NAMES);
        if (fields) form.setErrors(fields);
      },
    });
  });

  return (
    <Modal opened={opened} onClose={close} title="Invite someone" centered size="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            We email them a link to set a password and join your organisation. The link works for 7 days.
          </Text>
          <FormError message={formErrorOf(invite.error, FIELD_NAMES)} />
          <InviteeFields form={form} />
          <Select
            label="Role"
            data={roles}
            allowDeselect={false}
            withAsterisk
            key={form.key('role')}
            {...form.getInputProps('role')}
          />
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
