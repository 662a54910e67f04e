import { Loader, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

type UsersSearchProps = {
  /** The search in the URL. */
  value: string;
  onSearch: (q: string) => void;
  searching?: boolean;
};

/** The /users search box: typed freely, applied (to the URL) once typing pauses. */
export function UsersSearch({ value, onSearch, searching = false }: UsersSearchProps) {
  const [text, setText] = useState(value);
  const applied = useRef(value);
  const search = useDebouncedCallback((next: string) => {
    applied.current = next.trim();
    onSearch(next.trim());
  }, SEARCH_DEBOUNCE_MS);

  // Back and forward change the URL's search under the box: show it.
  useEffect(() => {
    if (value !== applied.current) {
      applied.current = value;
      setText(value);
    }
  }, [value]);

  return (
    <TextInput
      type="search"
      aria-label="Search users"
      placeholder="Search by name, email or organisation"
      leftSection={<IconSearch size={16} stroke={1.6} />}
      rightSection={searching ? <Loader size="xs" /> : null}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          search.cancel();
          applied.current = text.trim();
          onSearch(text.trim());
        }
      }}
      w={{ base: '100%', xs: 380 }}
    />
  );
}
