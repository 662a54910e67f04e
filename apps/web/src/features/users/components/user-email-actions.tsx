import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AdminUserDetail } from '@offplan/shared';
import { IconKey, IconMailCheck, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { notifications } from '../../../lib/toasts.ts';
import {
  useMarkEmailVerified,
  useResendVerification,
  useSendPasswordReset,
} from '../api/admin-user-account.ts';

type Dialog = 'verify' | 'reset' | null;

const failed = (title: string, message: string) => notifications.show({ color: 'red', title, message });

/**
 * /profile/{id} "Email and password": whether the address is verified, marking it so or sending the
 * verification email again while it is not, and sending better-auth's password-reset link.
 */
export function UserEmailActions({ user }: { user: AdminUserDetail }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const verify = useMarkEmailVerified(user.id);
  const resend = useResendVerification(user.id);
  const reset = useSendPasswordReset(user.id);
  const name = user.name || user.email;
  const close = () => setDialog(null);

  return (
    <Paper withBorder p={{ base: 'md', xs: 'lg' }} component="section" aria-labelledby="user-email-heading">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={3} size="h4" id="user-email-heading">
            Email and password
          </Title>
        </Group>
        <Group gap="xs">
          <Text size="sm">{user.email}</Text>
          <Badge variant="dot" color={user.emailVerified ? 'green' : 'yellow'}>
            {user.emailVerified ? 'Verified' : 'Not verified'}
          </Badge>
        </Group>
        <Group gap="xs">
          {user.emailVerified ? null : (
            <>
              <Button
                variant="default"
                leftSection={<IconMailCheck size={16} stroke={1.6} />}
                onClick={() => setDialog('verify')}
              >
                Mark email verified
              </Button>
              <Button
                variant="default"
                leftSection={<IconMailForward size={16} stroke={1.6} />}
                loading={resend.isPending}
                onClick={() =>
                  resend.mutate(undefined, {
                    onSuccess: ({ sentTo }) =>
                      notifications.show({
                        color: 'green',
                        title: 'Verification email sent',
                        message: `A new link is on its way to ${sentTo}.`,
                      }),
                    onError: (error) => failed('Not sent', error.message),
                  })
                }
              >
                Resend verification email
              </Button>
            </>
          )}
          <Button
            variant="default"
            leftSection={<IconKey size={16} stroke={1.6} />}
            onClick={() => setDialog('reset')}
          >
            Send password reset link
          </Button>
        </Group>
      </Stack>

      <ConfirmModal
        opened={dialog === 'verify'}
        title={`Mark ${user.email} verified`}
        confirmLabel="Mark verified"
        loading={verify.isPending}
        onClose={close}
        onConfirm={() =>
          verify.mutate(undefined, {
            onSuccess: () => {
              close();
              notifications.show({
                color: 'green',
                title: 'Email verified',
                message: `${name} can use the portal.`,
              });
            },
            onError: (error) => failed('Not verified', error.message),
          })
        }
      >
        Do this only when you know the address is theirs: they skip the link we emailed them.
      </ConfirmModal>

      <ConfirmModal
        opened={dialog === 'reset'}
        title="Send a password reset link"
        confirmLabel="Send link"
        loading={reset.isPending}
        onClose={close}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: ({ sentTo }) => {
              close();
              notifications.show({
                color: 'green',
                title: 'Reset link sent',
                message: `${sentTo} has a link to set a new password. It works for an hour.`,
              });
            },
            onError: (error) => failed('Not sent', error.message),
          })
        }
      >
        We email {user.email} a link to set a new password, valid for an hour. They stay signed in until they
        use it; then every session ends.
      </ConfirmModal>
    </Paper>
  );
}
