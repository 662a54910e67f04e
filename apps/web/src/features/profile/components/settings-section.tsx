import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type SettingsSectionProps = { title: string; description?: ReactNode; children: ReactNode };

/** One titled panel of the profile page. */
export function SettingsSection({ title, description, children }: SettingsSectionProps) {
  return (
    <Paper withBorder p={{ base: 'md', xs: 'lg' }} maw={720} component="section" aria-label={title}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
