import { MantineProvider } from '@mantine/core';
import {
  type BuyerFeedbackAnswer,
  type ListingPerformanceAnswer,
  type PerformanceFigures,
  STORAGE_KEYS,
} from '@offplan/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, sydneyToday } from '../../lib/dates.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { type AppRouter, createAppRouter } from '../../router.tsx';
import { useReportingStore } from '../../stores/reporting-store.ts';
import { type ApiCall, apiError, callsTo, ok, stubApi } from '../../test/api-stub.ts';
import { projectSummaryOf, sessionOf, userProjectsOf } from '../../test/factories.ts';
import { theme } from '../../theme.ts';

const SLOW = 30_000;
/** The first render of a route loads its code and data: more than findBy's default second on a busy machine. */
const WAIT = { timeout: 10_000 };
const PERFORMANCE = '/api/reporting/listing-performance';
const FEEDBACK = '/api/reporting/buyer-feedback';

function figuresOf(overrides: Partial<PerformanceFigures> = {}): PerformanceFigures {
  const figures = {
    pageViews: 1200,
    uniqueVisitors: 800,
    enquiries: 36,
    brochureDownloads: 90,
    floorplanViews: 60,
    phoneReveals: 12,
    videoPlays: 30,
    galleryOpens: 150,
    ...overrides,
  };
  return {
    ...figures,
    conversion: figures.pageViews ? figures.enquiries / figures.pageViews : null,
    ...overrides,
  };
}

/** A listing-performance answer as the API gives it, for the query it was asked (period, dates). */
function performanceAnswerOf(query: URLSearchParams, scale = 1): ListingPerformanceAnswer {
  const views = (base: number) => Math.round(base * scale);
  return {
    startDate: query.get('startDate') ?? '2026-03-01',
    endDate: query.get('endDate') ?? '2026-03-30',
    period: (query.get('period') ?? 'MONTH') as ListingPerformanceAnswer['period'],
    previousStartDate: '2026-01-30',
    previousEndDate: '2026-02-28',
    totals: figuresOf({ pageViews: views(1200), enquiries: views(36) }),
    previous: figuresOf({ pageViews: 1000, enquiries: 40 }),
    series: [
      { ...figuresOf({ pageViews: views(500) }), periodStart: '2026-02-01' },
      { ...figuresOf({ pageViews: views(700) }), periodStart: '2026-03-01' },
    ],
    byProject: [
      { ...figuresOf({ pageViews: views(900), enquiries: 30 }), projectId: 11, title: 'Harbour Residences' },
      { ...figuresOf({ pageViews: views(300), enquiries: 6 }), projectId: 12, title: 'Quay, "The" Towers' },
    ],
    benchmarks: [
      {
        state: 'NSW',
        projectType: 'HIGH_RISE',
        campaignType: 'CPL',
        projectIds: [11, 12],
        comparableProjects: 2,
        figures: null,
      },
    ],
  };
}

const EMPTY_FIGURES = figuresOf({
  pageViews: 0,
  uniqueVisitors: 0,
  enquiries: 0,
  brochureDownloads: 0,
  floorplanViews: 0,
  phoneReveals: 0,
  videoPlays: 0,
  galleryOpens: 0,
});

function feedbackAnswerOf(): BuyerFeedbackAnswer {
  const summary = { responses: 3, average: 4, distribution: [0, 0, 0, 1, 1, 1] };
  return {
    startDate: '2026-03-01',
    endDate: '2026-03-30',
    period: 'MONTH',
    project: summary,
    agent: { responses: 2, average: 3.5, distribution: [0, 0, 0, 1, 1, 0] },
    trend: [{ periodStart: '2026-03-01', responses: 3, projectAverage: 4, agentAverage: 3.5 }],
    byProject: [{ ...summary, projectId: 11, title: 'Harbour Residences' }],
    byAgent: [
      { ...summary, agentId: 'u7', name: 'Alex Agent' },
      { ...summary, agentId: 'u8', name: 'Bea Broker' },
    ],
    byBuyerType: [{ ...summary, buyerType: 'INVESTOR' }],
    comments: [
      {
        id: 1,
        projectId: 11,
        projectTitle: 'Harbour Residences',
        agentName: 'Alex Agent',
        buyerType: 'INVESTOR',
        projectRating: 4,
        agentRating: 5,
        comment: 'Quick answers and a clear price list.',
        createdAt: '2026-03-20T01:00:00.000Z',
      },
    ],
  };
}

