import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useConnectAdminSession } from '../../impersonation/index.ts';

export const CONNECT_INVALID_MESSAGE =
  'This link to return to your admin session is no longer valid. Sign in again.';

/**
 * /connect (spec §6 "Return to Admin"): trades the admin's magic token for the admin's own session,
 * once per token (a second try would find it spent), then hands over where to go.
 */
export function ConnectAdminSession({
  token,
  onConnected,
}: {
  token: string;
  onConnected: (redirectTo: string) => void;
}) {
  const connect = useConnectAdminSession();
  const { mutate } = connect;
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (!token || tried.current === token) return;
    tried.current = token;
    mutate({ token }, { onSuccess: (answer) => onConnected(answer.redirectTo) });
  }, [token, mutate, onConnected]);

  if (!token || connect.isError) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Return to admin
        </Title>
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {CONNECT_INVALID_MESSAGE}
        </Alert>
        <Group>
          <Button renderRoot={(props) => <Link {...props} to="/login" />}>Sign in</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Group gap="sm" role="status">
      <Loader size="sm" />
      <Text>Returning you to your admin session…</Text>
    </Group>
  );
}
