import { Button, Checkbox, Group, Popover, SimpleGrid, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { type PopupTakeover, usePopupTakeover } from '../../../lib/deferred-popup.tsx';
import { useDashboardFiltersStore } from '../../../stores/dashboard-store.ts';
import { countFiltersOff, DASHBOARD_FILTER_GROUPS } from '../lib/dashboard-filters.ts';
import { FiltersButton } from './filters-button.tsx';

/**
 * The dashboard's filter keys (spec §3, persisted, all on by default) in a popover. Loaded on first use
 * (`deferredPopup` in dashboard-toolbar.tsx), when it takes over from its button.
 */
export function DashboardFiltersPopover({ openAtMount, focusAtMount }: PopupTakeover) {
  const filters = useDashboardFiltersStore((state) => state.filters);
  const setFilter = useDashboardFiltersStore((state) => state.setFilter);
  const resetFilters = useDashboardFiltersStore((state) => state.resetFilters);
  const off = countFiltersOff(filters);
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = usePopupTakeover(target, { openAtMount, focusAtMount });

  return (
    <Popover position="bottom-end" shadow="md" width={560} withinPortal opened={opened} onChange={setOpened}>
      <Popover.Target>
        {/* A controlled popover leaves its target's presses to it. The focus stays on the button (the
            popover does not trap it), so Escape closes from there too. */}
        <FiltersButton
          ref={target}
          off={off}
          onClick={() => setOpened(!opened)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && opened) setOpened(false);
          }}
        />
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
  );
}
