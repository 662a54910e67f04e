import { MantineProvider } from '@mantine/core';
import type { LeadDetail, LeadPage } from '@offplan/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { type AppRouter, createAppRouter } from '../../router.tsx';
import { type ApiCall, apiError, callsTo, ok, stubApi } from '../../test/api-stub.ts';
import {
  adminSessionOf,
  leadDetailOf,
  leadPageOf,
  leadSummaryOf,
  projectSummaryOf,
  responseTimesOf,
  sessionOf,
  userProjectsOf,
} from '../../test/factories.ts';
import { theme } from '../../theme.ts';

const SLOW = 30_000;
/** The first render of a route loads its code and data: more than findBy's default second on a busy machine. */
const WAIT = { timeout: 10_000 };

/** Matches the one element whose whole text is `text`, across the elements inside it. */
const wholeText =
  (text: string) =>
  (_content: string, element: Element | null): boolean =>
    element?.textContent === text && [...element.children].every((child) => child.textContent !== text);

type LeadsApi = {
  page?: LeadPage;
  detail?: LeadDetail;
  session?: unknown;
  /** What POST /api/leads/{id}/status answers, from the body sent. */
  onStatus?: (body: Record<string, unknown>) => LeadDetail;
};

/** The leads API as a developer (owner of Harbourline, two projects) meets it. Returns every call made. */
function stubLeadsApi({
  page = leadPageOf([leadSummaryOf(7), leadSummaryOf(8)]),
  ...options
}: LeadsApi = {}) {
  const detail = options.detail ?? leadDetailOf();
  return stubApi({
    'GET /api/auth/get-session': ok(options.session ?? sessionOf()),
    'GET /api/user-projects': ok({
      success: true,
      output: userProjectsOf([
        projectSummaryOf(11, 'Harbour Residences'),
        projectSummaryOf(12, 'Quay Towers'),
      ]),
    }),
    'GET /api/leads': ok(page),
    'GET /api/leads/response-times': ok(responseTimesOf()),
    'GET /api/leads/settings': ok({ minutes: 15, businessHoursOnly: true }),
    'GET /api/admin/messages/organisations': ok({
      items: [{ id: 'org1', name: 'Harbourline Developments' }],
    }),
    'POST /api/leads/7/status': ({ body }) =>
      options.onStatus ? ok(options.onStatus(body as Record<string, unknown>)) : apiError(500, 'X', 'No.'),
    'POST /api/leads/7/notes': ({ body }) =>
      ok(
        leadDetailOf({
          timeline: [
            ...detail.timeline,
            {
              id: 99,
              kind: 'note',
              at: '2026-03-02T00:00:00.000Z',
              actor: { id: 'u1', name: 'Dana Developer' },
              text: (body as { text: string }).text,
              data: {},
            },
          ],
        }),
      ),
    'PUT /api/leads/7/assignee': ({ body }) => {
      const { assigneeId } = body as { assigneeId: string | null };
      const member = detail.assignableMembers.find((person) => person.id === assigneeId) ?? null;
      return ok({ ...detail, assignee: member });
    },
    'GET /api/leads/7': ok(detail),
    'GET /api/projects/11/lead-recipients': ok({ emails: [], defaults: ['dana@harbourline.example'] }),
    'PUT /api/projects/11/lead-recipients': ({ body }) =>
      ok({ emails: (body as { emails: string[] }).emails, defaults: ['dana@harbourline.example'] }),
    'PUT /api/leads/settings': ({ body }) => ok(body),
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

const leadListCalls = (calls: ApiCall[]) => callsTo(calls, 'GET', '/api/leads');
const lastListQuery = (calls: ApiCall[]) => Object.fromEntries(leadListCalls(calls).at(-1)!.url.searchParams);

/** Picks an option of a Mantine Select or MultiSelect by its label, within a part of the page. */
async function choose(label: string, option: string, container: HTMLElement = document.body) {
  fireEvent.click(within(container).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/leads', () => {
  it(
    'is in the navigation, lists the leads with their status, score and response times',
    async () => {
      stubLeadsApi({
        page: leadPageOf([
          leadSummaryOf(7, { status: 'CONTACTED', score: 82, firstResponseSeconds: 720 }),
          leadSummaryOf(8),
        ]),
      });
      renderApp('/leads');

      const table = await screen.findByRole('table', { name: 'Leads' }, WAIT);
      expect(screen.getByRole('link', { name: 'Leads' }).getAttribute('href')).toBe('/leads');
      expect(within(screen.getByRole('banner')).getByRole('heading', { name: 'Leads' })).toBeTruthy();
      const rows = within(table).getAllByTestId('lead-row');
      expect(rows).toHaveLength(2);
      expect(within(rows[0]!).getByText('Contacted')).toBeTruthy();
      expect(within(rows[0]!).getByLabelText('Score 82 of 100')).toBeTruthy();
      expect(within(rows[0]!).getByText('12 min')).toBeTruthy();
      expect(within(rows[0]!).getByText(wholeText('buyer7@example.com · 0412 345 678'))).toBeTruthy();
      const times = screen.getByRole('region', { name: 'Response times' });
      expect(await within(times).findByText(/Target: 15 min within business hours/)).toBeTruthy();
      expect(within(times).getByRole('table', { name: 'Response times by agent' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'puts filters in the URL and in the request, and exports exactly the filtered set',
    async () => {
      const calls = stubLeadsApi();
      const router = renderApp('/leads?page=2');
      await screen.findByRole('table', { name: 'Leads' }, WAIT);

      fireEvent.change(screen.getByLabelText('Received from'), { target: { value: '2026-01-01' } });
      await waitFor(() => expect(router.state.location.search).toEqual({ from: '2026-01-01' }));
      await choose('Status', 'Contacted', screen.getByRole('region', { name: 'Filters' }));
      await waitFor(() =>
        expect(router.state.location.search).toEqual({ from: '2026-01-01', status: ['CONTACTED'] }),
      );
      await choose('Projects', 'Quay Towers');

      await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ projectIds: '12' }));
      expect(router.state.location.search).toEqual({
        from: '2026-01-01',
        status: ['CONTACTED'],
        projectIds: [12],
      });
      expect(lastListQuery(calls)).toEqual({
        from: '2026-01-01',
        status: 'CONTACTED',
        projectIds: '12',
        sort: 'createdAt',
        order: 'desc',
        page: '1',
        perPage: '25',
      });
      const exportLink = screen.getByRole('link', { name: 'Export CSV' });
      expect(exportLink.getAttribute('href')).toBe(
        '/api/leads/export?projectIds=12&from=2026-01-01&status=CONTACTED&sort=createdAt&order=desc',
      );
      expect(exportLink.hasAttribute('download')).toBe(true);
    },
    SLOW,
  );

  it(
    'shows a masked reader the note, no export button and no contact search',
    async () => {
      stubLeadsApi({
        session: sessionOf({ jobRoleId: 8 }),
        page: leadPageOf(
          [leadSummaryOf(7, { name: 'D••••', email: 'd•••@•••', phone: '•••', masked: true })],
          {
            canExport: false,
            masked: true,
          },
        ),
      });
      renderApp('/leads');
      await screen.findByRole('table', { name: 'Leads' }, WAIT);

      expect(screen.getByText(/Contact details are hidden for your role/)).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
      expect(screen.queryByRole('searchbox', { name: 'Search' })).toBeNull();
      expect(screen.getByText(wholeText('d•••@••• · •••'))).toBeTruthy();
    },
    SLOW,
  );

  it(
    'says what to do when there are no leads yet, and offers to clear filters when none match',
    async () => {
      stubLeadsApi({ page: leadPageOf([]) });
      const router = renderApp('/leads');

      expect(await screen.findByText('No leads yet')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'review your projects' }).getAttribute('href')).toBe(
        '/projects',
      );

      await router.navigate({ to: '/leads', search: { status: ['LOST'], sort: 'score' } });
      expect(await screen.findByText('No leads match these filters')).toBeTruthy();
      const empty = screen.getByText('No leads match these filters').parentElement!;
      fireEvent.click(within(empty).getByRole('button', { name: 'Clear filters' }));
      await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'score' }));
    },
    SLOW,
  );
});

