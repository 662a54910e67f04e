import { Group, NativeSelect } from '@mantine/core';
import { type DashboardSort, DEFAULT_DASHBOARD_SORT } from '@offplan/shared';
import { deferredPopup } from '../../../lib/deferred-popup.tsx';
import { useDashboardFiltersStore, useDashboardSortStore } from '../../../stores/dashboard-store.ts';
import { countFiltersOff } from '../lib/dashboard-filters.ts';
import { FiltersButton } from './filters-button.tsx';

const SORT_OPTIONS: { value: string; label: string; sort: DashboardSort }[] = [
  { value: 'updatedAt:desc', label: 'Recently updated', sort: { by: 'updatedAt', order: 'desc' } },
  { value: 'updatedAt:asc', label: 'Least recently updated', sort: { by: 'updatedAt', order: 'asc' } },
  { value: 'createdAt:desc', label: 'Newest', sort: { by: 'createdAt', order: 'desc' } },
  { value: 'createdAt:asc', label: 'Oldest', sort: { by: 'createdAt', order: 'asc' } },
  { value: 'title:asc', label: 'Name A–Z', sort: { by: 'title', order: 'asc' } },
  { value: 'title:desc', label: 'Name Z–A', sort: { by: 'title', order: 'desc' } },
];

const sortValue = (sort: DashboardSort) => `${sort.by}:${sort.order}`;

/** The dashboard's filters popover: loaded on first use, its button drawn until then. */
const filtersPopover = deferredPopup<object>(() =>
  import('./dashboard-filters-popover.tsx').then((module) => module.DashboardFiltersPopover),
);

/** The dashboard's filter keys (spec §3, persisted, all on by default) and its sort (persisted). */
export function DashboardToolbar() {
  const off = useDashboardFiltersStore((state) => countFiltersOff(state.filters));
  const sort = useDashboardSortStore((state) => state.sort);
  const setSort = useDashboardSortStore((state) => state.setSort);

  return (
    <Group gap="sm" wrap="wrap">
      <filtersPopover.Component
        standIn={(handlers) => <FiltersButton off={off} aria-expanded={false} {...handlers} />}
      />
      {/* The browser's own list: no pop-up code to load for the dashboard, and a phone shows its
          native picker (issue 21). */}
      <NativeSelect
        aria-label="Sort projects"
        w={220}
        data={SORT_OPTIONS.map(({ value, label }) => ({ value, label }))}
        value={sortValue(sort ?? DEFAULT_DASHBOARD_SORT)}
        onChange={(event) => {
          const option = SORT_OPTIONS.find((candidate) => candidate.value === event.currentTarget.value);
          if (option) setSort(option.sort);
        }}
      />
    </Group>
  );
}
