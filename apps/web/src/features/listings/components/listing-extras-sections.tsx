import { SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import type { ListingForm } from '../lib/listing-form.ts';
import { Section } from './listing-section.tsx';

/** Amenities, one tag each. */
export function ListingAmenitiesSection({ form }: { form: ListingForm }) {
  return (
    <Section title="Amenities">
      <TagsInput
        label="Amenities"
        description="Press Enter after each one."
        placeholder="e.g. Rooftop pool"
        clearable
        {...form.getInputProps('amenities')}
      />
    </Section>
  );
}

/** The video link and the project website. */
export function ListingVideoSection({ form }: { form: ListingForm }) {
  return (
    <Section title="Video and website">
      <TextInput
        label="Video link"
        description="A YouTube link, e.g. https://youtu.be/abcdefghijk"
        {...form.getInputProps('videoUrl')}
      />
      <TextInput label="Website" placeholder="https://" {...form.getInputProps('website')} />
    </Section>
  );
}

/** Where and when the display suite is open. */
export function ListingDisplaySuiteSection({ form }: { form: ListingForm }) {
  return (
    <Section title="Display suite">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Display suite address" {...form.getInputProps('displaySuiteAddress')} />
        <TextInput
          label="Opening hours"
          placeholder="e.g. Sat–Sun 10am–4pm"
          {...form.getInputProps('displaySuiteHours')}
        />
      </SimpleGrid>
    </Section>
  );
}