type ReportingApi = {
  performance?: (call: ApiCall) => { status: number; body: unknown };
  feedback?: (call: ApiCall) => { status: number; body: unknown };
};

/** The reporting API as a developer (owner of Harbourline, two projects) meets it. Returns every call. */
function stubReportingApi(options: ReportingApi = {}) {
  return stubApi({
    'GET /api/auth/get-session': ok(sessionOf()),
    'GET /api/user-projects': ok({
      success: true,
      output: userProjectsOf([
        projectSummaryOf(11, 'Harbour Residences'),
        projectSummaryOf(12, 'Quay Towers'),
      ]),
    }),
    'GET /api/projects': ok({ items: [], total: 0 }),
    [`GET ${PERFORMANCE}`]: options.performance ?? ((call) => ok(performanceAnswerOf(call.url.searchParams))),
    [`GET ${FEEDBACK}`]:
      options.feedback ??
      ((call) => {
        // Narrowed to one agent, the answer names only that agent, as the API's does.
        const agent = call.url.searchParams.get('feedbackAgent');
        const answer = feedbackAnswerOf();
        return ok(
          agent ? { ...answer, byAgent: answer.byAgent.filter((row) => row.agentId === agent) } : answer,
        );
      }),
  });
}

function renderApp(path: string): AppRouter {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return router;
}

const lastQuery = (calls: ApiCall[], path: string) =>
  Object.fromEntries(callsTo(calls, 'GET', path).at(-1)!.url.searchParams);

