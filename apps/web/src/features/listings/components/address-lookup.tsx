import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { GazetteerResult } from '@offplan/shared';
import { IconMapSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useGazetteer } from '../api/listing.ts';

const optionLabel = (result: GazetteerResult) => result.fullAddress ?? result.label;

/** Looks a suburb, postcode or address up in the gazetteer (design §2) and hands back the pick. */
export function AddressLookup({ onPick }: { onPick: (result: GazetteerResult) => void }) {
  const [value, setValue] = useState('');
  const [q] = useDebouncedValue(value, 200);
  const { data, isFetching } = useGazetteer(q);
  const results = data?.results ?? [];
  const labels = [...new Set(results.map(optionLabel))];

  return (
    <Autocomplete
      label="Look up the suburb or address"
      description="Fills suburb, state, postcode, council area and map position."
      placeholder="e.g. Parramatta or 2150"
      leftSection={<IconMapSearch size={16} aria-hidden />}
      rightSection={isFetching ? <Loader size="xs" /> : null}
      data={labels}
      value={value}
      onChange={setValue}
      filter={({ options }) => options}
      onOptionSubmit={(label) => {
        const picked = results.find((result) => optionLabel(result) === label);
        if (picked) onPick(picked);
        setValue('');
      }}
    />
  );
}
