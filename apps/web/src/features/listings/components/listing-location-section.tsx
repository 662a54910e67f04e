import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { AUSTRALIAN_STATES } from '@offplan/shared';
import type { ListingForm } from '../lib/listing-form.ts';
import { AddressLookup } from './address-lookup.tsx';
import { Section } from './listing-section.tsx';

/** The address, filled from the address lookup or typed field by field. */
export function ListingLocationSection({ form }: { form: ListingForm }) {
  return (
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
  );
}
