import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { AdminUserDetail } from '@offplan/shared';
import { IconBan, IconCircleCheck, IconLogout } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { DANGER_COLOR } from '../../../components/confirm-modal.tsx';
import { notifications } from '../../../lib/toasts.ts';
import { useBanUser, useRevokeUserSessions, useUnbanUser } from '../api/admin-user-actions.ts';

const BAN_REASON_MAX = 500;

type Dialog = 'sign-out' | 'ban' | 'unban' | null;

type ConfirmModalProps = {
  opened: boolean;
  title: string;
  confirmLabel: string;
  color?: string;
  pending: boolean;
  error: string | null | undefined;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
};

function ConfirmModal(props: ConfirmModalProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Stack gap="md">
        {props.children}
        {props.error ? (
          <Text size="sm" c="red" role="alert">
            {props.error}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button color={props.color} loading={props.pending} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /profile/{id}: sign the user out everywhere, ban (with a reason) or unban; each asks first. */
export function UserAdminActions({ user }: { user: AdminUserDetail }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reason, setReason] = useState('');
  const revoke = useRevokeUserSessions();
  const ban = useBanUser();
  const unban = useUnbanUser();
  const name = user.name || user.email;

  const close = () => {
    setDialog(null);
    setReason('');
    revoke.reset();
    ban.reset();
    unban.reset();
  };
  const done = (title: string, message: string) => {
    close();
    notifications.show({ color: 'green', title, message });
  };

  return (
    <>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconLogout size={16} stroke={1.6} />}
          onClick={() => setDialog('sign-out')}
        >
          Sign out everywhere
        </Button>
        {user.banned ? (
          <Button
            variant="default"
            color="green"
            leftSection={<IconCircleCheck size={16} stroke={1.6} />}
            onClick={() => setDialog('unban')}
          >
            Unban
          </Button>
        ) : (
          <Button
            variant="light"
            color="red"
            leftSection={<IconBan size={16} stroke={1.6} />}
            onClick={() => setDialog('ban')}
          >
            Ban
          </Button>
        )}
      </Group>

      <ConfirmModal
        opened={dialog === 'sign-out'}
        title="Sign out everywhere"
        confirmLabel="Sign out everywhere"
        color={DANGER_COLOR}
        pending={revoke.isPending}
        error={revoke.error?.message}
        onClose={close}
        onConfirm={() =>
          revoke.mutate(user.id, {
            onSuccess: () => done('Signed out everywhere', `${name} is signed out on every device.`),
          })
        }
      >
        <Text size="sm">{name} will be signed out on every browser and device and has to sign in again.</Text>
      </ConfirmModal>

      <ConfirmModal
        opened={dialog === 'ban'}
        title={`Ban ${name}`}
        confirmLabel="Ban user"
        color={DANGER_COLOR}
        pending={ban.isPending}
        error={ban.error?.message}
        onClose={close}
        onConfirm={() =>
          ban.mutate(
            { userId: user.id, ...(reason.trim() ? { banReason: reason.trim() } : {}) },
            { onSuccess: () => done('User banned', `${name} is signed out and cannot sign in.`) },
          )
        }
      >
        <Text size="sm">{name} is signed out everywhere and cannot sign in until you unban them.</Text>
        <Textarea
          label="Reason"
          description="Kept with the account for other admins."
          rows={3}
          maxLength={BAN_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={ban.error?.fields?.banReason}
        />
      </ConfirmModal>

      <ConfirmModal
        opened={dialog === 'unban'}
        title={`Unban ${name}`}
        confirmLabel="Unban user"
        pending={unban.isPending}
        error={unban.error?.message}
        onClose={close}
        onConfirm={() =>
          unban.mutate(user.id, { onSuccess: () => done('User unbanned', `${name} can sign in again.`) })
        }
      >
        <Text size="sm">
          {name} can sign in again.
          {user.banReason ? ` They were banned for: ${user.banReason}` : ''}
        </Text>
      </ConfirmModal>
    </>
  );
}
