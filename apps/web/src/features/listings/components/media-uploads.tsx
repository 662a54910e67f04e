import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { Upload } from '../hooks/use-media-uploads.ts';

/** The files being uploaded, with their progress, or why one was refused. */
export function MediaUploads({ uploads, onDismiss }: { uploads: Upload[]; onDismiss: (id: string) => void }) {
  if (uploads.length === 0) return null;
  return (
    <Stack gap="xs" aria-label="Uploads" role="list">
      {uploads.map((item) => (
        <Stack key={item.id} gap={2} role="listitem">
          <Group justify="space-between">
            <Text size="sm">{item.name}</Text>
            {item.error ? (
              <Button size="compact-xs" variant="subtle" onClick={() => onDismiss(item.id)}>
                Dismiss
              </Button>
            ) : (
              <Text size="xs" c="dimmed">
                {item.percent}%
              </Text>
            )}
          </Group>
          {item.error ? (
            <Text size="sm" c="red" role="alert">
              {item.error}
            </Text>
          ) : (
            <Progress value={item.percent} size="sm" aria-label={`Uploading ${item.name}`} />
          )}
        </Stack>
      ))}
    </Stack>
  );
}
