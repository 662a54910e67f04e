import { Badge, Button, Checkbox, Group, Popover, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import {
  type DashboardSort,
  useDashboardFiltersStore,
  useDashboardSortStore,
} from '../../../stores/dashboard-store.ts';
import {
  countFiltersOff,
  DASHBOARD_FILTER_GROUPS,
  DEFAULT_DASHBOARD_SORT,
} from '../lib/dashboard-filters.ts';

const SORT_OPTIONS: { value: string; label: string; sort: DashboardSort }[] = [
  { value: 'updatedAt:desc', label: 'Recently updated', sort: { by: 'updatedAt', order: 'desc' } },
  { value: 'updatedAt:asc', label: 'Least recently updated', sort: { by: 'updatedAt', order: 'asc' } },
  { value: 'createdAt:desc', label: 'Newest', sort: { by: 'createdAt', order: 'desc' } },
  { value: 'createdAt:asc', label: 'Oldest', sort: { by: 'createdAt', order: 'asc' } },
  { value: 'title:asc', label: 'Name A–Z', sort: { by: 'title', order: 'asc' } },
  { value: 'title:desc', label: 'Name Z–A', sort: { by: 'title', order: 'desc' } },
];

const sortValue = (sort: DashboardSort) => `${sort.by}:${sort.order}`;

/** The dashboard's filter keys (spec §3, persisted, all on by default) and its sort (persisted). */
export function DashboardToolbar() {
  const filters = useDashboardFiltersStore((state) => state.filters);
  const setFilter = useDashboardFiltersStore((state) => state.setFilter);
  const resetFilters = useDashboardFiltersStore((state) => state.resetFilters);
  const sort = useDashboardSortStore((state) => state.sort);
  const setSort = useDashboardSortStore((state) => state.setSort);
  const off = countFiltersOff(filters);

  return (
    <Group gap="sm" wrap="wrap">
      <Popover position="bottom-end" shadow="md" width={560} withinPortal>
        <Popover.Target>
          <Button
            variant="default"
            leftSection={<IconFilter size={16} aria-hidden />}
            rightSection={
              off > 0 ? (
                <Badge size="sm" circle aria-label={`${off} filters off`}>
                  {off}
                </Badge>
              ) : null
            }
          >
            Filters
          </Button>
        </Popover.Target>
        <Popover.Dropdown aria-label="Dashboard filters">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md">
              {DASHBOARD_FILTER_GROUPS.map((group) => (
                <Stack key={group.id} gap={6} role="group" aria-label={group.label}>
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                    {group.label}
                  </Text>
                  {group.options.map((option) => (
                    <Checkbox
                      key={option.key}
                      size="xs"
                      label={option.label}
                      checked={filters[option.key]}
                      onChange={(event) => setFilter(option.key, event.currentTarget.checked)}
                    />
                  ))}
                </Stack>
              ))}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button size="xs" variant="subtle" onClick={resetFilters} disabled={off === 0}>
                Show all
              </Button>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <Select
        aria-label="Sort projects"
        w={220}
        allowDeselect={false}
        data={SORT_OPTIONS.map(({ value, label }) => ({ value, label }))}
        value={sortValue(sort ?? DEFAULT_DASHBOARD_SORT)}
        onChange={(value) => {
          const option = SORT_OPTIONS.find((candidate) => candidate.value === value);
          if (option) setSort(option.sort);
        }}
      />
    </Group>
  );
}
