import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { AuthSession } from '@offplan/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import { useVerifyEmailToken } from '../api/email-verification.ts';
import { isUnusableLinkError, LINK_TOKEN_ERROR_CODES } from '../link-errors.ts';
import { homePathFor } from '../session-routing.ts';

export const VERIFY_LINK_EXPIRED_MESSAGE = 'This verification link has expired.';
export const VERIFY_LINK_INVALID_MESSAGE =
  'This verification link is not valid. It may have been used already, or a newer link replaced it.';

type VerifyEmailTokenProps = {
  token: string;
  /** The session before verifying: who can ask for a new link, and who needs none. */
  session: { user: { emailVerified: boolean; role?: string | null } } | null;
  onVerified: (session: AuthSession | null) => void;
};

/** /verify?token= (the emailed link): confirms the address once, then hands over the fresh session. */
export function VerifyEmailToken({ token, session, onVerified }: VerifyEmailTokenProps) {
  const verify = useVerifyEmailToken();
  const { mutate } = verify;
  const tried = useRef<string | null>(null);

  const run = useCallback(() => mutate(token, { onSuccess: onVerified }), [mutate, token, onVerified]);

  useEffect(() => {
    // Once per token: the link is single use, so a second call (StrictMode, a re-render) would fail it.
    if (!token || tried.current === token) return;
    tried.current = token;
    run();
  }, [token, run]);

  const error = verify.error;
  if (token && !error) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>Confirming your email address…</Text>
      </Group>
    );
  }

  if (error && !isUnusableLinkError(error)) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          We couldn't confirm your email
        </Title>
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {error.message}
        </Alert>
        <Group>
          <Button onClick={run} loading={verify.isPending}>
            Try again
          </Button>
        </Group>
      </Stack>
    );
  }

  if (session?.user.emailVerified) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Your email is already verified
        </Title>
        <Text>There is nothing more to do with this link.</Text>
        <Group>
          <Button renderRoot={(props) => <Link {...props} to={homePathFor(session.user)} />}>Continue</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        This link can't be used
      </Title>
      <Text>
        {error?.code === LINK_TOKEN_ERROR_CODES.expired
          ? VERIFY_LINK_EXPIRED_MESSAGE
          : VERIFY_LINK_INVALID_MESSAGE}
      </Text>
      {session ? (
        <>
          <Text c="dimmed" size="sm">
            We can send you a new one.
          </Text>
          <Group>
            <Button renderRoot={(props) => <Link {...props} to="/verify-email" />}>Send a new link</Button>
          </Group>
        </>
      ) : (
        <>
          <Text c="dimmed" size="sm">
            Sign in and we'll help you send a new one.
          </Text>
          <Group>
            <Button renderRoot={(props) => <Link {...props} to="/login" />}>Sign in to get a new link</Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
