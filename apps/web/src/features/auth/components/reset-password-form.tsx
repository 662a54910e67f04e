import { Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { PASSWORD_MIN_LENGTH, resetPasswordFormSchema } from '@offplan/shared';
import { IconLinkOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { FormError } from '../../../components/form-error.tsx';
import { useResetPassword } from '../api/password-reset.ts';
import { isUnusableLinkError } from '../link-errors.ts';

export const RESET_LINK_INVALID_MESSAGE =
  'This reset link has expired or has already been used. Links work once, for 1 hour.';

/** Server field names for the new password. */
const PASSWORD_FIELDS = ['newPassword', 'password'];

/** /forgot-password/{token} (design §7): choose the new password. */
export function ResetPasswordForm({ token, onReset }: { token: string; onReset: () => void }) {
  const resetPassword = useResetPassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: schemaResolver(resetPasswordFormSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    resetPassword.mutate(
      { newPassword: values.newPassword, token },
      {
        onSuccess: onReset,
        onError: (error) => {
          const message = PASSWORD_FIELDS.map((name) => error.fields?.[name]).find(Boolean);
          if (message) form.setFieldError('newPassword', message);
        },
      },
    );
  });

  const error = resetPassword.error;
  if (error && !error.fields && isUnusableLinkError(error)) {
    return (
      <Stack gap="lg">
        <IconLinkOff size={40} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
        <Title order={1} size="h2">
          This link can't be used
        </Title>
        <Text>{RESET_LINK_INVALID_MESSAGE}</Text>
        <Button fullWidth size="md" renderRoot={(props) => <Link {...props} to="/forgot-password" />}>
          Request a new link
        </Button>
        <Text size="sm" ta="center">
          <Anchor renderRoot={(props) => <Link {...props} to="/login" />}>Back to sign in</Anchor>
        </Text>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} size="h2">
            Choose a new password
          </Title>
          <Text c="dimmed" size="sm">
            Use at least {PASSWORD_MIN_LENGTH} characters. Setting it signs you out on every device.
          </Text>
        </Stack>

        <FormError message={error && !error.fields ? error.message : null} />

        <PasswordInput
          label="New password"
          autoComplete="new-password"
          key={form.key('newPassword')}
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth size="md" loading={resetPassword.isPending}>
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
