import { Button, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { isApiClientError } from '../../lib/api-client.ts';
import { CardLayout } from '../layouts/card-layout.tsx';

/** Messages of errors the app made itself are safe to show; anything else stays generic. */
export function describeError(error: unknown): string {
  return isApiClientError(error) ? error.message : 'An unexpected error stopped this page from loading.';
}

/** The router's last-resort error page, in the card layout. */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
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