beforeEach(() => {
  useReportingStore.getState().clearSelections();
  window.localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/reporting/listing-performance', () => {
  it(
    'asks for the last 30 days by month and shows the figures, their change, the benchmark note and the table',
    async () => {
      const calls = stubReportingApi();
      renderApp('/reporting/listing-performance');

      const views = await screen.findByTestId('kpi-pageViews', {}, WAIT);
      const today = sydneyToday();
      expect(lastQuery(calls, PERFORMANCE)).toMatchObject({
        startDate: addDays(today, -29),
        endDate: today,
        period: 'MONTH',
        buyerType: 'ALL',
      });
      expect(within(views).getByText('1,200')).toBeTruthy();
      expect(within(views).getByText('+20%')).toBeTruthy();
      expect(within(screen.getByTestId('kpi-enquiries')).getByText('-10%')).toBeTruthy();
      expect(within(views).getByText('Not enough comparable projects for a benchmark (2 of 5)')).toBeTruthy();
      expect(screen.getByRole('img', { name: 'Page views over time' })).toBeTruthy();
      expect(screen.getByRole('img', { name: 'Page views by project' })).toBeTruthy();
      const table = screen.getByRole('table', { name: 'Figures by project' });
      expect(
        within(table)
          .getAllByTestId('performance-row')
          .map((row) => row.firstChild?.textContent),
      ).toEqual(['Harbour Residences', 'Quay, "The" Towers']);
      // The chart's data table is there for screen readers.
      expect(screen.getByRole('table', { name: 'Page views over time (data)' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Listing Performance' }).getAttribute('href')).toBe(
        '/reporting/listing-performance',
      );
    },
    SLOW,
  );

  it(
    'asks again when the period or buyer type changes, and keeps the choice in the reporting state',
    async () => {
      const calls = stubReportingApi({
        performance: (call) =>
          ok(
            performanceAnswerOf(
              call.url.searchParams,
              call.url.searchParams.get('buyerType') === 'INVESTOR' ? 0.5 : 1,
            ),
          ),
      });
      renderApp('/reporting/listing-performance');
      await screen.findByTestId('kpi-pageViews', {}, WAIT);

      fireEvent.click(screen.getByRole('radio', { name: 'Week' }));
      await waitFor(() => expect(lastQuery(calls, PERFORMANCE).period).toBe('WEEK'));
      fireEvent.click(screen.getByRole('combobox', { name: 'Buyer type' }));
      fireEvent.click(await screen.findByRole('option', { name: 'Investor' }));
      await waitFor(() => expect(lastQuery(calls, PERFORMANCE).buyerType).toBe('INVESTOR'));

      await waitFor(() => expect(within(screen.getByTestId('kpi-pageViews')).getByText('600')).toBeTruthy());
      const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.reportingSelections) ?? '{}');
      expect(stored.state).toMatchObject({ period: 'WEEK', buyerType: 'INVESTOR' });
      expect(window.localStorage.getItem(STORAGE_KEYS.reportFilterMarker)).toBe('true');
    },
    SLOW,
  );

  it(
    'exports exactly the table as CSV',
    async () => {
      stubReportingApi();
      const blobs: Blob[] = [];
      // A subclass, so the page's downloads are caught without changing jsdom's own URL.
      vi.stubGlobal(
        'URL',
        class extends URL {
          static override createObjectURL(blob: Blob) {
            blobs.push(blob);
            return 'blob:x';
          }
          static override revokeObjectURL() {}
        },
      );
      renderApp('/reporting/listing-performance');
      await screen.findByTestId('kpi-pageViews', {}, WAIT);

      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

      expect(blobs).toHaveLength(1);
      const lines = (await blobs[0]!.text()).replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe(
        '"Project","Page views","Unique visitors","Enquiries","Conversion","Brochure downloads","Floorplan views","Phone reveals","Video plays","Gallery opens"',
      );
      expect(lines[1]).toBe('"Harbour Residences","900","800","30","3.3%","90","60","12","30","150"');
      expect(lines[2]).toBe('"Quay, ""The"" Towers","300","800","6","2%","90","60","12","30","150"');
      expect(lines[3]).toMatch(/^"All selected projects","1200",/);
    },
    SLOW,
  );

  it(
    'says what to do next when nothing happened in the range',
    async () => {
      stubReportingApi({
        performance: (call) =>
          ok({
            ...performanceAnswerOf(call.url.searchParams),
            totals: EMPTY_FIGURES,
            byProject: [],
            series: [],
          }),
      });
      renderApp('/reporting/listing-performance');

      expect(await screen.findByText('No listing activity in this range yet', {}, WAIT)).toBeTruthy();
      expect(screen.getByText(/Share your listing link/)).toBeTruthy();
    },
    SLOW,
  );

  it(
    "shows the API's message when the report is refused",
    async () => {
      stubReportingApi({
        performance: () => apiError(403, 'FORBIDDEN', 'You cannot see one of the chosen projects'),
      });
      useReportingStore.getState().select({ selectedProjects: [99] });
      renderApp('/reporting/listing-performance');

      expect(await screen.findByText('You cannot see one of the chosen projects', {}, WAIT)).toBeTruthy();
      // The filters stay, so the choice can be undone.
      expect(screen.getByRole('region', { name: 'Report filters' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'takes the projects and figure from a dashboard link into the reporting state',
    async () => {
      const calls = stubReportingApi();
      const router = renderApp('/reporting/listing-performance?projects=12&figure=enquiries&range=default');

      await screen.findByRole('img', { name: 'Enquiries over time' }, WAIT);
      expect(lastQuery(calls, PERFORMANCE).projectIds).toBe('12');
      expect(router.state.location.search).toEqual({});
    },
    SLOW,
  );
});

describe('/reporting/listing-performance date range', () => {
  it(
    'refuses a start before 2024-01-01 or an end before the start with the shared messages, and never asks for them',
    async () => {
      const calls = stubReportingApi();
      renderApp('/reporting/listing-performance');
      await screen.findByTestId('kpi-pageViews', {}, WAIT);
      const from = screen.getByLabelText('From');
      expect(from.getAttribute('min')).toBe('2024-01-01');

      fireEvent.change(from, { target: { value: '2023-12-31' } });
      expect(await screen.findByText('The start date cannot be before 2024-01-01')).toBeTruthy();
      fireEvent.change(from, { target: { value: '2025-03-01' } });
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-02-01' } });
      expect(await screen.findByText('The end date must be on or after the start date')).toBeTruthy();

      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-31' } });
      await waitFor(() =>
        expect(lastQuery(calls, PERFORMANCE)).toMatchObject({
          startDate: '2025-03-01',
          endDate: '2025-03-31',
        }),
      );
      const asked = callsTo(calls, 'GET', PERFORMANCE).map((call) => call.url.searchParams.get('startDate'));
      expect(asked).not.toContain('2023-12-31');
      expect(useReportingStore.getState()).toMatchObject({ startDate: '2025-03-01', endDate: '2025-03-31' });
    },
    SLOW,
  );
});

describe('/reporting/buyer-feedback', () => {
  it(
    'shows the averages, the distribution and trend charts and keeps the tab chosen',
    async () => {
      const calls = stubReportingApi();
      renderApp('/reporting/buyer-feedback');

      const project = await screen.findByTestId('average-project-rating', {}, WAIT);
      expect(within(project).getByText('4.0')).toBeTruthy();
      expect(within(project).getByText('3 ratings')).toBeTruthy();
      expect(within(screen.getByTestId('average-agent-rating')).getByText('3.5')).toBeTruthy();
      expect(screen.getByRole('img', { name: 'Rating distribution' })).toBeTruthy();
      expect(screen.getByRole('img', { name: 'Rating trend' })).toBeTruthy();
      expect(screen.getByRole('table', { name: 'Ratings by project' })).toBeTruthy();

      fireEvent.click(screen.getByRole('tab', { name: 'Comments (1)' }));
      expect(await screen.findByText('Quick answers and a clear price list.')).toBeTruthy();
      expect(useReportingStore.getState().tabIndexes.buyerFeedback).toBe(3);

      fireEvent.click(screen.getByRole('combobox', { name: 'Agent' }));
      fireEvent.click(await screen.findByRole('option', { name: 'Alex Agent' }));
      await waitFor(() => expect(lastQuery(calls, FEEDBACK).feedbackAgent).toBe('u7'));
      fireEvent.click(screen.getByRole('tab', { name: 'By agent' }));
      const byAgent = await screen.findByRole('table', { name: 'Ratings by agent' });
      await waitFor(() => expect(within(byAgent).queryByText('Bea Broker')).toBeNull());
      // The other agent stays on offer, so the choice can be changed without clearing it first.
      fireEvent.click(screen.getByRole('combobox', { name: 'Agent' }));
      expect(await screen.findByRole('option', { name: 'Bea Broker' })).toBeTruthy();
    },
    SLOW,
  );
});

describe('dashboard KPIs', () => {
  it(
    'shows views, enquiries, conversion and the top project over the last 30 days, each linking into the report',
    async () => {
      const calls = stubReportingApi();
      renderApp('/dashboard');

      const strip = await screen.findByRole('region', { name: 'Last 30 days' }, WAIT);
      expect(within(strip).getByText('1,200')).toBeTruthy();
      expect(within(strip).getByText('+20% on the previous 30 days')).toBeTruthy();
      expect(within(strip).getByText('Harbour Residences')).toBeTruthy();
      expect(lastQuery(calls, PERFORMANCE)).toMatchObject({ period: 'DAY' });
      const link = within(strip).getByRole('link', { name: 'Open the top project report' });
      expect(link.getAttribute('href')).toBe(
        '/reporting/listing-performance?projects=11&figure=pageViews&range=default',
      );
    },
    SLOW,
  );
});
