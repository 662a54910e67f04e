import { Alert, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { MESSAGES } from '@offplan/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { exactTime } from '../../../lib/dates.ts';
import { notifications } from '../../../lib/toasts.ts';
import { siteSettingsQueryOptions, useUpdateSiteSettings } from '../api/site-settings.ts';

/** /site-settings (admins): the maintenance switch, effective on every process within seconds. */
export function SiteSettingsPage() {
  const { data: settings } = useSuspenseQuery(siteSettingsQueryOptions());
  const update = useUpdateSiteSettings();

  const toggle = (maintenanceMode: boolean) =>
    update.mutate(
      { maintenanceMode },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: saved.maintenanceMode ? 'orange' : 'green',
            title: saved.maintenanceMode ? 'Maintenance mode is on' : 'Maintenance mode is off',
            message: saved.maintenanceMode
              ? 'Everyone but admins now sees the maintenance page.'
              : 'The portal is open again.',
          }),
        onError: (error) =>
          notifications.show({ color: 'red', title: MESSAGES.saveError, message: error.message }),
      },
    );

  return (
    <Stack gap="lg" maw={720}>
      <Card>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4}>
              <Title order={3}>Maintenance mode</Title>
              <Text size="sm" c="dimmed">
                While on, every page shows “{MESSAGES.maintenance}” and the API refuses calls. Admins keep the
                portal, can sign in, and switch it off here. Every server follows within a few seconds; no
                restart needed.
              </Text>
            </Stack>
            <Switch
              size="lg"
              aria-label="Maintenance mode"
              checked={settings.maintenanceMode}
              disabled={update.isPending || settings.forcedBySetting}
              onChange={(event) => toggle(event.currentTarget.checked)}
              color="orange"
            />
          </Group>
          {settings.forcedBySetting ? (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
              The server setting MAINTENANCE_MODE=true forces maintenance on. Remove it and restart to switch
              maintenance from here.
            </Alert>
          ) : null}
          {settings.updatedAt ? (
            <Text size="xs" c="dimmed">
              Last changed {exactTime(settings.updatedAt)}
              {settings.updatedBy ? ` by ${settings.updatedBy}` : ''}.
            </Text>
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
}
