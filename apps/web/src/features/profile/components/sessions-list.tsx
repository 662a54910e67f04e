import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { AccountSession } from '@offplan/shared';
import {
  IconDeviceDesktop,
  IconDeviceMobile,
  IconDevices,
  IconDeviceTablet,
  IconLogout,
} from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { FormError } from '../../../components/form-error.tsx';
import { exactTime } from '../../../lib/dates.ts';
import { notifications } from '../../../lib/toasts.ts';
import { type DeviceKind, describeUserAgent } from '../../../lib/user-agent.ts';
import {
  accountSessionsQueryOptions,
  useRevokeOtherSessions,
  useRevokeSession,
} from '../api/account-sessions.ts';
import { SettingsSection } from './settings-section.tsx';

const DEVICE_ICONS: Record<DeviceKind, typeof IconDevices> = {
  desktop: IconDeviceDesktop,
  mobile: IconDeviceMobile,
  tablet: IconDeviceTablet,
  unknown: IconDevices,
};

/** This device first, then the most recently active. */
function ordered(sessions: AccountSession[]): AccountSession[] {
  return [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || Date.parse(b.updatedAt) - Date.parse(a.updatedAt),
  );
}

function SessionRow({ session, disabled }: { session: AccountSession; disabled: boolean }) {
  const revoke = useRevokeSession();
  const device = describeUserAgent(session.userAgent);
  const Icon = DEVICE_ICONS[device.kind];
  return (
    <Paper withBorder p="sm" component="li" aria-label={device.label}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ThemeIcon variant="light" color="gray" size={38} radius="md" aria-hidden>
            <Icon size={20} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={0} miw={0}>
            <Group gap={6}>
              <Text fw={600} size="sm">
                {device.label}
              </Text>
              {session.current ? <Badge color="green">This device</Badge> : null}
            </Group>
            <Text size="xs" c="dimmed">
              {session.ipAddress ?? 'Unknown address'} · Last active {exactTime(session.updatedAt)}
            </Text>
            {revoke.error ? (
              <Text size="xs" c="red" role="alert">
                {revoke.error.message}
              </Text>
            ) : null}
          </Stack>
        </Group>
        {session.current ? null : (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            loading={revoke.isPending}
            disabled={disabled}
            aria-label={`Sign out ${device.label}`}
            onClick={() =>
              revoke.mutate(session.id, {
                onSuccess: () =>
                  notifications.show({
                    color: 'green',
                    title: 'Signed out',
                    message: `${device.label} is signed out.`,
                  }),
              })
            }
          >
            Sign out
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** Profile "Sessions": where the account is signed in, with a way to end any of them. */
export function SessionsList({ disabled = false }: { disabled?: boolean }) {
  const { data: sessions } = useSuspenseQuery(accountSessionsQueryOptions());
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.filter((session) => !session.current).length;

  return (
    <SettingsSection
      title="Sessions"
      description="Browsers and devices signed in to your account. Sign out any you do not recognise, then change your password."
    >
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {ordered(sessions).map((session) => (
          <SessionRow key={session.id} session={session} disabled={disabled} />
        ))}
      </Stack>
      <FormError message={revokeOthers.error?.message} />
      <Group>
        <Button
          variant="default"
          leftSection={<IconLogout size={16} stroke={1.6} />}
          disabled={disabled || others === 0}
          loading={revokeOthers.isPending}
          onClick={() =>
            revokeOthers.mutate(undefined, {
              onSuccess: () =>
                notifications.show({
                  color: 'green',
                  title: 'Other sessions signed out',
                  message: 'Only this device is still signed in.',
                }),
            })
          }
        >
          Sign out other sessions
        </Button>
        {others === 0 ? (
          <Text size="sm" c="dimmed">
            You are signed in on this device only.
          </Text>
        ) : null}
      </Group>
    </SettingsSection>
  );
}
