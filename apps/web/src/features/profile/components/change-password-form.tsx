import { Button, Checkbox, Group, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ACCOUNT_FORM_MESSAGES, changePasswordFormSchema } from '@offplan/shared';
import { FormError } from '../../../components/form-error.tsx';
import { fieldErrorsFrom, formErrorOf } from '../../../lib/form-errors.ts';
import { notifications } from '../../../lib/toasts.ts';
import { useChangePassword, WRONG_PASSWORD_CODES } from '../api/security.ts';
import { SettingsSection } from './settings-section.tsx';

export const PASSWORD_VALIDATION = {
  currentRequired: ACCOUNT_FORM_MESSAGES.currentPasswordRequired,
  mismatch: ACCOUNT_FORM_MESSAGES.newPasswordsDiffer,
  sameAsCurrent: ACCOUNT_FORM_MESSAGES.sameAsCurrentPassword,
} as const;

const FIELD_NAMES = {
  currentPassword: 'currentPassword',
  newPassword: 'newPassword',
  password: 'newPassword',
};
const CODE_FIELDS = Object.fromEntries(WRONG_PASSWORD_CODES.map((code) => [code, 'currentPassword']));

/** Security "Password": the current one first, the new one by the design §7 policy, and an option to sign out elsewhere. */
export function ChangePasswordForm({ disabled }: { disabled: boolean }) {
  const change = useChangePassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '', revokeOtherSessions: true },
    validate: schemaResolver(changePasswordFormSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    change.mutate(
      {
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        revokeOtherSessions: values.revokeOtherSessions,
      },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({
            color: 'green',
            title: 'Password changed',
            message: values.revokeOtherSessions
              ? 'Use your new password from now on. Your other sessions are signed out.'
              : 'Use your new password from now on.',
          });
        },
        onError: (error) => {
          const fields = fieldErrorsFrom(error, FIELD_NAMES, CODE_FIELDS);
          if (fields) form.setErrors(fields);
        },
      },
    );
  });

  return (
    <SettingsSection
      title="Password"
      description="At least 12 characters. A few unrelated words make a strong, memorable password."
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md" maw={420}>
          <FormError message={formErrorOf(change.error, FIELD_NAMES, CODE_FIELDS)} />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            disabled={disabled}
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            disabled={disabled}
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            disabled={disabled}
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Checkbox
            label="Sign out other sessions"
            description="Ends every other session of your account, on this and other devices."
            disabled={disabled}
            key={form.key('revokeOtherSessions')}
            {...form.getInputProps('revokeOtherSessions', { type: 'checkbox' })}
          />
          <Group>
            <Button type="submit" loading={change.isPending} disabled={disabled}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
