import {
  Button,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  BUYER_TYPE_LABELS,
  BUYER_TYPES,
  CALENDAR_GRANULARITIES,
  type CalendarGranularity,
  reportRangeSchema,
  STAGE_LABELS,
  STAGES,
} from '@offplan/shared';
import { IconFilterOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { sydneyToday } from '../../../lib/dates.ts';
import { hasReportFilterMarker, useReportingStore } from '../../../stores/reporting-store.ts';
import { type ReportRange, resolveRange } from '../lib/report-range.ts';
import type { FilterOption } from '../lib/use-seen-options.ts';

export type { FilterOption } from '../lib/use-seen-options.ts';

const PERIOD_LABELS: Record<CalendarGranularity, string> = { MONTH: 'Month', WEEK: 'Week', DAY: 'Day' };
const PERIOD_OPTIONS = CALENDAR_GRANULARITIES.map((value) => ({ value, label: PERIOD_LABELS[value] }));
const BUYER_TYPE_OPTIONS = BUYER_TYPES.map((value) => ({
  value,
  label: value === 'ALL' ? 'All buyer types' : BUYER_TYPE_LABELS[value],
}));
const STAGE_OPTIONS = STAGES.map((value) => ({ value, label: STAGE_LABELS[value] }));

/** The range's first message, as the API would answer it (the same shared schema). */
function rangeError(range: ReportRange): { startDate?: string; endDate?: string } {
  const result = reportRangeSchema.safeParse(range);
  if (result.success) return {};
  const errors: { startDate?: string; endDate?: string } = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'startDate' || field === 'endDate') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Start and end dates: typed into a draft, applied once the pair is a range the API accepts. */
function DateRangeFields() {
  const startDate = useReportingStore((state) => state.startDate);
  const endDate = useReportingStore((state) => state.endDate);
  const minStartDate = useReportingStore((state) => state.minStartDate);
  const select = useReportingStore((state) => state.select);
  const { startDate: appliedStart, endDate: appliedEnd } = resolveRange({ startDate, endDate });
  const [draft, setDraft] = useState<ReportRange>({ startDate: appliedStart, endDate: appliedEnd });
  // A reset or another page's change moves the applied range under the fields: show it.
  useEffect(() => setDraft({ startDate: appliedStart, endDate: appliedEnd }), [appliedStart, appliedEnd]);
  const errors = rangeError(draft);
  const today = sydneyToday();

  const change = (field: keyof ReportRange, value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (Object.keys(rangeError(next)).length === 0) select(next);
  };
  return (
    <>
      <TextInput
        type="date"
        label="From"
        min={minStartDate}
        max={today}
        value={draft.startDate}
        error={errors.startDate}
        onChange={(event) => change('startDate', event.currentTarget.value)}
      />
      <TextInput
        type="date"
        label="To"
        min={minStartDate}
        max={today}
        value={draft.endDate}
        error={errors.endDate}
        onChange={(event) => change('endDate', event.currentTarget.value)}
      />
    </>
  );
}

export type ReportFiltersProps =
  | { report: 'listingPerformance'; projects: FilterOption[] }
  | { report: 'buyerFeedback'; projects: FilterOption[]; agents: FilterOption[] };

function ListingPerformanceFilters({ projects }: { projects: FilterOption[] }) {
  const selectedProjects = useReportingStore((state) => state.selectedProjects);
  const constructionStatus = useReportingStore((state) => state.constructionStatus);
  const select = useReportingStore((state) => state.select);
  return (
    <>
      <MultiSelect
        label="Projects"
        placeholder={selectedProjects.length === 0 ? 'All your projects' : undefined}
        data={projects}
        value={selectedProjects.map(String)}
        onChange={(values) => select({ selectedProjects: values.map(Number) })}
        searchable
        clearable
      />
      <Select
        label="Construction status"
        placeholder="Any stage"
        data={STAGE_OPTIONS}
        value={constructionStatus}
        onChange={(value) => select({ constructionStatus: (value as typeof constructionStatus) ?? null })}
        clearable
      />
    </>
  );
}

function BuyerFeedbackFilters({ projects, agents }: { projects: FilterOption[]; agents: FilterOption[] }) {
  const feedbackProject = useReportingStore((state) => state.feedbackProject);
  const feedbackAgent = useReportingStore((state) => state.feedbackAgent);
  const select = useReportingStore((state) => state.select);
  return (
    <>
      <Select
        label="Project"
        placeholder="All your projects"
        data={projects}
        value={feedbackProject === null ? null : String(feedbackProject)}
        onChange={(value) => select({ feedbackProject: value ? Number(value) : null })}
        searchable
        clearable
      />
      <Select
        label="Agent"
        placeholder="All agents"
        data={agents}
        value={feedbackAgent}
        onChange={(value) => select({ feedbackAgent: value ?? null })}
        searchable
        clearable
      />
    </>
  );
}

/** The report's filters, read from and written to the reporting state (spec §3), so they persist. */
export function ReportFilters(props: ReportFiltersProps) {
  const period = useReportingStore((state) => state.period);
  const buyerType = useReportingStore((state) => state.buyerType);
  const select = useReportingStore((state) => state.select);
  const resetSelections = useReportingStore((state) => state.resetSelections);
  // Re-read on every render: the store's changes re-render this component and set the marker.
  const changed = hasReportFilterMarker();
  return (
    <Paper withBorder p="md" component="section" aria-label="Report filters">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
          <DateRangeFields />
          <Select
            label="Buyer type"
            data={BUYER_TYPE_OPTIONS}
            value={buyerType}
            allowDeselect={false}
            onChange={(value) => value && select({ buyerType: value as typeof buyerType })}
          />
          {props.report === 'listingPerformance' ? (
            <ListingPerformanceFilters projects={props.projects} />
          ) : (
            <BuyerFeedbackFilters projects={props.projects} agents={props.agents} />
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500} id="report-period-label">
              Period
            </Text>
            <SegmentedControl
              aria-labelledby="report-period-label"
              data={PERIOD_OPTIONS}
              value={period}
              onChange={(value) => select({ period: value as CalendarGranularity })}
              fullWidth
            />
          </Stack>
        </SimpleGrid>
        {changed ? (
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconFilterOff size={14} stroke={1.6} />}
            onClick={resetSelections}
            style={{ alignSelf: 'flex-start' }}
          >
            Reset filters
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
