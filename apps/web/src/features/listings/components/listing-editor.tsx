import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  AUSTRALIAN_STATES,
  CAMPAIGN_TYPES,
  checkStageChange,
  EDITABLE_SALES_STATUSES,
  type Listing,
  PROJECT_TYPE_LABELS,
  PROJECT_TYPES,
  SALES_PERIOD_STAGES,
  SALES_STATUS_LABELS,
  STAGE_LABELS,
  STAGES,
} from '@offplan/shared';
import { IconArrowLeft, IconExternalLink, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ListingCompleteness } from '../../projects/index.ts';
import { useListingAutosave } from '../hooks/use-listing-autosave.ts';
import { type ListingFormValues, newConfigurationRow, toFormValues } from '../lib/listing-form.ts';
import { AddressLookup } from './address-lookup.tsx';
import { MediaManager } from './media-manager.tsx';

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = `listing-section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} size="h4" id={id}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

const CAMPAIGN_LABELS: Record<(typeof CAMPAIGN_TYPES)[number], string> = {
  NONE: 'None (free listing)',
  CPL: 'Cost per lead (CPL)',
  CPS: 'Cost per sale (CPS)',
};

const SALES_PERIOD_LABELS: Record<(typeof SALES_PERIOD_STAGES)[number], string> = {
  EARLY: 'Early',
  MID: 'Mid',
  LATE: 'Late',
};

/**
 * The listing editor (design §2): every field in sections, saved automatically a moment after each
 * change, with the header save indicator showing saving → saved or the error (spec §4).
 */
export function ListingEditor({ listing }: { listing: Listing }) {
  const form = useForm<ListingFormValues>({ mode: 'controlled', initialValues: toFormValues(listing) });
  const isAdminEditor = listing.canEditCampaignType;

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

  // Stage moves forward only, unless the server says this user may move it back (design §2).
  const stageOptions = STAGES.filter(
    (stage) => checkStageChange(listing.stage, stage, listing.canMoveStageBack).ok,
  ).map((stage) => ({ value: stage, label: STAGE_LABELS[stage] }));

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

      <Section title="Status" description="Sales status and construction stage shown on the listing.">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Sales status"
            allowDeselect={false}
            data={EDITABLE_SALES_STATUSES.map((status) => ({
              value: status,
              label: SALES_STATUS_LABELS[status],
            }))}
            {...form.getInputProps('salesStatus')}
          />
          <Select
            label="Construction stage"
            allowDeselect={false}
            description={
              listing.canMoveStageBack ? undefined : 'The stage moves forward only; ask us to move it back.'
            }
            data={stageOptions}
            {...form.getInputProps('stage')}
          />
          <Select
            label="Sales period"
            clearable
            data={SALES_PERIOD_STAGES.map((stage) => ({ value: stage, label: SALES_PERIOD_LABELS[stage] }))}
            {...form.getInputProps('salesPeriodStage')}
          />
          {isAdminEditor ? (
            <Select
              label="Campaign type"
              description="Admins only."
              allowDeselect={false}
              data={CAMPAIGN_TYPES.map((type) => ({ value: type, label: CAMPAIGN_LABELS[type] }))}
              {...form.getInputProps('campaignType')}
            />
          ) : null}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Estimated completion quarter"
            clearable
            data={['1', '2', '3', '4'].map((quarter) => ({ value: quarter, label: `Q${quarter}` }))}
            {...form.getInputProps('estimatedCompletionQuarter')}
          />
          <NumberInput
            label="Estimated completion year"
            min={1990}
            max={2100}
            allowDecimal={false}
            thousandSeparator={false}
            {...form.getInputProps('estimatedCompletionYear')}
          />
        </SimpleGrid>
      </Section>

      <Section title="Location">
        <AddressLookup
          onPick={(result) =>
            form.setValues({
              address: {
                ...form.values.address,
                suburb: result.suburb,
                state: result.state,
                postcode: result.postcode,
                lga: result.lga ?? form.values.address.lga,
                lat: result.lat ?? form.values.address.lat,
                lng: result.lng ?? form.values.address.lng,
                ...(result.fullAddress ? { fullAddress: result.fullAddress } : {}),
                ...(result.streetNumber ? { streetNumber: result.streetNumber } : {}),
                ...(result.streetName ? { streetName: result.streetName } : {}),
              },
            })
          }
        />
        <TextInput label="Full address" {...form.getInputProps('address.fullAddress')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Street number" {...form.getInputProps('address.streetNumber')} />
          <TextInput label="Street name" {...form.getInputProps('address.streetName')} />
          <TextInput label="Suburb" {...form.getInputProps('address.suburb')} />
          <Select
            label="State"
            allowDeselect={false}
            data={[...AUSTRALIAN_STATES]}
            {...form.getInputProps('address.state')}
          />
          <TextInput
            label="Postcode"
            inputMode="numeric"
            maxLength={4}
            {...form.getInputProps('address.postcode')}
          />
          <TextInput label="Local government area" {...form.getInputProps('address.lga')} />
          <TextInput label="Country" {...form.getInputProps('address.country')} />
          <NumberInput
            label="Latitude"
            min={-90}
            max={90}
            decimalScale={7}
            {...form.getInputProps('address.lat')}
          />
          <NumberInput
            label="Longitude"
            min={-180}
            max={180}
            decimalScale={7}
            {...form.getInputProps('address.lng')}
          />
        </SimpleGrid>
      </Section>

      <Section
        title="Configurations"
        description="Each type of home for sale, with its price range and stock."
      >
        {form.values.configurations.length === 0 ? (
          <Text size="sm" c="dimmed">
            No configurations yet.
          </Text>
        ) : null}
        {form.values.configurations.map((row, index) => (
          <Paper key={row.key} withBorder p="sm" bg="var(--mantine-color-default-hover)">
            <Stack gap="xs" role="group" aria-label={`Configuration ${index + 1}`}>
              <Group align="flex-end" wrap="nowrap">
                <TextInput
                  label="Name"
                  placeholder="e.g. 2 bedroom apartment"
                  style={{ flex: 1 }}
                  {...form.getInputProps(`configurations.${index}.name`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove configuration ${index + 1}`}
                  onClick={() => form.removeListItem('configurations', index)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
              <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="xs">
                <NumberInput
                  label="Bedrooms"
                  min={0}
                  max={99}
                  allowDecimal={false}
                  {...form.getInputProps(`configurations.${index}.bedrooms`)}
                />
                <NumberInput
                  label="Bathrooms"
                  min={0}
                  max={99}
                  allowDecimal={false}
                  {...form.getInputProps(`configurations.${index}.bathrooms`)}
                />
                <NumberInput
                  label="Car spaces"
                  min={0}
                  max={99}
                  allowDecimal={false}
                  {...form.getInputProps(`configurations.${index}.carSpaces`)}
                />
                <NumberInput
                  label="Price from"
                  prefix="$"
                  min={0}
                  thousandSeparator=","
                  allowDecimal={false}
                  {...form.getInputProps(`configurations.${index}.priceFrom`)}
                />
                <NumberInput
                  label="Price to"
                  prefix="$"
                  min={0}
                  thousandSeparator=","
                  allowDecimal={false}
                  {...form.getInputProps(`configurations.${index}.priceTo`)}
                />
                <NumberInput
                  label="Internal size (m²)"
                  min={0}
                  decimalScale={2}
                  {...form.getInputProps(`configurations.${index}.internalSizeSqm`)}
                />
                <NumberInput
                  label="Stock available"
                  min={0}
                  allowDecimal={false}
                  {...form.getInputProps(`configurations.${index}.stockAvailable`)}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        ))}
        <Button
          variant="light"
          w="fit-content"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem('configurations', newConfigurationRow())}
        >
          Add configuration
        </Button>
      </Section>

      <Section title="Amenities">
        <TagsInput
          label="Amenities"
          description="Press Enter after each one."
          placeholder="e.g. Rooftop pool"
          clearable
          {...form.getInputProps('amenities')}
        />
      </Section>

      <MediaManager listing={listing} />

      <Section title="Video and website">
        <TextInput
          label="Video link"
          description="A YouTube link, e.g. https://youtu.be/abcdefghijk"
          {...form.getInputProps('videoUrl')}
        />
        <TextInput label="Website" placeholder="https://" {...form.getInputProps('website')} />
      </Section>

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
    </Stack>
  );
}
