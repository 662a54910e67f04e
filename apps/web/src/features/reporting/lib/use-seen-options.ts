import { useRef } from 'react';

export type FilterOption = { value: string; label: string };

/**
 * Every option the report has offered so far, by label. A narrowed answer names only what it covers
 * (one agent, the chosen projects): without this, choosing one would empty the list of the others.
 */
export function useSeenOptions(options: FilterOption[]): FilterOption[] {
  const seen = useRef(new Map<string, string>());
  for (const option of options) seen.current.set(option.value, option.label);
  return [...seen.current]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
