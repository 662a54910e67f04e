import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { EXPORT_DATASET_LABELS } from '@offplan/shared';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ExportRun } from '../hooks/use-export-download.ts';

const count = new Intl.NumberFormat('en-AU');

/** The running export's progress with a cancel, or how the last one ended. */
export function ExportProgress({
  run,
  onCancel,
  onDismiss,
}: {
  run: ExportRun;
  onCancel: () => void;
  onDismiss: () => void;
}) {
  if (run.state === 'idle') return null;
  if (run.state === 'running') {
    const percent = run.expectedRows ? Math.min(100, (run.rows / run.expectedRows) * 100) : 0;
    const label = `${count.format(run.rows)} of ${count.format(run.expectedRows)} rows`;
    return (
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={500}>
            Exporting {EXPORT_DATASET_LABELS[run.dataset].toLowerCase()}: {label}
          </Text>
          <Button variant="default" size="xs" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
        <Progress.Root size="lg">
          {/* Its own aria: Mantine's would say only the percentage, not the rows. */}
          <Progress.Section
            value={percent}
            animated
            withAria={false}
            role="progressbar"
            aria-label="Export progress"
            aria-valuemin={0}
            aria-valuemax={run.expectedRows}
            aria-valuenow={run.rows}
            aria-valuetext={label}
          />
        </Progress.Root>
      </Stack>
    );
  }
  if (run.state === 'saved') {
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck size={18} />}
        title="Export saved"
        withCloseButton
        closeButtonLabel="Dismiss"
        onClose={onDismiss}
      >
        {count.format(run.rows)} {run.rows === 1 ? 'row' : 'rows'} saved as {run.fileName}.
      </Alert>
    );
  }
  if (run.state === 'cancelled') {
    return (
      <Alert
        color="gray"
        variant="light"
        title="Export cancelled"
        withCloseButton
        closeButtonLabel="Dismiss"
        onClose={onDismiss}
      >
        Nothing was saved; the server stopped after {count.format(run.rows)} rows and recorded the cancelled
        export.
      </Alert>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      title="The export failed"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
    >
      {run.error.message} Nothing was saved; try again.
    </Alert>
  );
}
