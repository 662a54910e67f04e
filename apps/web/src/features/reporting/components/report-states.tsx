import { Alert, Anchor, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** While a report loads: the shape of cards, charts and table, so nothing jumps when it arrives. */
export function ReportSkeleton({ cards }: { cards: number }) {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading the report">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="sm">
        {Array.from({ length: cards }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
          <Skeleton key={index} h={96} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={320} radius="md" />
      <Skeleton h={220} radius="md" />
    </Stack>
  );
}

/** The API's own message when a report is refused or fails. */
export function ReportError({ error }: { error: unknown }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="The report could not be loaded"
    >
      {error instanceof Error ? error.message : 'Something went wrong. Try again in a moment.'}
    </Alert>
  );
}

/** Nothing happened in the range: say so and what would change it. */
export function ReportEmpty({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" role="status">
      <Stack gap={4}>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      </Stack>
    </Paper>
  );
}

export function ProjectsLink({ children }: { children: ReactNode }) {
  return <Anchor renderRoot={(props) => <Link {...props} to="/projects" />}>{children}</Anchor>;
}
