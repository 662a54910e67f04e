import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { PROJECT_TYPE_LABELS, PROJECT_TYPES } from '@offplan/shared';
import type { ListingForm } from '../lib/listing-form.ts';
import { Section } from './listing-section.tsx';

/** Title, names, description, building and project type, and the companies behind it. */
export function ListingBasicsSection({ form }: { form: ListingForm }) {
  return (
    <Section title="Basics" description="What buyers see first.">
      <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
      <TextInput
        label="Internal name"
        description="How your team refers to the project; not shown to buyers."
        {...form.getInputProps('name')}
      />
      <Textarea label="Description" rows={8} resize="vertical" {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Building type"
          allowDeselect={false}
          data={[
            { value: 'APARTMENTS', label: 'Apartments' },
            { value: 'TOWNHOUSES', label: 'Townhouses' },
          ]}
          {...form.getInputProps('buildingType')}
        />
        <Select
          label="Project type"
          clearable
          data={PROJECT_TYPES.map((type) => ({ value: type, label: PROJECT_TYPE_LABELS[type] }))}
          {...form.getInputProps('projectType')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Developer" {...form.getInputProps('developerName')} />
        <TextInput label="Builder" {...form.getInputProps('builderName')} />
        <TextInput label="Project marketer" {...form.getInputProps('marketerName')} />
      </SimpleGrid>
    </Section>
  );
}
