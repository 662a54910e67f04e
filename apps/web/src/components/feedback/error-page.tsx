import { Button, Group, Loader, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import {
  type ApiClientError,
  isAccessError,
  isApiClientError,
  reportAccessError,
} from '../../lib/api-client.ts';
import { CardLayout } from '../layouts/card-layout.tsx';

/** Messages of errors the app made itself are safe to show; anything else stays generic. */
export function describeError(error: unknown): string {
  return isApiClientError(error) ? error.message : 'An unexpected error stopped this page from loading.';
}

/**
 * What an error component shows for a lost session or an unverified email: never an error, but the
 * move to sign-in or /verify-email. The API client normally starts that move as the call fails; this
 * makes sure of it if the error still reached a page.
 */
export function AccessErrorRedirect({ error }: { error: ApiClientError }) {
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    reportAccessError(error);
  }, [error]);
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" />
      <Text>One moment…</Text>
    </Group>
  );
}

/** The router's last-resort error page, in the card layout. */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (isAccessError(error)) {
    return (
      <CardLayout>
        <AccessErrorRedirect error={error} />
      </CardLayout>
    );
  }
  return (
    <CardLayout>
      <ThemeIcon size={48} radius="xl" variant="light" color="red" aria-hidden>
        <IconAlertTriangle size={26} stroke={1.5} />
      </ThemeIcon>
      <Title order={1} size="h2">
        Something went wrong
      </Title>
      <Text c="dimmed">{describeError(error)}</Text>
      <Group gap="sm">
        <Button
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try again
        </Button>
        <Button variant="default" renderRoot={(props) => <Link {...props} to="/dashboard" />}>
          Go to dashboard
        </Button>
      </Group>
    </CardLayout>
  );
}
