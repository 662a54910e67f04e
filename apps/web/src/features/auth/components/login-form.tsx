import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES } from '@offplan/shared';
import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { loadSignInValidation, prepareSignIn, useSignIn, validateSignInForm } from '../api/sign-in.ts';
import { LoginNotice, PASSWORD_RESET_NOTICE } from './login-notice-loader.ts';

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
    // The shared signInFormSchema, loaded on the first touch of the form (prepareSignIn).
    validate: validateSignInForm,
  });

  const submitChecked = form.onSubmit((values) => {
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
  // A press on Sign in can come before the form's checks have loaded: the submit waits for them.
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    loadSignInValidation().then(
      () => submitChecked(),
      () => submitChecked(),
    );
  };

  // better-auth's client and the form's checks load as the visitor reaches for the form (a field
  // focused, a press), while they type, so Sign in does not wait for them; a visitor who only looks
  // never downloads them (issue 21). The notice a failed sign-in shows loads then too.
  const prepare = () => {
    prepareSignIn();
    LoginNotice.preload();
  };

  return (
    <form onSubmit={handleSubmit} onFocus={prepare} onPointerDown={prepare} noValidate>
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
          <LoginNotice.Component kind="error" message={signIn.error.message} />
        ) : sessionRequired ? (
          <LoginNotice.Component kind="sessionRequired" message={MESSAGES.sessionRequired} />
        ) : passwordReset ? (
          <LoginNotice.Component kind="passwordReset" message={PASSWORD_RESET_NOTICE} />
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