describe('/leads sort and paging', () => {
  it(
    'reads comma-separated lists from a link and sorts by a column header',
    async () => {
      const calls = stubLeadsApi();
      const router = renderApp('/leads?status=NEW,CONTACTED&buyerType=INVESTOR');
      await screen.findByRole('table', { name: 'Leads' }, WAIT);
      expect(lastListQuery(calls)).toMatchObject({ status: 'NEW,CONTACTED', buyerType: 'INVESTOR' });

      const scoreHeader = screen.getByRole('columnheader', { name: /Score/ });
      expect(scoreHeader.getAttribute('aria-sort')).toBe('none');
      expect(screen.getByRole('columnheader', { name: /Received/ }).getAttribute('aria-sort')).toBe(
        'descending',
      );
      fireEvent.click(within(scoreHeader).getByRole('button', { name: /Score/ }));

      await waitFor(() =>
        expect(router.state.location.search).toMatchObject({ sort: 'score', order: 'desc' }),
      );
      await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ sort: 'score', order: 'desc' }));
      await waitFor(() =>
        expect(screen.getByRole('columnheader', { name: /Score/ }).getAttribute('aria-sort')).toBe(
          'descending',
        ),
      );
      fireEvent.click(within(screen.getByRole('columnheader', { name: /Score/ })).getByRole('button'));
      await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ sort: 'score', order: 'asc' }));
    },
    SLOW,
  );

  it(
    'pages on the server and changes the page size',
    async () => {
      const calls = stubLeadsApi({ page: leadPageOf([leadSummaryOf(7)], { total: 60 }) });
      const router = renderApp('/leads');
      await screen.findByText('Showing 1–1 of 60');
      // The arrow controls are named for screen readers.
      expect(screen.getByRole('button', { name: 'Previous page' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Next page' })).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
      await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ page: '3', perPage: '25' }));
      await choose('Rows per page', '50');
      await waitFor(() => expect(router.state.location.search).toEqual({ perPage: 50 }));
      expect(lastListQuery(calls)).toMatchObject({ page: '1', perPage: '50' });
    },
    SLOW,
  );
});

