import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import {
  SCHEDULED_TASKS_API_PATHS as PATHS,
  type ScheduledJob,
  type ScheduledTasksOverview,
} from '@offplan/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { createAppRouter } from '../../router.tsx';
import { apiError, callsTo, ok, stubApi } from '../../test/api-stub.ts';
import { adminSessionOf, sessionOf } from '../../test/factories.ts';
import { theme } from '../../theme.ts';

const WAIT = { timeout: 10_000 };
const FAILED_ID = '0193a1b2-0000-4000-8000-000000000001';
const QUEUED_ID = '0193a1b2-0000-4000-8000-000000000002';

const OVERVIEW: ScheduledTasksOverview = {
  readAt: '2026-03-02T00:00:00.000Z',
  queues: [
    {
      name: 'lead-notify',
      policy: 'standard',
      ready: 0,
      deferred: 0,
      active: 0,
      failed: 1,
      total: 4,
      deadLetter: null,
    },
    {
      name: 'lead-rescore',
      policy: 'standard',
      ready: 1,
      deferred: 0,
      active: 0,
      failed: 0,
      total: 1,
      deadLetter: null,
    },
  ],
  schedules: [
    {
      queue: 'lead-digest',
      key: '',
      cron: '0 7 * * *',
      timeZone: 'Australia/Sydney',
      nextRunAt: '2026-03-02T20:00:00.000Z',
      lastJob: { id: 'x', state: 'completed', completedAt: '2026-03-01T20:00:05.000Z' },
    },
  ],
};

const job = (overrides: Partial<ScheduledJob>): ScheduledJob => ({
  id: FAILED_ID,
  queue: 'lead-notify',
  state: 'failed',
  retryCount: 0,
  retryLimit: 0,
  data: '{"leadId":"not-a-lead"}',
  error: 'invalid input syntax for type integer: "not-a-lead"',
  output: null,
  createdAt: '2026-03-01T23:59:00.000Z',
  startAfter: null,
  startedAt: '2026-03-01T23:59:01.000Z',
  completedAt: '2026-03-01T23:59:02.000Z',
  singletonKey: null,
  ...overrides,
});

function stubTasksApi(session: unknown = adminSessionOf()) {
  let failed = job({});
  return stubApi({
    'GET /api/auth/get-session': ok(session),
    [`GET ${PATHS.overview}`]: ok(OVERVIEW),
    [`GET ${PATHS.jobs('lead-notify')}`]: ({ url }) =>
      ok({
        queue: OVERVIEW.queues[0],
        view: url.searchParams.get('view'),
        jobs:
          url.searchParams.get('view') === 'recent'
            ? [failed, job({ id: QUEUED_ID, state: 'created', error: null })]
            : failed.state === 'failed'
              ? [failed]
              : [],
      }),
    [`POST ${PATHS.retry('lead-notify', FAILED_ID)}`]: () => {
      failed = { ...failed, state: 'retry', retryLimit: 1, error: null };
      return ok({ job: failed });
    },
    [`POST ${PATHS.cancel('lead-notify', QUEUED_ID)}`]: apiError(
      409,
      'CONFLICT',
      'Only a queued or retrying job can be cancelled; this one is running.',
    ),
  });
}

function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/admin/scheduled-tasks', () => {
  it('shows the schedules with their next run, the queues, and says when it was updated', async () => {
    stubTasksApi();
    renderApp('/admin/scheduled-tasks');
    const schedules = await screen.findByRole('table', { name: 'Recurring schedules' }, WAIT);
    const row = within(schedules).getByTestId('schedule-row');
    expect(within(row).getByText('lead-digest')).toBeTruthy();
    expect(within(row).getByText('0 7 * * *')).toBeTruthy();
    expect(within(row).getByText('Australia/Sydney')).toBeTruthy();
    expect(within(row).getByTestId('schedule-next-run').textContent).toContain('in 20 hours');
    expect(within(row).getByText('Completed')).toBeTruthy();
    const queues = screen.getByRole('table', { name: 'Queues' });
    expect(
      within(queues)
        .getAllByTestId('queue-row')
        .map((r) => r.dataset.queue),
    ).toEqual(['lead-notify', 'lead-rescore']);
    expect(screen.getByTestId('updated-ago').textContent).toMatch(
      /^Updated (just now|\d+ s ago) · every 5 s$/,
    );
  });

  it('opens a queue’s failed jobs with error and attempts, and retries one', async () => {
    const calls = stubTasksApi();
    const router = renderApp('/admin/scheduled-tasks');
    fireEvent.click(await screen.findByRole('button', { name: 'Jobs of lead-notify' }, WAIT));
    const jobs = await screen.findByRole('table', { name: 'Jobs' }, WAIT);
    await waitFor(() => expect(router.state.location.search).toEqual({ queue: 'lead-notify' }));
    const row = within(jobs).getByTestId('job-row');
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByTestId('job-error').textContent).toContain('not-a-lead');
    expect(within(row).getByTestId('job-attempts').textContent).toBe('1 of 1');

    fireEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Job queued to run again', {}, WAIT)).toBeTruthy();
    expect(callsTo(calls, 'POST', PATHS.retry('lead-notify', FAILED_ID))).toHaveLength(1);
    await waitFor(() => expect(screen.getByText(/No failed jobs kept in this queue/)).toBeTruthy(), WAIT);
  });

  it('asks before cancelling a queued job and shows why the server refused it', async () => {
    const calls = stubTasksApi();
    renderApp('/admin/scheduled-tasks?queue=lead-notify&view=recent');
    const jobs = await screen.findByRole('table', { name: 'Jobs' }, WAIT);
    const queued = within(jobs)
      .getAllByTestId('job-row')
      .find((r) => r.dataset.jobId === QUEUED_ID);
    fireEvent.click(within(queued as HTMLElement).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'POST', PATHS.cancel('lead-notify', QUEUED_ID))).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel job' }, WAIT));
    expect(await screen.findByText(/this one is running/, {}, WAIT)).toBeTruthy();
    expect(callsTo(calls, 'POST', PATHS.cancel('lead-notify', QUEUED_ID))).toHaveLength(1);
  });

  it('is not found for a user who is not an admin, and asks the API nothing', async () => {
    const calls = stubTasksApi(sessionOf());
    renderApp('/admin/scheduled-tasks');
    expect(await screen.findByText(/not found/i, {}, WAIT)).toBeTruthy();
    expect(callsTo(calls, 'GET', PATHS.overview)).toHaveLength(0);
  });
});
