import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { EXPORT_API_PATHS, EXPORT_MESSAGES, EXPORT_ROWS_HEADER, type RecentExport } from '@offplan/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { createAppRouter } from '../../router.tsx';
import { type ApiRoutes, callsTo, ok, stubApi } from '../../test/api-stub.ts';
import { adminSessionOf } from '../../test/factories.ts';
import { theme } from '../../theme.ts';

// Mantine's radio cards, chips and inputs render slowly under jsdom.
const SLOW = 60_000;
const WAIT = { timeout: 10_000 };

const RECENT: RecentExport[] = [
  {
    id: 7,
    at: '2026-03-02T01:00:00.000Z',
    actorName: 'Ada Admin',
    actorEmail: 'ada@example.test',
    dataset: 'leads',
    from: '2026-02-01',
    to: '2026-02-28',
    rows: 1200,
    expectedRows: 5000,
    outcome: 'aborted',
  },
];

/** A CSV answer whose chunks the test sends one by one. */
function heldCsv(expectedRows: number) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, {
      status: 200,
      headers: { 'content-type': 'text/csv; charset=utf-8', [EXPORT_ROWS_HEADER]: String(expectedRows) },
    }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

function stubExportApi(routes: ApiRoutes = {}) {
  return stubApi({
    'GET /api/auth/get-session': ok(adminSessionOf()),
    [`GET ${EXPORT_API_PATHS.exportsRecent}`]: ok({ items: RECENT }),
    [`GET ${EXPORT_API_PATHS.exportCount('leads')}`]: ok({ dataset: 'leads', rows: 3 }),
    [`GET ${EXPORT_API_PATHS.exportCount('users')}`]: ok({ dataset: 'users', rows: 0 }),
    ...routes,
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
}

const saved: { name: string; blob: Blob }[] = [];
let clicks: { mockRestore: () => void } | undefined;
beforeEach(() => {
  saved.length = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push({ name: '', blob });
    return 'blob:export';
  });
  URL.revokeObjectURL = vi.fn();
  clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const last = saved.at(-1);
    if (last) last.name = this.download;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clicks?.mockRestore();
});

describe('/export: choosing', () => {
  it(
    'shows the count for the dataset and range, refuses a range the wrong way round, lists recent exports',
    async () => {
      const calls = stubExportApi();
      renderApp('/export');
      expect(await screen.findByRole('heading', { name: 'Export', level: 1 }, WAIT)).toBeTruthy();
      const recent = screen.getByRole('table', { name: 'Recent exports' });
      expect(within(recent).getByText('Ada Admin')).toBeTruthy();
      expect(within(recent).getByText('1,200 of 5,000')).toBeTruthy();
      expect(within(recent).getByText('Cancelled')).toBeTruthy();
      await waitFor(() =>
        expect(screen.getByTestId('export-row-count').textContent).toMatch(/^3 rows created /),
      );
      const counted = callsTo(calls, 'GET', EXPORT_API_PATHS.exportCount('leads'));
      expect(counted[0]!.url.searchParams.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

      fireEvent.click(screen.getByRole('radio', { name: /^Users/ }));
      await waitFor(() =>
        expect(screen.getByTestId('export-row-count').textContent).toMatch(/^No users created/),
      );

      fireEvent.click(screen.getByRole('radio', { name: /^Leads/ }));
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-09' } });
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-10' } });
      expect(await screen.findByText(EXPORT_MESSAGES.toBeforeFrom)).toBeTruthy();
      const button = screen.getByRole('button', { name: 'Export leads as CSV' }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);

      fireEvent.click(screen.getByRole('radio', { name: 'All time' }));
      await waitFor(() => expect(button.disabled).toBe(false));
      expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('');
    },
    SLOW,
  );
});

describe('/export: downloading', () => {
  it(
    'shows progress as rows arrive, then saves the file',
    async () => {
      const csv = heldCsv(3);
      const calls = stubExportApi({ [`GET ${EXPORT_API_PATHS.exportCsv('leads')}`]: () => csv.response });
      renderApp('/export');
      fireEvent.click(await screen.findByRole('button', { name: 'Export leads as CSV' }, WAIT));
      csv.send('\uFEFF"Lead ID","Message"\r\n"1","two\r\nlines"\r\n');
      const progress = await screen.findByRole('progressbar', { name: 'Export progress' }, WAIT);
      await waitFor(() => expect(progress.getAttribute('aria-valuetext')).toBe('1 of 3 rows'));
      csv.send('"2","x"\r\n"3","y"\r\n');
      await waitFor(() => expect(progress.getAttribute('aria-valuetext')).toBe('3 of 3 rows'));
      csv.end();
      expect(await screen.findByText('Export saved', {}, WAIT)).toBeTruthy();
      expect(saved[0]!.name).toMatch(/^leads-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(await saved[0]!.blob.text()).toContain('"3","y"');
      // The recent exports are read again: the server has audited this one.
      await waitFor(() => expect(callsTo(calls, 'GET', EXPORT_API_PATHS.exportsRecent)).toHaveLength(2));
    },
    SLOW,
  );

  it(
    'cancels a running export and saves nothing',
    async () => {
      const csv = heldCsv(1000);
      stubExportApi({ [`GET ${EXPORT_API_PATHS.exportCsv('leads')}`]: () => csv.response });
      renderApp('/export');
      fireEvent.click(await screen.findByRole('button', { name: 'Export leads as CSV' }, WAIT));
      csv.send('\uFEFF"Lead ID"\r\n"1"\r\n');
      await screen.findByRole('progressbar', { name: 'Export progress' }, WAIT);
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(await screen.findByText('Export cancelled', {}, WAIT)).toBeTruthy();
      expect(saved).toEqual([]);
    },
    SLOW,
  );
});
