import { Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  AUSTRALIAN_STATES,
  BUYER_TYPE_LABELS,
  BUYER_TYPES,
  type BuyerDemandQuery,
  buyerDemandQuerySchema,
  DEMAND_GROUPING_LABELS,
  DEMAND_GROUPINGS,
  DEMAND_SOURCE_FILTER_LABELS,
  DEMAND_SOURCE_FILTERS,
  type DemandGrouping,
  type DemandSourceFilter,
} from '@offplan/shared';
import { useId } from 'react';
import { sydneyToday } from '../../../lib/dates.ts';
import { PERIOD_PRESET_LABELS, PERIOD_PRESETS, type PeriodPreset } from '../lib/demand-table.ts';

export type DemandFilterState = Omit<BuyerDemandQuery, 'state'> & {
  state: BuyerDemandQuery['state'] | null;
  preset: PeriodPreset;
};

const PRESET_OPTIONS = PERIOD_PRESETS.map((value) => ({ value, label: PERIOD_PRESET_LABELS[value] }));
const STATE_OPTIONS = AUSTRALIAN_STATES.map((value) => ({ value, label: value }));
const SOURCE_OPTIONS = DEMAND_SOURCE_FILTERS.map((value) => ({
  value,
  label: DEMAND_SOURCE_FILTER_LABELS[value],
}));
const BUYER_TYPE_OPTIONS = BUYER_TYPES.map((value) => ({
  value,
  label: value === 'ALL' ? 'All buyer types' : BUYER_TYPE_LABELS[value],
}));
const GROUPING_OPTIONS = DEMAND_GROUPINGS.map((value) => ({ value, label: DEMAND_GROUPING_LABELS[value] }));

/** The dates' messages, as the API would answer them (the same shared schema). */
export function dateErrors(filters: DemandFilterState): { startDate?: string; endDate?: string } {
  const result = buyerDemandQuerySchema.safeParse({ startDate: filters.startDate, endDate: filters.endDate });
  const errors: { startDate?: string; endDate?: string } = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'startDate' || field === 'endDate') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Period (a preset or two dates), state, source, buyer type and the grouping of /buyer-demands. */
export function DemandFilters({
  filters,
  onChange,
  onPreset,
}: {
  filters: DemandFilterState;
  onChange: (change: Partial<DemandFilterState>) => void;
  onPreset: (preset: PeriodPreset) => void;
}) {
  const errors = dateErrors(filters);
  const sourceLabel = useId();
  const groupLabel = useId();
  const today = sydneyToday();
  return (
    <Paper withBorder p="md" component="section" aria-label="Filters">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="sm" verticalSpacing="sm">
          <Select
            label="Period"
            data={PRESET_OPTIONS}
            value={filters.preset}
            allowDeselect={false}
            onChange={(value) => value && onPreset(value as PeriodPreset)}
          />
          <TextInput
            type="date"
            label="From"
            max={today}
            value={filters.startDate}
            error={errors.startDate}
            onChange={(event) => onChange({ startDate: event.currentTarget.value, preset: 'CUSTOM' })}
          />
          <TextInput
            type="date"
            label="To"
            max={today}
            value={filters.endDate}
            error={errors.endDate}
            onChange={(event) => onChange({ endDate: event.currentTarget.value, preset: 'CUSTOM' })}
          />
          <Select
            label="State"
            placeholder="All states"
            data={STATE_OPTIONS}
            value={filters.state}
            clearable
            onChange={(value) => onChange({ state: (value as DemandFilterState['state']) ?? null })}
          />
          <Select
            label="Buyer type"
            data={BUYER_TYPE_OPTIONS}
            value={filters.buyerType}
            allowDeselect={false}
            onChange={(value) => value && onChange({ buyerType: value as DemandFilterState['buyerType'] })}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500} id={sourceLabel}>
              Source
            </Text>
            <SegmentedControl
              aria-labelledby={sourceLabel}
              data={SOURCE_OPTIONS}
              value={filters.source}
              onChange={(value) => onChange({ source: value as DemandSourceFilter })}
              fullWidth
            />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500} id={groupLabel}>
              Group by
            </Text>
            <SegmentedControl
              aria-labelledby={groupLabel}
              data={GROUPING_OPTIONS}
              value={filters.groupBy}
              onChange={(value) => onChange({ groupBy: value as DemandGrouping })}
              fullWidth
            />
          </Stack>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
