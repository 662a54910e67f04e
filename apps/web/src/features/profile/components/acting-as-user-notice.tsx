import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** The server refuses these changes while an admin acts as the user; say so before anyone tries. */
export function ActingAsUserNotice() {
  return (
    <Alert color="orange" variant="light" icon={<IconLock size={18} />}>
      Not while acting as this user. Only the user can change their password, email, two-step sign-in and
      privacy settings.
    </Alert>
  );
}
