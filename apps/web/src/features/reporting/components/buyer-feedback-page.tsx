import { Group, Paper, Rating, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { BuyerFeedbackAnswer, RatingSummary } from '@offplan/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { userProjectsQueryOptions } from '../../projects/index.ts';
import { buyerFeedbackQueryOptions } from '../api/reporting.ts';
import { formatStars } from '../lib/format.ts';
import { buyerFeedbackQueryOf } from '../lib/report-range.ts';
import { useReportingSelections } from '../lib/use-reporting-selections.ts';
import { useSeenOptions } from '../lib/use-seen-options.ts';
import { DistributionChart, TrendChart } from './feedback-charts.tsx';
import { FeedbackTables } from './feedback-tables.tsx';
import { type FilterOption, ReportFilters } from './report-filters.tsx';
import { ReportBody, ReportEmpty } from './report-states.tsx';

const route = getRouteApi('/_main/reporting/buyer-feedback');

function AverageCard({ label, summary }: { label: string; summary: RatingSummary }) {
  return (
    <Paper withBorder p="md" data-testid={`average-${label.toLowerCase().replaceAll(' ', '-')}`}>
      <Stack gap={4}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        <Group gap="sm" align="center">
          <Text fz={28} fw={700} lh={1.1}>
            {formatStars(summary.average)}
          </Text>
          <Rating
            value={summary.average ?? 0}
            fractions={10}
            readOnly
            role="img"
            aria-label={`${formatStars(summary.average)} of 5 stars`}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {summary.responses} {summary.responses === 1 ? 'rating' : 'ratings'}
        </Text>
      </Stack>
    </Paper>
  );
}

function BuyerFeedbackReport({ answer }: { answer: BuyerFeedbackAnswer }) {
  const fileStem = `buyer-feedback-${answer.startDate}-to-${answer.endDate}`;
  if (answer.project.responses === 0 && answer.agent.responses === 0) {
    return (
      <ReportEmpty title="No buyer feedback in this range yet">
        A few days after an enquiry, the buyer is emailed a link to rate the project and the agent who looked
        after them. Ratings appear here as they come in; widen the dates or choose all projects and agents to
        see more.
      </ReportEmpty>
    );
  }
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="section" aria-label="Average ratings">
        <AverageCard label="Project rating" summary={answer.project} />
        <AverageCard label="Agent rating" summary={answer.agent} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <DistributionChart answer={answer} fileStem={fileStem} />
        <TrendChart answer={answer} fileStem={fileStem} />
      </SimpleGrid>
      <Paper withBorder p="md">
        <FeedbackTables answer={answer} fileStem={fileStem} />
      </Paper>
    </Stack>
  );
}

/** Options for the project and agent filters: the reader's projects, and the agents rated. */
function useFilterOptions(answer: BuyerFeedbackAnswer | undefined): {
  projects: FilterOption[];
  agents: FilterOption[];
} {
  const { isAdmin } = route.useRouteContext();
  // Admins have no project lists (spec §6: the API answers them 403), so this read is conditional.
  const { data: account } = useQuery({ ...userProjectsQueryOptions(), enabled: !isAdmin });
  const projects =
    account?.projects ?? answer?.byProject.map((row) => ({ id: row.projectId, title: row.title })) ?? [];
  return {
    projects: useSeenOptions(
      projects.map((project) => ({ value: String(project.id), label: project.title })),
    ),
    agents: useSeenOptions(
      (answer?.byAgent ?? []).map((agent) => ({ value: agent.agentId, label: agent.name })),
    ),
  };
}

/** /reporting/buyer-feedback (issue 17): what buyers say about the projects and their agents. */
export function BuyerFeedbackPage() {
  const selections = useReportingSelections();
  // The read follows the filters the user picks (the reporting state, not the URL); the last answer
  // stays on screen while the next loads.
  const report = useQuery({
    ...buyerFeedbackQueryOptions(buyerFeedbackQueryOf(selections)),
    placeholderData: keepPreviousData,
  });
  const options = useFilterOptions(report.data);
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={2} size="h3">
          Buyer feedback
        </Title>
        <Text size="sm" c="dimmed">
          What buyers who enquired say about your projects and the agents who looked after them, 0 to 5 stars.
        </Text>
      </Stack>
      <ReportFilters report="buyerFeedback" projects={options.projects} agents={options.agents} />
      <ReportBody report={report} cards={2}>
        {(answer) => <BuyerFeedbackReport answer={answer} />}
      </ReportBody>
    </Stack>
  );
}
