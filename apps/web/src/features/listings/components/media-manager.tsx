import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { type Listing, type ListingMediaItem, MEDIA_LIMITS, type MediaKind } from '@offplan/shared';
import {
  IconArrowLeft,
  IconArrowRight,
  IconFileTypePdf,
  IconStar,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSaveStatusStore } from '../../../stores/save-status-store.ts';
import { listingChanged } from '../api/listing.ts';
import { deleteMedia, mediaFileProblem, updateMedia, uploadMedia } from '../api/media.ts';

type Upload = { id: string; kind: MediaKind; name: string; percent: number; error?: string };

let uploadCounter = 0;

function errorText(error: unknown) {
  return error instanceof Error ? error.message : 'Something went wrong';
}

function formatSize(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Runs one media change with the header save indicator, then reloads the listing. */
function useMediaAction(listingId: number) {
  const queryClient = useQueryClient();
  return async (action: () => Promise<unknown>) => {
    const status = useSaveStatusStore.getState();
    status.saving();
    try {
      await action();
      await listingChanged(queryClient, listingId);
      useSaveStatusStore.getState().saved();
      return true;
    } catch (error) {
      useSaveStatusStore.getState().failed(errorText(error));
      return false;
    }
  };
}

/** Images (ordered, one hero), brochure and floorplans of a listing (design §2). */
export function MediaManager({ listing }: { listing: Listing }) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const run = useMediaAction(listing.id);
  const queryClient = useQueryClient();

  const patchUpload = (id: string, patch: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, ...patch } : upload)));

  async function upload(kind: MediaKind, files: File[]) {
    for (const file of files) {
      uploadCounter += 1;
      const id = `upload-${uploadCounter}`;
      const problem = mediaFileProblem(kind, file);
      setUploads((current) => [
        ...current,
        { id, kind, name: file.name, percent: 0, ...(problem ? { error: problem } : {}) },
      ]);
      if (problem) continue;
      const status = useSaveStatusStore.getState();
      status.saving();
      try {
        await uploadMedia(listing.id, kind, file, (percent) => patchUpload(id, { percent }));
        await listingChanged(queryClient, listing.id);
        setUploads((current) => current.filter((item) => item.id !== id));
        useSaveStatusStore.getState().saved();
      } catch (error) {
        patchUpload(id, { error: `${file.name}: ${errorText(error)}` });
        useSaveStatusStore.getState().failed(errorText(error));
      }
    }
  }

  const move = (images: ListingMediaItem[], index: number, by: -1 | 1) => {
    const order = images.map((image) => image.id);
    const [moved] = order.splice(index, 1);
    if (moved === undefined) return;
    order.splice(index + by, 0, moved);
    void run(() => updateMedia(listing.id, { order }));
  };

  const images = [...listing.images].sort((a, b) => a.position - b.position);

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="listing-section-media"
    >
      <Stack gap="lg">
        <Stack gap={2}>
          <Title order={3} size="h4" id="listing-section-media">
            Images, brochure and floorplans
          </Title>
          <Text size="sm" c="dimmed">
            The hero image leads the listing. Images up to {MEDIA_LIMITS.imageMaxBytes / 1024 / 1024} MB
            (JPEG, PNG or WebP); brochure and floorplans up to {MEDIA_LIMITS.documentMaxBytes / 1024 / 1024}{' '}
            MB (PDF or image).
          </Text>
        </Stack>

        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600}>Images ({images.length})</Text>
            <FileButton
              onChange={(files) => void upload('image', files)}
              accept={MEDIA_LIMITS.imageMimeTypes.join(',')}
              multiple
            >
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  leftSection={<IconUpload size={14} aria-hidden />}
                >
                  Upload images
                </Button>
              )}
            </FileButton>
          </Group>
          {images.length === 0 ? (
            <Text size="sm" c="dimmed">
              No images yet.
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" role="list" aria-label="Listing images">
              {images.map((image, index) => (
                <Card key={image.id} withBorder padding="xs" role="listitem" aria-label={image.fileName}>
                  <Card.Section>
                    <Image src={image.thumbnailUrl} alt={image.fileName} h={110} fit="cover" />
                  </Card.Section>
                  <Group justify="space-between" mt="xs" gap={4} wrap="nowrap">
                    {image.isHero ? (
                      <Badge size="sm" leftSection={<IconStar size={10} aria-hidden />}>
                        Hero
                      </Badge>
                    ) : (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => void run(() => updateMedia(listing.id, { heroId: image.id }))}
                        aria-label={`Set ${image.fileName} as hero image`}
                      >
                        Set as hero
                      </Button>
                    )}
                    <Group gap={2} wrap="nowrap">
                      <Tooltip label="Move earlier">
                        <ActionIcon
                          size="sm"
                          variant="subtle"
                          disabled={index === 0}
                          aria-label={`Move ${image.fileName} earlier`}
                          onClick={() => move(images, index, -1)}
                        >
                          <IconArrowLeft size={14} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Move later">
                        <ActionIcon
                          size="sm"
                          variant="subtle"
                          disabled={index === images.length - 1}
                          aria-label={`Move ${image.fileName} later`}
                          onClick={() => move(images, index, 1)}
                        >
                          <IconArrowRight size={14} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Delete">
                        <ActionIcon
                          size="sm"
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${image.fileName}`}
                          onClick={() => void run(() => deleteMedia(listing.id, image.id))}
                        >
                          <IconTrash size={14} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          )}
        </Stack>

        <DocumentList
          title="Brochure"
          kind="brochure"
          items={listing.brochures}
          onUpload={upload}
          onDelete={(item) => void run(() => deleteMedia(listing.id, item.id))}
        />
        <DocumentList
          title="Floorplans"
          kind="floorplan"
          items={listing.floorplans}
          onUpload={upload}
          onDelete={(item) => void run(() => deleteMedia(listing.id, item.id))}
        />

        {uploads.length > 0 ? (
          <Stack gap="xs" aria-label="Uploads" role="list">
            {uploads.map((item) => (
              <Stack key={item.id} gap={2} role="listitem">
                <Group justify="space-between">
                  <Text size="sm">{item.name}</Text>
                  {item.error ? (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => setUploads((current) => current.filter((u) => u.id !== item.id))}
                    >
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
        ) : null}
      </Stack>
    </Paper>
  );
}

function DocumentList({
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
