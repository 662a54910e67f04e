import { Alert, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES } from '@offplan/shared';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useSignIn } from '../api/sign-in.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const LOGIN_VALIDATION = {
  emailRequired: 'Enter your email address',
  emailInvalid: 'Enter a valid email address, like name@example.com',
  passwordRequired: 'Enter your password',
} as const;

type LoginFormProps = {
  /** The visitor was sent here because a call needed a session (spec §8). */
  sessionRequired: boolean;
  onSignedIn: () => void;
};

/** Sign-in by email and password (design §7): field messages, typed values kept, the server's message on failure. */
export function LoginForm({ sessionRequired, onSignedIn }: LoginFormProps) {
  const signIn = useSignIn();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => {
        const email = value.trim();
        if (!email) return LOGIN_VALIDATION.emailRequired;
        return EMAIL_PATTERN.test(email) ? null : LOGIN_VALIDATION.emailInvalid;
      },
      password: (value) => (value ? null : LOGIN_VALIDATION.passwordRequired),
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    signIn.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (error.fields) form.setErrors(error.fields);
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
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
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth size="md" loading={signIn.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
