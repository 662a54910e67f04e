import { Anchor, Button, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { emailFormSchema } from '@offplan/shared';
import { IconMailForward } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { FormError } from '../../../components/form-error.tsx';
import { useRequestPasswordReset } from '../api/password-reset.ts';

/** Said whatever the address: the page never tells whether an account exists. */
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  "If an account exists for that address, we've sent a link to reset the password. The link works for 1 hour.";

function BackToSignIn() {
  return (
    <Text size="sm" ta="center">
      Remembered it? <Anchor renderRoot={(props) => <Link {...props} to="/login" />}>Back to sign in</Anchor>
    </Text>
  );
}

/** /forgot-password (design §7): asks for a reset link by email. */
export function ForgotPasswordForm() {
  const requestReset = useRequestPasswordReset();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(emailFormSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    requestReset.mutate(
      { email: values.email.trim() },
      {
        onError: (error) => {
          if (error.fields?.email) form.setFieldError('email', error.fields.email);
        },
      },
    );
  });

  if (requestReset.isSuccess) {
    return (
      <Stack gap="lg">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconMailForward size={26} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} size="h2">
          Check your email
        </Title>
        <Text role="status">{PASSWORD_RESET_REQUESTED_MESSAGE}</Text>
        <Text size="sm" c="dimmed">
          Can't find it? Check your spam or junk folder, or{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => requestReset.reset()}>
            try another address
          </Anchor>
          .
        </Text>
        <BackToSignIn />
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} size="h2">
            Reset your password
          </Title>
          <Text c="dimmed" size="sm">
            Enter the email address you sign in with and we'll send you a link to choose a new password.
          </Text>
        </Stack>

        <FormError
          message={requestReset.error && !requestReset.error.fields ? requestReset.error.message : null}
        />

        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="you@company.com.au"
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" fullWidth size="md" loading={requestReset.isPending}>
          Send reset link
        </Button>
        <BackToSignIn />
      </Stack>
    </form>
  );
}
