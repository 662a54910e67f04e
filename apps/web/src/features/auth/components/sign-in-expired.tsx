import { Alert, Button, Stack } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

export const SIGN_IN_EXPIRED_MESSAGE =
  'For your security, the code step has to be finished within a few minutes of entering your password, and that time has run out. Sign in again to get a new code.';

/** The two-factor cookie from sign-in is gone: say so, and lead back to sign-in (keeping where the user was going). */
export function SignInExpired({ redirect }: { redirect?: string | undefined }) {
  return (
    <Stack gap="md">
      <Alert
        color="yellow"
        variant="light"
        icon={<IconClockExclamation size={18} />}
        title="Your sign-in has timed out"
      >
        {SIGN_IN_EXPIRED_MESSAGE}
      </Alert>
      <Button
        fullWidth
        size="md"
        renderRoot={(props) => <Link {...props} to="/login" search={{ redirect }} />}
      >
        Back to sign in
      </Button>
    </Stack>
  );
}
