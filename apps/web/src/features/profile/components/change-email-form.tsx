import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ACCOUNT_FORM_MESSAGES, changeEmailFormSchema } from '@offplan/shared';
import { FormError } from '../../../components/form-error.tsx';
import { fieldErrorsFrom, formErrorOf } from '../../../lib/form-errors.ts';
import { notifications } from '../../../lib/toasts.ts';
import { useChangeEmail, WRONG_PASSWORD_CODES } from '../api/security.ts';
import { SettingsSection } from './settings-section.tsx';

export const EMAIL_VALIDATION = {
  passwordRequired: ACCOUNT_FORM_MESSAGES.currentPasswordRequired,
  emailRequired: ACCOUNT_FORM_MESSAGES.newEmailRequired,
  emailInvalid: ACCOUNT_FORM_MESSAGES.emailInvalid,
  sameAsCurrent: ACCOUNT_FORM_MESSAGES.sameAsCurrentEmail,
} as const;

const FIELD_NAMES = { newEmail: 'newEmail', email: 'newEmail', password: 'password' };
const CODE_FIELDS = Object.fromEntries(WRONG_PASSWORD_CODES.map((code) => [code, 'password']));

/** Security "Email address": confirmed by the current password, changed once the link sent to the new address is opened. */
export function ChangeEmailForm({ currentEmail, disabled }: { currentEmail: string; disabled: boolean }) {
  const change = useChangeEmail();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', newEmail: '' },
    validate: schemaResolver(changeEmailFormSchema(currentEmail), { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    const newEmail = values.newEmail.trim();
    change.mutate(
      { newEmail, password: values.password },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({
            color: 'green',
            title: 'Check your new inbox',
            message: `We sent a confirmation link to ${newEmail}. Your email changes when you open it.`,
            autoClose: 10_000,
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
      title="Email address"
      description={
        <>
          You sign in with{' '}
          <Text span fw={600} inherit>
            {currentEmail}
          </Text>
          . To change it, confirm your current password, then open the link we send to the new address. Until
          you do, nothing changes.
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md" maw={420}>
          <FormError message={formErrorOf(change.error, FIELD_NAMES, CODE_FIELDS)} />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            disabled={disabled}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <TextInput
            label="New email address"
            type="email"
            inputMode="email"
            autoComplete="email"
            disabled={disabled}
            key={form.key('newEmail')}
            {...form.getInputProps('newEmail')}
          />
          <Group>
            <Button type="submit" loading={change.isPending} disabled={disabled}>
              Send confirmation link
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
