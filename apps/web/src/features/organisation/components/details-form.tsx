import { Button, Group, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  ORGANISATION_DETAILS_LIMITS,
  ORGANISATION_VISIBILITIES,
  ORGANISATION_VISIBILITY_DESCRIPTIONS,
  ORGANISATION_VISIBILITY_LABELS,
  type OrganisationDetails,
  type OrganisationDetailsFormValues,
  type OrganisationVisibility,
  organisationDetailsInputSchema,
} from '@offplan/shared';
import { FormError } from '../../../components/form-error.tsx';
import { fieldErrorsFrom, formErrorOf } from '../../../lib/form-errors.ts';
import { notifications } from '../../../lib/toasts.ts';
import { useUpdateOrganisation } from '../api/organisation.ts';
import { formValuesOf, localityLabel } from '../lib/organisation-format.ts';
import { LocalityPicker } from './locality-picker.tsx';

/** The API's field names are the form's; an address refusal belongs at the locality. */
const FIELD_NAMES = {
  name: 'name',
  abn: 'abn',
  website: 'website',
  phone: 'phone',
  address: 'address.suburb',
  'address.street': 'address.street',
  'address.suburb': 'address.suburb',
  about: 'about',
  visibility: 'visibility',
};

/** The details an owner or admin edits, validated with the API's own schema as they type and leave a field. */
export function DetailsForm({ details }: { details: OrganisationDetails }) {
  const update = useUpdateOrganisation();
  const form = useForm<OrganisationDetailsFormValues>({
    initialValues: formValuesOf(details),
    validate: schemaResolver(organisationDetailsInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const address = form.getValues().address;
  const localityError = [
    form.errors['address.suburb'],
    form.errors['address.state'],
    form.errors['address.postcode'],
  ]
    .filter((message) => typeof message === 'string')
    .at(0);

  const handleSubmit = form.onSubmit((values) => {
    update.mutate(values, {
      onSuccess: (saved) => {
        form.setValues(formValuesOf(saved));
        form.resetDirty(formValuesOf(saved));
        notifications.show({
          color: 'green',
          title: 'Details saved',
          message: `${saved.name} is up to date.`,
        });
      },
      onError: (error) => {
        const fields = fieldErrorsFrom(error, FIELD_NAMES);
        if (fields) form.setErrors(fields);
      },
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Organisation details">
      <Stack gap="md">
        <FormError message={formErrorOf(update.error, FIELD_NAMES)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Name"
            withAsterisk
            maxLength={ORGANISATION_DETAILS_LIMITS.name}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="ABN"
            placeholder="e.g. 51 824 753 556"
            inputMode="numeric"
            {...form.getInputProps('abn')}
          />
          <TextInput
            label="Website"
            placeholder="https://www.example.com.au"
            {...form.getInputProps('website')}
          />
          <TextInput
            label="Phone"
            placeholder="e.g. 02 9876 5432"
            type="tel"
            {...form.getInputProps('phone')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Street address"
            placeholder="e.g. Level 14, 60 Margaret Street"
            {...form.getInputProps('address.street')}
          />
          <LocalityPicker
            value={localityLabel(address)}
            error={localityError}
            onPick={(locality) => {
              form.setFieldValue('address', {
                ...form.getValues().address,
                suburb: locality?.suburb ?? '',
                state: locality?.state ?? '',
                postcode: locality?.postcode ?? '',
              });
              form.clearFieldError('address.suburb');
            }}
          />
        </SimpleGrid>
        <Textarea
          label="About"
          description={`What buyers and partners should know about you; up to ${ORGANISATION_DETAILS_LIMITS.about.toLocaleString('en-AU')} characters.`}
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('about')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="organisation-visibility">
            Visibility
          </Text>
          <SegmentedControl
            aria-labelledby="organisation-visibility"
            data={ORGANISATION_VISIBILITIES.map((value) => ({
              value,
              label: ORGANISATION_VISIBILITY_LABELS[value],
            }))}
            value={form.getValues().visibility}
            onChange={(value) => form.setFieldValue('visibility', value as OrganisationVisibility)}
            maw={320}
          />
          <Text size="xs" c="dimmed">
            {ORGANISATION_VISIBILITY_DESCRIPTIONS[form.getValues().visibility]}
          </Text>
        </Stack>
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
