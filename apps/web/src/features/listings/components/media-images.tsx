import {
  ActionIcon,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { type Listing, type ListingMediaItem, MEDIA_LIMITS, type MediaKind } from '@offplan/shared';
import { IconArrowLeft, IconArrowRight, IconStar, IconTrash, IconUpload } from '@tabler/icons-react';
import { deleteMedia, updateMedia } from '../api/media.ts';

type MediaImagesProps = {
  listing: Listing;
  run: (action: () => Promise<unknown>) => Promise<boolean>;
  onUpload: (kind: MediaKind, files: File[]) => Promise<void>;
};

/** The listing's images in order: upload, set the hero, move earlier or later, delete. */
export function MediaImages({ listing, run, onUpload }: MediaImagesProps) {
  const move = (images: ListingMediaItem[], index: number, by: -1 | 1) => {
    const order = images.map((image) => image.id);
    const [moved] = order.splice(index, 1);
    if (moved === undefined) return;
    order.splice(index + by, 0, moved);
    void run(() => updateMedia(listing.id, { order }));
  };

  const images = [...listing.images].sort((a, b) => a.position - b.position);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600}>Images ({images.length})</Text>
        <FileButton
          onChange={(files) => void onUpload('image', files)}
          accept={MEDIA_LIMITS.imageMimeTypes.join(',')}
          multiple
        >
          {(props) => (
            <Button {...props} size="xs" variant="light" leftSection={<IconUpload size={14} aria-hidden />}>
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
                    // The name starts with the words on the button, so speech users can say what they see.
                    aria-label={`Set as hero: ${image.fileName}`}
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
  );
}
