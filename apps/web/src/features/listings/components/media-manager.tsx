import { Paper, Stack, Text, Title } from '@mantine/core';
import { type Listing, MEDIA_LIMITS } from '@offplan/shared';
import { deleteMedia } from '../api/media.ts';
import { useMediaAction, useMediaUploads } from '../hooks/use-media-uploads.ts';
import { DocumentList } from './media-documents.tsx';
import { MediaImages } from './media-images.tsx';
import { MediaUploads } from './media-uploads.tsx';

/** Images (ordered, one hero), brochure and floorplans of a listing (design §2). */
export function MediaManager({ listing }: { listing: Listing }) {
  const { uploads, upload, dismiss } = useMediaUploads(listing.id);
  const run = useMediaAction(listing.id);

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

        <MediaImages listing={listing} run={run} onUpload={upload} />

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

        <MediaUploads uploads={uploads} onDismiss={dismiss} />
      </Stack>
    </Paper>
  );
}
