import { Group, Stack, Text, Title } from '@mantine/core';
import type { ListingPerformanceAnswer } from '@offplan/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { userProjectsQueryOptions } from '../../projects/index.ts';
import { listingPerformanceQueryOptions } from '../api/reporting.ts';
import { listingPerformanceQueryOf } from '../lib/report-range.ts';
import { useReportingSelections } from '../lib/use-reporting-selections.ts';
import { useSeenOptions } from '../lib/use-seen-options.ts';
import { BenchmarkTable } from './benchmark-table.tsx';
import { KpiCards } from './kpi-cards.tsx';
import { PerformanceCharts } from './performance-charts.tsx';
import { PerformanceTable } from './performance-table.tsx';
import { type FilterOption, ReportFilters } from './report-filters.tsx';
import { ProjectsLink, ReportBody, ReportEmpty } from './report-states.tsx';

const route = getRouteApi('/_main/reporting/listing-performance');

/** The projects the filter offers: the reader's own, or (admins, who have none) those in the report. */
function useProjectOptions(answer: ListingPerformanceAnswer | undefined): FilterOption[] {
  const { isAdmin } = route.useRouteContext();
  // Admins have no project lists (spec §6: the API answers them 403), so this read is conditional.
  const { data: account } = useQuery({ ...userProjectsQueryOptions(), enabled: !isAdmin });
  const projects =
    account?.projects ??
    answer?.byProject.map((project) => ({ id: project.projectId, title: project.title }));
  return useSeenOptions(
    (projects ?? []).map((project) => ({ value: String(project.id), label: project.title })),
  );
}

function hasActivity(answer: ListingPerformanceAnswer): boolean {
  const { totals } = answer;
  return totals.pageViews + totals.enquiries + totals.brochureDownloads + totals.phoneReveals > 0;
}

function ListingPerformanceReport({ answer }: { answer: ListingPerformanceAnswer }) {
  const fileStem = `listing-performance-${answer.startDate}-to-${answer.endDate}-${answer.period.toLowerCase()}`;
  const titles = new Map(answer.byProject.map((project) => [project.projectId, project.title]));
  if (!hasActivity(answer)) {
    return (
      <ReportEmpty title="No listing activity in this range yet">
        Views, downloads and enquiries appear here within a minute of a buyer opening your listing. Share your
        listing link with buyers, widen the dates, or check your listings are complete on{' '}
        <ProjectsLink>your projects</ProjectsLink>.
      </ReportEmpty>
    );
  }
  return (
    <Stack gap="md">
      <KpiCards answer={answer} />
      <Text size="xs" c="dimmed">
        Change against {answer.previousStartDate} to {answer.previousEndDate}, the period of the same length
        before.
        {answer.benchmarks.length > 1
          ? ' Your projects fall in several comparable groups: their benchmarks are below the table.'
          : ''}
      </Text>
      <PerformanceCharts answer={answer} fileStem={fileStem} />
      <PerformanceTable answer={answer} fileStem={fileStem} />
      <BenchmarkTable benchmarks={answer.benchmarks} titles={titles} />
    </Stack>
  );
}

/** /reporting/listing-performance (issue 17, design §4): figures, charts, table and exports. */
export function ListingPerformancePage() {
  const selections = useReportingSelections();
  // The read follows the filters the user picks (the reporting state, not the URL); the last answer
  // stays on screen while the next loads, so the page does not fall back to skeletons on every change.
  const report = useQuery({
    ...listingPerformanceQueryOptions(listingPerformanceQueryOf(selections)),
    placeholderData: keepPreviousData,
  });
  const projects = useProjectOptions(report.data);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} size="h3">
            Listing performance
          </Title>
          <Text size="sm" c="dimmed">
            How buyers meet your listings: views, visitors, enquiries and what they open, against the previous
            period and comparable projects.
          </Text>
        </Stack>
      </Group>
      <ReportFilters report="listingPerformance" projects={projects} />
      <ReportBody report={report} cards={9}>
        {(answer) => <ListingPerformanceReport answer={answer} />}
      </ReportBody>
    </Stack>
  );
}
