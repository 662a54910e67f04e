import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { MESSAGES } from '@offplan/shared';
import { IconTools } from '@tabler/icons-react';

/** Spec §2: shown instead of the app while the maintenance flag is set. */
export function MaintenanceScreen() {
  return (
    <Center mih="100dvh" p="xl">
      <Stack align="center" gap="md" maw={480} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconTools size={32} stroke={1.5} />
        </ThemeIcon>
        <Title order={1}>{MESSAGES.maintenanceHeading}</Title>
        <Text c="dimmed" size="lg">
          {MESSAGES.maintenance}
        </Text>
      </Stack>
    </Center>
  );
}
