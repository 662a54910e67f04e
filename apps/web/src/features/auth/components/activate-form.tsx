import { Anchor, Button, Group, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { activateFormSchema, type InvitationPreview, PASSWORD_MIN_LENGTH } from '@offplan/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FormError } from '../../../components/form-error.tsx';
import { invitationQueryOptions, useActivateInvitation } from '../api/invitation.ts';
import { isUnusableLinkError } from '../link-errors.ts';

export const INVITATION_INVALID_MESSAGE =
  'This invitation link is not valid. It may have expired or already been used. Ask the person who invited you to send a new one.';

function InvitationInvalid() {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Invitation not found
      </Title>
      <Text>{INVITATION_INVALID_MESSAGE}</Text>
      <Text size="sm">
        Already set your password?{' '}
        <Anchor renderRoot={(props) => <Link {...props} to="/login" />}>Sign in</Anchor>
      </Text>
    </Stack>
  );
}

/** /activate (design §7): someone invited by an admin sets a password; their email counts as verified. */
export function ActivateAccount({ token, onActivated }: { token: string; onActivated: () => void }) {
  const invitation = useQuery({ ...invitationQueryOptions(token), enabled: token !== '' });

  if (!token) return <InvitationInvalid />;
  if (invitation.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>Checking your invitation…</Text>
      </Group>
    );
  }
  if (invitation.error) {
    if (isUnusableLinkError(invitation.error)) return <InvitationInvalid />;
    return (
      <Stack gap="md">
        <FormError message={invitation.error.message} />
        <Group>
          <Button variant="default" onClick={() => void invitation.refetch()}>
            Try again
          </Button>
        </Group>
      </Stack>
    );
  }
  return <ActivateForm token={token} invitation={invitation.data} onActivated={onActivated} />;
}

function ActivateForm({
  token,
  invitation,
  onActivated,
}: {
  token: string;
  invitation: InvitationPreview;
  onActivated: () => void;
}) {
  const activate = useActivateInvitation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(activateFormSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    activate.mutate(
      { token, password: values.password },
      {
        onSuccess: onActivated,
        onError: (error) => {
          const message = error.fields?.password ?? error.fields?.newPassword;
          if (message) form.setFieldError('password', message);
        },
      },
    );
  });

  if (activate.error && !activate.error.fields && isUnusableLinkError(activate.error))
    return <InvitationInvalid />;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} size="h2">
            Welcome, {invitation.firstName}
          </Title>
          <Text c="dimmed" size="sm">
            {invitation.organisationName ? (
              <>
                You've been invited to join{' '}
                <Text span fw={600} c="var(--mantine-color-text)">
                  {invitation.organisationName}
                </Text>
                . Choose a password to activate your account.
              </>
            ) : (
              'Choose a password to activate your account.'
            )}
          </Text>
        </Stack>

        <FormError message={activate.error && !activate.error.fields ? activate.error.message : null} />

        <TextInput label="Email" value={invitation.email} autoComplete="username" readOnly />
        <PasswordInput
          label="Password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          autoComplete="new-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth size="md" loading={activate.isPending}>
          Activate account
        </Button>
      </Stack>
    </form>
  );
}
