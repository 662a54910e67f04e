import { Alert, Group, Loader, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { BuyerDemandAnswer, BuyerDemandQuery } from '@offplan/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { buyerDemandsQueryOptions } from '../api/buyer-demands.ts';
import { type PeriodPreset, presetRange, shownRows } from '../lib/demand-table.ts';
import { type DemandFilterState, DemandFilters, dateErrors } from './demand-filters.tsx';
import { DemandChart, DemandFigures, DemandTable } from './demand-report.tsx';

/** The page's first filters: the last 12 months, every state, both sources, grouped by suburb. */
export function initialDemandFilters(now: Date = new Date()): DemandFilterState {
  return {
    preset: 'LAST_12_MONTHS',
    ...presetRange('LAST_12_MONTHS', now),
    state: null,
    source: 'BOTH',
    buyerType: 'ALL',
    groupBy: 'SUBURB',
  };
}

const queryOf = ({ preset: _preset, state, ...rest }: DemandFilterState): BuyerDemandQuery => ({
  ...rest,
  ...(state ? { state } : {}),
});

function EmptyDemand() {
  return (
    <Paper withBorder p="lg" role="status">
      <Stack gap={4}>
        <Text fw={600}>No buyer demand in this period</Text>
        <Text size="sm" c="dimmed">
          Nothing was asked for with these filters. Choose a longer period, every state, both sources or all
          buyer types. Enquiries count as buyers enquire on listings; searches as the marketplace reports
          them.
        </Text>
      </Stack>
    </Paper>
  );
}

function DemandReport({ answer }: { answer: BuyerDemandAnswer }) {
  const [outrunningOnly, setOutrunningOnly] = useState(false);
  if (answer.rows.length === 0) return <EmptyDemand />;
  const rows = shownRows(answer, outrunningOnly && answer.comparesSupply);
  return (
    <Stack gap="md">
      <DemandFigures answer={answer} />
      {rows.length > 0 ? <DemandChart answer={answer} rows={rows} /> : null}
      <DemandTable
        answer={answer}
        rows={rows}
        outrunningOnly={outrunningOnly}
        onOutrunningOnly={setOutrunningOnly}
      />
    </Stack>
  );
}

/** /buyer-demands (issue 19, platform admins): what buyers ask for, beside what is for sale. */
export function BuyerDemandsPage() {
  const [filters, setFilters] = useState(initialDemandFilters);
  // The last filters the API accepts: dates being typed (or the wrong way round) wait at the fields.
  const [applied, setApplied] = useState(filters);
  const change = (next: DemandFilterState) => {
    setFilters(next);
    if (Object.keys(dateErrors(next)).length === 0) setApplied(next);
  };
  const report = useQuery({
    ...buyerDemandsQueryOptions(queryOf(applied)),
    placeholderData: keepPreviousData,
  });
  const updating = report.isPlaceholderData && report.isFetching;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        What buyers ask for in enquiries and marketplace searches, beside what is for sale: find where demand
        outruns supply and tell developers.
      </Text>
      <DemandFilters
        filters={filters}
        onChange={(partial) => change({ ...filters, ...partial })}
        onPreset={(preset: PeriodPreset) =>
          change({ ...filters, preset, ...(preset === 'CUSTOM' ? {} : presetRange(preset)) })
        }
      />
      <Stack gap="sm" aria-busy={report.isFetching}>
        {updating ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Updating…
            </Text>
          </Group>
        ) : null}
        {report.isError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Buyer demand could not be loaded"
          >
            {report.error.message}
          </Alert>
        ) : null}
        {report.data ? (
          <div style={{ opacity: updating ? 0.55 : 1, transition: 'opacity 150ms' }}>
            <DemandReport key={`${report.data.groupBy}`} answer={report.data} />
          </div>
        ) : report.isPending ? (
          <Stack gap="md" aria-label="Loading buyer demand">
            <Skeleton h={96} radius="md" />
            <Skeleton h={320} radius="md" />
          </Stack>
        ) : null}
      </Stack>
    </Stack>
  );
}
