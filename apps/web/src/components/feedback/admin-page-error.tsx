import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isAccessError } from '../../lib/api-client.ts';
import { AccessErrorRedirect, describeError } from './error-page.tsx';

/** An admin page's error inside the main layout: the reason and a retry; lost sessions go to sign-in. */
export function AdminPageError({ error, title }: Pick<ErrorComponentProps, 'error'> & { title: string }) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => {
    // Lets a retry start the query again instead of rethrowing the cached error.
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  if (isAccessError(error)) return <AccessErrorRedirect error={error} />;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title} maw={640}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{describeError(error)}</Text>
        <Button size="xs" variant="white" color="red" onClick={() => void router.invalidate()}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
