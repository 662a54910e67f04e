import { Alert, Anchor, Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconDeviceMobileMessage } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { isSignInStepExpired, useSendSignInCode } from '../api/two-factor.ts';
import { SignInExpired } from './sign-in-expired.tsx';

type VerifyPhonePanelProps = {
  /** The masked number sign-in answered with ("•••• ••• 678"), when known. */
  phoneHint: string | null;
  /** Where to go after signing in; carried back to sign-in if this step has expired. */
  redirect?: string | undefined;
  onCodeSent: () => void;
};

/** Two-step sign-in, first step (design §7): confirm the phone the code will be texted to. */
export function VerifyPhonePanel({ phoneHint, redirect, onCodeSent }: VerifyPhonePanelProps) {
  const sendCode = useSendSignInCode();

  if (sendCode.error && isSignInStepExpired(sendCode.error)) return <SignInExpired redirect={redirect} />;

  return (
    <Stack gap="lg">
      <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
        <IconDeviceMobileMessage size={26} stroke={1.5} />
      </ThemeIcon>
      <Stack gap={6}>
        <Title order={1} size="h2">
          Confirm it's you
        </Title>
        <Text c="dimmed" size="sm">
          Two-step sign-in is on for your account. We'll text a 6-digit code to your mobile to finish signing
          in.
        </Text>
      </Stack>

      <Text>
        {phoneHint ? (
          <>
            We'll send the code to{' '}
            <Text span fw={600}>
              {phoneHint}
            </Text>
            .
          </>
        ) : (
          'We will send the code to the mobile number on your account.'
        )}
      </Text>

      {sendCode.error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {sendCode.error.message}
        </Alert>
      ) : null}

      <Button
        fullWidth
        size="md"
        loading={sendCode.isPending}
        onClick={() => sendCode.mutate(undefined, { onSuccess: onCodeSent })}
      >
        Text me a code
      </Button>
      <Text size="sm" c="dimmed">
        Not your number, or no longer have this phone? Contact your organisation's administrator or the
        support team to update it.{' '}
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/login" search={{ redirect }} />}>
          Back to sign in
        </Anchor>
      </Text>
    </Stack>
  );
}