describe('lead drawer', () => {
  it(
    'opens from a row into the URL, with the score explanation, timeline and contact links',
    async () => {
      stubLeadsApi({
        detail: leadDetailOf({
          scoreContributions: [
            { ruleId: 1, label: 'Finance pre-approved', points: 20 },
            { ruleId: 3, label: 'Just browsing', points: -10 },
            { ruleId: null, label: 'No activity for 90 days', points: -12 },
          ],
          timeline: [
            { id: 1, kind: 'enquiry', at: '2026-03-01T00:00:00.000Z', actor: null, text: null, data: {} },
            {
              id: 2,
              kind: 'status',
              at: '2026-03-01T01:00:00.000Z',
              actor: { id: 'u1', name: 'Dana Developer' },
              text: null,
              data: { from: 'NEW', to: 'CONTACTED' },
            },
            {
              id: 3,
              kind: 'assigned',
              at: '2026-03-01T02:00:00.000Z',
              actor: { id: 'u1', name: 'Dana Developer' },
              text: null,
              data: { assigneeId: 'u2' },
            },
            {
              id: 4,
              kind: 'assigned',
              at: '2026-03-01T03:00:00.000Z',
              actor: { id: 'u1', name: 'Dana Developer' },
              text: null,
              data: { assignee: null },
            },
          ],
        }),
      });
      const router = renderApp('/leads');
      await screen.findByRole('table', { name: 'Leads' }, WAIT);

      fireEvent.click(screen.getByRole('button', { name: 'Buyer 7' }));
      await waitFor(() => expect(router.state.location.search).toEqual({ lead: 7 }));
      const drawer = await screen.findByRole('dialog', { name: 'Lead: Buyer 7' }, WAIT);

      const explanation = await within(drawer).findByRole('list', { name: 'Why it scored so' });
      expect(
        within(explanation)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['+20 Finance pre-approved', '\u221210 Just browsing', '\u221212 No activity for 90 days']);
      const entries = within(drawer).getAllByTestId('timeline-entry');
      expect(entries).toHaveLength(4);
      expect(within(entries[1]!).getByText('Moved from New to Contacted')).toBeTruthy();
      expect(within(entries[2]!).getByText('Assigned to Sam Sales')).toBeTruthy();
      expect(within(entries[3]!).getByText('Unassigned')).toBeTruthy();
      expect(within(entries[1]!).getByText(/Dana Developer/)).toBeTruthy();
      expect(within(drawer).getByRole('link', { name: 'buyer7@example.com' }).getAttribute('href')).toBe(
        'mailto:buyer7@example.com',
      );
      expect(within(drawer).getByRole('link', { name: '0412 345 678' }).getAttribute('href')).toBe(
        'tel:+61412345678',
      );
      expect(within(drawer).getByText('Finance pre-approved', { selector: 'p' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows HTML in a message and a note as text, never as markup',
    async () => {
      const html = '<img src=x onerror="alert(1)"><b>bold</b>';
      stubLeadsApi({
        detail: leadDetailOf({
          message: html,
          timeline: [
            {
              id: 1,
              kind: 'note',
              at: '2026-03-01T00:00:00.000Z',
              actor: null,
              text: `<script>x</script>`,
              data: {},
            },
          ],
        }),
      });
      renderApp('/leads?lead=7');

      const drawer = await screen.findByRole('dialog', { name: 'Lead: Buyer 7' }, WAIT);
      expect(within(drawer).getByTestId('lead-message').textContent).toBe(html);
      expect(within(drawer).getByText('<script>x</script>')).toBeTruthy();
      expect(drawer.querySelector('img, b, script')).toBeNull();
    },
    SLOW,
  );

  it(
    'is read-only when the reader may not change the lead',
    async () => {
      stubLeadsApi({ detail: leadDetailOf({ canEdit: false, assignee: { id: 'u2', name: 'Sam Sales' } }) });
      renderApp('/leads?lead=7');
      const drawer = await screen.findByRole('dialog', { name: 'Lead: Buyer 7' }, WAIT);

      expect(within(drawer).getByText('Read only')).toBeTruthy();
      expect(within(drawer).getByText('Sam Sales')).toBeTruthy();
      expect(within(drawer).queryByRole('form', { name: 'Change status' })).toBeNull();
      expect(within(drawer).queryByRole('button', { name: 'Add note' })).toBeNull();
    },
    SLOW,
  );
});

describe('lead status change', () => {
  it(
    'asks why a lead was lost before sending, then shows the lead as Lost',
    async () => {
      const calls = stubLeadsApi({
        onStatus: (body) =>
          leadDetailOf({ status: 'LOST', lostReason: String(body.lostReason), firstResponseSeconds: 300 }),
      });
      renderApp('/leads?lead=7');
      const drawer = await screen.findByRole('dialog', { name: 'Lead: Buyer 7' }, WAIT);
      const form = within(drawer).getByRole('form', { name: 'Change status' });

      await choose('Status', 'Lost', form);
      fireEvent.click(within(form).getByRole('button', { name: 'Change status' }));
      expect(await within(form).findByText('Say why the lead was lost')).toBeTruthy();
      expect(callsTo(calls, 'POST', '/api/leads/7/status')).toHaveLength(0);

      fireEvent.change(within(form).getByRole('textbox', { name: /Why was it lost/ }), {
        target: { value: 'Bought elsewhere' },
      });
      fireEvent.click(within(form).getByRole('button', { name: 'Change status' }));

      expect(await within(drawer).findByText('Lost because', {}, WAIT)).toBeTruthy();
      expect(within(drawer).getByText('Bought elsewhere', { selector: 'p' })).toBeTruthy();
      expect(within(drawer).getAllByText('Lost').length).toBeGreaterThan(0);
      expect(callsTo(calls, 'POST', '/api/leads/7/status').map((call) => call.body)).toEqual([
        { status: 'LOST', lostReason: 'Bought elsewhere' },
      ]);
      expect(within(drawer).getByText('5 min')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'asks for the sale price and date for Exchanged',
    async () => {
      const calls = stubLeadsApi();
      renderApp('/leads?lead=7');
      const drawer = await screen.findByRole('dialog', { name: 'Lead: Buyer 7' }, WAIT);
      const form = within(drawer).getByRole('form', { name: 'Change status' });

      await choose('Status', 'Exchanged', form);
      fireEvent.click(within(form).getByRole('button', { name: 'Change status' }));

      expect(await within(form).findByText('Enter the sale price')).toBeTruthy();
      expect(within(form).getByText('Enter the sale date')).toBeTruthy();
      expect(callsTo(calls, 'POST', '/api/leads/7/status')).toHaveLength(0);
    },
    SLOW,
  );
});

describe('lead work', () => {
  it(
    'adds a note to the timeline and assigns the lead to a project member',
    async () => {
      const calls = stubLeadsApi();
      renderApp('/leads?lead=7');
      const drawer = await screen.findByRole('dialog', { name: 'Lead: Buyer 7' }, WAIT);

      const noteForm = within(drawer).getByRole('form', { name: 'Add a note' });
      fireEvent.click(within(noteForm).getByRole('button', { name: 'Add note' }));
      expect(await within(noteForm).findByText('Write a note')).toBeTruthy();
      fireEvent.change(within(noteForm).getByRole('textbox', { name: 'Note' }), {
        target: { value: 'Called, will inspect Saturday' },
      });
      fireEvent.click(within(noteForm).getByRole('button', { name: 'Add note' }));
      expect(
        await within(drawer).findByText('Called, will inspect Saturday', { selector: 'p' }, WAIT),
      ).toBeTruthy();
      expect(callsTo(calls, 'POST', '/api/leads/7/notes').map((call) => call.body)).toEqual([
        { text: 'Called, will inspect Saturday' },
      ]);

      await choose('Assignee', 'Sam Sales', within(drawer).getByRole('region', { name: 'Pipeline' }));
      await waitFor(() =>
        expect(callsTo(calls, 'PUT', '/api/leads/7/assignee').map((call) => call.body)).toEqual([
          { assigneeId: 'u2' },
        ]),
      );
    },
    SLOW,
  );

  it(
    "lets an organisation owner set the response target and a project's lead recipients",
    async () => {
      const calls = stubLeadsApi();
      renderApp('/leads');
      fireEvent.click(await screen.findByRole('button', { name: 'Lead settings' }, WAIT));
      const dialog = await screen.findByRole('dialog', { name: 'Lead settings' });

      const minutes = await within(dialog).findByRole('textbox', { name: /Response target/ }, WAIT);
      fireEvent.change(minutes, { target: { value: '30' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save target' }));
      await waitFor(() =>
        expect(callsTo(calls, 'PUT', '/api/leads/settings').map((call) => call.body)).toEqual([
          { minutes: 30, businessHoursOnly: true },
        ]),
      );

      expect(
        await within(dialog).findByText(
          'Empty: new leads go to the defaults (dana@harbourline.example).',
          {},
          WAIT,
        ),
      ).toBeTruthy();
      const recipients = within(dialog).getByRole('combobox', { name: 'Send new leads to' });
      // Mantine ignores writes into an input that has no focus (autofill); a person types into a focused one.
      recipients.focus();
      fireEvent.change(recipients, { target: { value: 'sales@harbourline.example' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save recipients' }));
      await waitFor(() =>
        expect(callsTo(calls, 'PUT', '/api/projects/11/lead-recipients').map((call) => call.body)).toEqual([
          { emails: ['sales@harbourline.example'] },
        ]),
      );
    },
    SLOW,
  );

  it(
    'offers lead settings to owners and admins of the organisation only',
    async () => {
      stubApi({
        'GET /api/auth/get-session': ok(sessionOf()),
        'GET /api/user-projects': ok({
          success: true,
          output: userProjectsOf([projectSummaryOf(11, 'Harbour Residences')], {
            organisation: { id: 'org1', name: 'Harbourline Developments', role: 'member' },
          }),
        }),
        'GET /api/leads': ok(leadPageOf([leadSummaryOf(7)])),
        'GET /api/leads/response-times': ok(responseTimesOf()),
      });
      renderApp('/leads');
      await screen.findByRole('table', { name: 'Leads' }, WAIT);

      expect(screen.queryByRole('button', { name: 'Lead settings' })).toBeNull();
    },
    SLOW,
  );
});

describe('/enquiries', () => {
  it(
    "shows an admin every organisation's leads with an organisation filter sent to the API",
    async () => {
      const calls = stubLeadsApi({ session: adminSessionOf() });
      const router = renderApp('/enquiries');
      await screen.findByRole('table', { name: 'Leads' }, WAIT);
      expect(screen.getByRole('link', { name: 'Enquiries' }).getAttribute('href')).toBe('/enquiries');
      expect(screen.getByRole('link', { name: 'Export CSV' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Lead settings' })).toBeNull();

      await choose('Organisation', 'Harbourline Developments');
      await waitFor(() => expect(router.state.location.search).toEqual({ organisationId: 'org1' }));
      await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ organisationId: 'org1' }));
      expect(callsTo(calls, 'GET', '/api/user-projects')).toHaveLength(0);
    },
    SLOW,
  );

  it(
    "shows an admin their /leads without asking for an organisation's response target they do not have",
    async () => {
      const calls = stubLeadsApi({ session: adminSessionOf() });
      renderApp('/leads');
      await screen.findByRole('table', { name: 'Leads' }, WAIT);
      expect(callsTo(calls, 'GET', '/api/leads/settings')).toHaveLength(0);
      expect(callsTo(calls, 'GET', '/api/user-projects')).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'answers anyone else with the not-found page',
    async () => {
      const calls = stubLeadsApi();
      renderApp('/enquiries');
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
      expect(leadListCalls(calls)).toHaveLength(0);
    },
    SLOW,
  );
});
