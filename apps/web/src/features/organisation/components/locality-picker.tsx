import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { GazetteerResult } from '@offplan/shared';
import { IconMapSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLocalities } from '../api/organisation.ts';

type LocalityPickerProps = {
  /** "Suburb STATE 0000" of the chosen locality ('' when none). */
  value: string;
  error?: string | null;
  onPick: (locality: Pick<GazetteerResult, 'suburb' | 'state' | 'postcode'> | null) => void;
};

/**
 * The suburb, state and postcode of the address, chosen from the bundled gazetteer (decision 030): typing
 * searches; only a pick from the list sets them, so the API's check of the locality always passes.
 */
export function LocalityPicker({ value, error, onPick }: LocalityPickerProps) {
  const [typed, setTyped] = useState(value);
  useEffect(() => setTyped(value), [value]);
  const [q] = useDebouncedValue(typed, 200);
  const { data, isFetching } = useLocalities(q === value ? '' : q);
  const results = data?.results.filter((result) => result.source === 'gazetteer') ?? [];

  return (
    <Autocomplete
      label="Suburb, state and postcode"
      description="Start typing and choose from the list."
      placeholder="e.g. Parramatta or 2150"
      leftSection={<IconMapSearch size={16} aria-hidden />}
      rightSection={isFetching ? <Loader size="xs" /> : null}
      data={[...new Set(results.map((result) => result.label))]}
      value={typed}
      error={error}
      onChange={(next) => {
        setTyped(next);
        if (next.trim() === '') onPick(null);
      }}
      onBlur={() => setTyped(value)}
      filter={({ options }) => options}
      onOptionSubmit={(label) => {
        const picked = results.find((result) => result.label === label);
        if (picked) onPick(picked);
      }}
    />
  );
}
