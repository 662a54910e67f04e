import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { MESSAGES, signInFormSchema } from '@offplan/shared';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { prepareSignIn, useSignIn } from '../api/sign-in.ts';
import { AUTH_VALIDATION } from '../validation.ts';

export const LOGIN_VALIDATION = {
  emailRequired: AUTH_VALIDATION.emailRequired,
  emailInvalid: AUTH_VALIDATION.emailInvalid,
  passwordRequired: AUTH_VALIDATION.passwordRequired,
} as const;

export const PASSWORD_RESET_NOTICE = 'Your password has been changed. Sign in with your new password.';

type LoginFormProps = {
  /** The visitor was sent here because a call needed a session (spec §8). */
  sessionRequired: boolean;
  /** The visitor has just set a new password (/login?reset=1). */
  passwordReset?: boolean;
  onSignedIn: () => void;
  /** Two-step sign-in is on for this user: a code texted to `phoneHint` finishes signing in. */
  onTwoFactorRequired: (phoneHint: string | null) => void;
};

/** Sign-in by email and password (design §7): field messages, typed values kept, the server's message on failure. */
export function LoginForm({
  sessionRequired,
  passwordReset = false,
  onSignedIn,
  onTwoFactorRequired,
}: LoginFormProps) {
  const signIn = useSignIn();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(signInFormSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    signIn.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: (result) => {
          if (result.twoFactorRequired) onTwoFactorRequired(result.phoneHint);
          else onSignedIn();
        },
        onError: (error) => {
          if (error.fields) form.setErrors(error.fields);
        },
      },
    );
  });

  return (
    // better-auth's client loads as the visitor reaches for the form (a field focused, a press), while
    // they type, so Sign in does not wait for it; a visitor who only looks never downloads it (issue 21).
    <form onSubmit={handleSubmit} onFocus={prepareSignIn} onPointerDown={prepareSignIn} noValidate>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} size="h2">
            Sign in
          </Title>
          <Text c="dimmed" size="sm">
            Welcome back. Sign in to manage your listings, leads and reporting.
          </Text>
        </Stack>

        {signIn.error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {signIn.error.message}
          </Alert>
        ) : sessionRequired ? (
          <Alert color="brand" variant="light" icon={<IconInfoCircle size={18} />}>
            {MESSAGES.sessionRequired}
          </Alert>
        ) : passwordReset ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />}>
            {PASSWORD_RESET_NOTICE}
          </Alert>
        ) : null}

        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="you@company.com.au"
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Stack gap={6}>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            placeholder="Your password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/forgot-password" />}>
              Forgot password?
            </Anchor>
          </Group>
        </Stack>
        <Button type="submit" fullWidth size="md" loading={signIn.isPending}>
          Sign in
        </Button>
        <Text size="sm" ta="center">
          New to the portal?{' '}
          <Anchor renderRoot={(props) => <Link {...props} to="/register" />}>Create an account</Anchor>
        </Text>
      </Stack>
    </form>
  );
}
