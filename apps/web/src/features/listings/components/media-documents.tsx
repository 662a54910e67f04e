import { ActionIcon, Anchor, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { type ListingMediaItem, MEDIA_LIMITS, type MediaKind } from '@offplan/shared';
import { IconFileTypePdf, IconTrash, IconUpload } from '@tabler/icons-react';

function formatSize(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A listing's brochure or floorplans: the files, each with its size and a delete button. */
export function DocumentList({
  title,
  kind,
  items,
  onUpload,
  onDelete,
}: {
  title: string;
  kind: MediaKind;
  items: ListingMediaItem[];
  onUpload: (kind: MediaKind, files: File[]) => Promise<void>;
  onDelete: (item: ListingMediaItem) => void;
}) {
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600}>
          {title} ({items.length})
        </Text>
        <FileButton
          onChange={(files) => void onUpload(kind, files)}
          accept={MEDIA_LIMITS.documentMimeTypes.join(',')}
          multiple
        >
          {(props) => (
            <Button {...props} size="xs" variant="light" leftSection={<IconUpload size={14} aria-hidden />}>
              Upload {title.toLowerCase()}
            </Button>
          )}
        </FileButton>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No {title.toLowerCase()} yet.
        </Text>
      ) : (
        <Stack gap={4} role="list" aria-label={title}>
          {items.map((item) => (
            <Group key={item.id} justify="space-between" role="listitem" wrap="nowrap">
              <Group gap="xs" wrap="nowrap" miw={0}>
                <IconFileTypePdf size={18} aria-hidden />
                <Anchor href={item.url} target="_blank" rel="noopener" size="sm" truncate="end">
                  {item.fileName}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatSize(item.sizeBytes)}
                </Text>
              </Group>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${item.fileName}`}
                onClick={() => onDelete(item)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
