import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Listing } from '@offplan/shared';
import { IconArrowLeft, IconExternalLink } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ListingCompleteness } from '../../projects/index.ts';
import { useListingAutosave } from '../hooks/use-listing-autosave.ts';
import { type ListingFormValues, toFormValues } from '../lib/listing-form.ts';
import { ListingBasicsSection } from './listing-basics-section.tsx';
import { ListingConfigurationsSection } from './listing-configurations-section.tsx';
import {
  ListingAmenitiesSection,
  ListingDisplaySuiteSection,
  ListingVideoSection,
} from './listing-extras-sections.tsx';
import { ListingLocationSection } from './listing-location-section.tsx';
import { ListingStatusSection } from './listing-status-section.tsx';
import { MediaManager } from './media-manager.tsx';

/**
 * The listing editor (design §2): every field in sections, saved automatically a moment after each
 * change, with the header save indicator showing saving → saved or the error (spec §4).
 */
export function ListingEditor({ listing }: { listing: Listing }) {
  const form = useForm<ListingFormValues>({ mode: 'controlled', initialValues: toFormValues(listing) });

  useListingAutosave({
    listing,
    values: form.values,
    omit: listing.canEditCampaignType ? [] : ['campaignType'],
    onFieldErrors: (errors, cleared) => {
      const kept = Object.fromEntries(
        Object.entries(form.errors).filter(
          ([path]) => !cleared.some((key) => path === key || path.startsWith(`${key}.`)),
        ),
      );
      form.setErrors({ ...kept, ...errors });
    },
    onSaved: (answer, sent) => {
      if (!sent.includes('configurations')) return;
      // New rows get their ids, so the next save updates them rather than adding them again.
      form.values.configurations.forEach((row, index) => {
        const savedRow = answer.configurations[index];
        if (row.id === undefined && savedRow) form.setFieldValue(`configurations.${index}.id`, savedRow.id);
      });
    },
  });

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Button
            variant="subtle"
            size="compact-sm"
            renderRoot={(props) => (
              <Link {...props} to="/projects/$id/summary" params={{ id: String(listing.id) }} />
            )}
            leftSection={<IconArrowLeft size={14} aria-hidden />}
            w="fit-content"
          >
            Project summary
          </Button>
          <Title order={2}>{form.values.title || listing.title}</Title>
          <Text size="sm" c="dimmed">
            Changes save automatically.
          </Text>
        </Stack>
        <Button
          variant="default"
          component="a"
          href={listing.publicPath}
          target="_blank"
          rel="noopener"
          rightSection={<IconExternalLink size={14} aria-hidden />}
        >
          View public page
        </Button>
      </Group>

      <Paper withBorder p="md" maw={520}>
        <ListingCompleteness projectId={listing.id} facts={listing.completeness} canEdit={false} />
      </Paper>

      <ListingBasicsSection form={form} />
      <ListingStatusSection form={form} listing={listing} />
      <ListingLocationSection form={form} />
      <ListingConfigurationsSection form={form} />
      <ListingAmenitiesSection form={form} />
      <MediaManager listing={listing} />
      <ListingVideoSection form={form} />
      <ListingDisplaySuiteSection form={form} />
    </Stack>
  );
}
