import { Alert, Anchor, Group, Loader, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
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

/**
 * A report's body through its states: skeletons on the first load, the API's message on an error,
 * and while new filters load, the last figures dimmed under a note that they are being updated.
 */
export function ReportBody<T>({
  report,
  cards,
  children,
}: {
  report: UseQueryResult<T>;
  cards: number;
  children: (data: T) => ReactNode;
}) {
  const updating = report.isPlaceholderData && report.isFetching;
  return (
    <Stack gap="sm" aria-busy={report.isFetching}>
      {updating ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Updating the report…
          </Text>
        </Group>
      ) : null}
      {report.isError ? <ReportError error={report.error} /> : null}
      {report.data !== undefined ? (
        <div style={{ opacity: updating ? 0.55 : 1, transition: 'opacity 150ms' }}>
          {children(report.data)}
        </div>
      ) : report.isPending ? (
        <ReportSkeleton cards={cards} />
      ) : null}
    </Stack>
  );
}
