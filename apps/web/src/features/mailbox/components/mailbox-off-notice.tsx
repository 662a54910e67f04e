import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** The API answers the mailbox 404 where it is off (production): say so rather than report an error. */
export function MailboxOffNotice() {
  return (
    <Alert
      color="brand"
      variant="light"
      icon={<IconInfoCircle size={18} />}
      title="The dev mailbox is off here"
      maw={640}
    >
      This server delivers emails and text messages for real, so there is no local outbox to show. The mailbox
      works on development servers.
    </Alert>
  );
}
