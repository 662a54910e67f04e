import { MantineProvider } from '@mantine/core';
import {
  API_PATHS,
  type ApiKey,
  CRM_MESSAGES,
  type CrmDelivery,
  type CrmDestination,
  ERROR_CODES,
} from '@offplan/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { createAppRouter } from '../../router.tsx';
import { type ApiCall, type ApiRoutes, apiError, callsTo, ok, stubApi } from '../../test/api-stub.ts';
import { adminSessionOf, projectSummaryOf, sessionOf, userProjectsOf } from '../../test/factories.ts';
import { theme } from '../../theme.ts';

const SLOW = 30_000;
/** The first render of a route loads its code and data: more than findBy's default second on a busy machine. */
const WAIT = { timeout: 10_000 };
const SECRET = 'whsec_c2VjcmV0LXNob3duLW9uY2Utb25seS0xMjM0';

function destinationOf(id: number, overrides: Partial<CrmDestination> = {}): CrmDestination {
  return {
    id,
    name: `Destination ${id}`,
    kind: 'WEBHOOK',
    url: `https://crm.example.com/hooks/${id}`,
    email: null,
    allProjects: true,
    projectIds: [],
    enabled: true,
    disabledReason: null,
    secretHint: 'whsec_…1234',
    previousSecretExpiresAt: null,
    createdAt: '2026-03-01T00:00:00.000Z',
    recent: { delivered: 3, retrying: 0, failed: 1, pending: 0, lastAt: null, lastStatus: null },
    ...overrides,
  };
}

function deliveryOf(id: number, overrides: Partial<CrmDelivery> = {}): CrmDelivery {
  return {
    id,
    destinationId: 1,
    leadId: 100 + id,
    projectId: 11,
    projectTitle: 'Harbour Residences',
    test: false,
    messageId: `msg_${id}`,
    status: 'FAILED',
    attempts: 10,
    lastAttemptAt: '2026-03-02T00:00:00.000Z',
    nextAttemptAt: null,
    responseCode: 503,
    latencyMs: 120,
    error: 'The receiver answered 503',
    createdAt: '2026-03-01T00:00:00.000Z',
    history: [
      {
        at: '2026-03-02T00:00:00.000Z',
        responseCode: 503,
        latencyMs: 120,
        ok: false,
        error: 'The receiver answered 503',
      },
    ],
    ...overrides,
  };
}

function apiKeyOf(id: number, overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id,
    name: `Key ${id}`,
    scope: 'READ',
    prefix: 'opk_AbCdEfGh',
    createdAt: '2026-03-01T00:00:00.000Z',
    createdBy: 'Dana Developer',
    lastUsedAt: null,
    ...overrides,
  };
}

type CrmApi = {
  destinations?: CrmDestination[];
  role?: 'owner' | 'admin' | 'member';
  session?: unknown;
  routes?: ApiRoutes;
};

/** The CRM API as the owner of Harbourline (two projects) meets it; `routes` add or override. */
function stubCrmApi({
  destinations = [destinationOf(1)],
  role = 'owner',
  session,
  routes = {},
}: CrmApi = {}) {
  const projects = [projectSummaryOf(11, 'Harbour Residences'), projectSummaryOf(12, 'Quay Towers')];
  return stubApi({
    [`GET ${API_PATHS.auth.getSession}`]: ok(session ?? sessionOf()),
    [`GET ${API_PATHS.userProjects}`]: ok({
      success: true,
      output: userProjectsOf(projects, {
        organisation: { id: 'org1', name: 'Harbourline Developments', role },
      }),
    }),
    [`GET ${API_PATHS.crmDestinations}`]: ok({ items: destinations }),
    [`GET ${API_PATHS.crmProjects}`]: ok({
      items: [
        { projectId: 11, title: 'Harbour Residences', destinations: 1, lastDeliveredAt: null, failing: 2 },
        { projectId: 12, title: 'Quay Towers', destinations: 0, lastDeliveredAt: null, failing: 0 },
      ],
    }),
    [`GET ${API_PATHS.apiKeys}`]: ok({ items: [apiKeyOf(5)] }),
    ...routes,
  });
}

function renderApp(path: string) {
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

const crmCalls = (calls: ApiCall[]) => calls.filter((call) => call.path.startsWith('/api/crm'));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/crm destinations', () => {
  it(
    'is in the navigation and, with no destination yet, says what to do next',
    async () => {
      stubCrmApi({ destinations: [] });
      renderApp('/crm');

      expect(
        await screen.findByText(
          'Add a webhook or CRM email destination to send every new lead to your CRM.',
          {},
          WAIT,
        ),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'CRM Integration' }).getAttribute('href')).toBe('/crm');
      expect(
        within(screen.getByRole('banner')).getByRole('heading', { name: 'CRM Integration' }),
      ).toBeTruthy();
      const projects = screen.getByRole('region', { name: 'Projects' });
      expect(within(projects).getByText('2 failing')).toBeTruthy();
      expect(within(projects).getByText('Not delivered')).toBeTruthy();
      expect(screen.getByRole('table', { name: 'API keys' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe('/api/docs');
    },
    SLOW,
  );

  it(
    "shows the form's own field errors, sends nothing invalid, and puts the server's at the field",
    async () => {
      const calls = stubCrmApi({
        routes: {
          [`POST ${API_PATHS.crmDestinations}`]: apiError(
            400,
            ERROR_CODES.validation,
            CRM_MESSAGES.webhookUrlPrivate,
            {
              url: CRM_MESSAGES.webhookUrlPrivate,
            },
          ),
        },
      });
      renderApp('/crm');
      fireEvent.click(await screen.findByRole('button', { name: 'Add destination' }, WAIT));
      const dialog = await screen.findByRole('dialog', { name: 'Add a destination' });

      fireEvent.change(within(dialog).getByLabelText(/Webhook URL/), {
        target: { value: 'ftp://crm.example.com' },
      });
      fireEvent.click(within(dialog).getByRole('switch', { name: /Deliver leads of all projects/ }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add destination' }));

      expect(await within(dialog).findByText('Enter a name')).toBeTruthy();
      expect(within(dialog).getByText(CRM_MESSAGES.webhookUrlHttps)).toBeTruthy();
      expect(within(dialog).getByText(CRM_MESSAGES.projectsRequired)).toBeTruthy();
      expect(callsTo(calls, 'POST', API_PATHS.crmDestinations)).toHaveLength(0);

      fireEvent.click(within(dialog).getByRole('radio', { name: 'CRM email' }));
      fireEvent.change(within(dialog).getByLabelText(/CRM inbound email/), {
        target: { value: 'not-an-address' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add destination' }));
      expect(await within(dialog).findByText(CRM_MESSAGES.emailInvalid)).toBeTruthy();

      fireEvent.click(within(dialog).getByRole('radio', { name: 'Webhook' }));
      fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Acme CRM' } });
      fireEvent.change(within(dialog).getByLabelText(/Webhook URL/), {
        target: { value: 'https://10.0.0.5/hook' },
      });
      fireEvent.click(within(dialog).getByRole('switch', { name: /Deliver leads of all projects/ }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add destination' }));

      await waitFor(() => expect(callsTo(calls, 'POST', API_PATHS.crmDestinations)).toHaveLength(1));
      expect(callsTo(calls, 'POST', API_PATHS.crmDestinations)[0]?.body).toEqual({
        name: 'Acme CRM',
        kind: 'WEBHOOK',
        url: 'https://10.0.0.5/hook',
        allProjects: true,
        projectIds: [],
        enabled: true,
      });
      const urlField = within(dialog).getByLabelText(/Webhook URL/);
      expect(await within(dialog).findByText(CRM_MESSAGES.webhookUrlPrivate)).toBeTruthy();
      expect(urlField.getAttribute('aria-invalid')).toBe('true');
    },
    SLOW,
  );

  it(
    "shows a new webhook's secret once, with the way to verify it, and never again",
    async () => {
      const created = destinationOf(2, {
        name: 'Acme CRM',
        url: 'https://crm.example.com/acme',
        secretHint: 'whsec_…1234',
      });
      const destinations = [destinationOf(1)];
      const calls = stubCrmApi({
        destinations,
        routes: {
          [`GET ${API_PATHS.crmDestinations}`]: () => ok({ items: destinations }),
          [`POST ${API_PATHS.crmDestinations}`]: () => {
            destinations.push(created);
            return { status: 201, body: { destination: created, secret: SECRET } };
          },
        },
      });
      renderApp('/crm');
      fireEvent.click(await screen.findByRole('button', { name: 'Add destination' }, WAIT));
      const form = await screen.findByRole('dialog', { name: 'Add a destination' });
      fireEvent.change(within(form).getByLabelText(/Name/), { target: { value: 'Acme CRM' } });
      fireEvent.change(within(form).getByLabelText(/Webhook URL/), {
        target: { value: 'https://crm.example.com/acme' },
      });
      fireEvent.click(within(form).getByRole('button', { name: 'Add destination' }));

      const shown = await screen.findByRole('dialog', { name: 'Signing secret for Acme CRM' });
      expect(within(shown).getByText(SECRET)).toBeTruthy();
      expect(within(shown).getByText(/it will not be shown again/)).toBeTruthy();
      expect(within(shown).getByRole('link', { name: 'Standard Webhooks' })).toBeTruthy();
      expect(within(shown).getByRole('button', { name: 'Copy signing secret' })).toBeTruthy();

      fireEvent.click(within(shown).getByRole('button', { name: 'I have stored it' }));
      const card = await screen.findByRole('article', { name: 'Acme CRM' });
      await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
      expect(within(card).getByText('whsec_…1234')).toBeTruthy();
      expect(
        JSON.stringify(calls.filter((call) => call.method === 'GET').map((call) => call.path)),
      ).not.toContain('secret');
    },
    SLOW,
  );
});

describe('/crm destination actions', () => {
  it(
    'rotates a secret after confirming, shows the new one once and says the old one keeps working for 24 hours',
    async () => {
      const calls = stubCrmApi({
        routes: {
          [`POST ${API_PATHS.crmDestinationSecret(1)}`]: ok({
            destination: destinationOf(1),
            secret: SECRET,
          }),
        },
      });
      renderApp('/crm');
      const card = await screen.findByRole('article', { name: 'Destination 1' }, WAIT);
      fireEvent.click(within(card).getByRole('button', { name: 'Rotate secret' }));
      const confirm = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
      expect(callsTo(calls, 'POST', API_PATHS.crmDestinationSecret(1))).toHaveLength(0);
      fireEvent.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));

      const shown = await screen.findByRole('dialog', { name: 'Signing secret for Destination 1' });
      expect(within(shown).getByText(SECRET)).toBeTruthy();
      expect(within(shown).getByText(/The old secret keeps working for 24 hours/)).toBeTruthy();
      expect(callsTo(calls, 'POST', API_PATHS.crmDestinationSecret(1))).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'disables a destination by sending it back whole, and says why the portal disabled one',
    async () => {
      const emailDestination = destinationOf(3, {
        kind: 'EMAIL',
        url: null,
        email: 'leads@crm.example.com',
        secretHint: null,
        allProjects: false,
        projectIds: [12],
      });
      const gone = destinationOf(4, { enabled: false, disabledReason: CRM_MESSAGES.disabledGone });
      const calls = stubCrmApi({
        destinations: [emailDestination, gone],
        routes: {
          [`PATCH ${API_PATHS.crmDestination(3)}`]: ({ body }) =>
            ok({ ...emailDestination, ...(body as object) }),
        },
      });
      renderApp('/crm');
      const card = await screen.findByRole('article', { name: 'Destination 3' }, WAIT);
      expect(within(card).getByText('leads@crm.example.com')).toBeTruthy();
      expect(within(card).getByText('Quay Towers')).toBeTruthy();
      expect(
        within(screen.getByRole('article', { name: 'Destination 4' })).getByText(CRM_MESSAGES.disabledGone),
      ).toBeTruthy();

      fireEvent.click(within(card).getByRole('switch', { name: 'Enabled' }));
      await waitFor(() => expect(callsTo(calls, 'PATCH', API_PATHS.crmDestination(3))).toHaveLength(1));
      expect(callsTo(calls, 'PATCH', API_PATHS.crmDestination(3))[0]?.body).toEqual({
        name: 'Destination 3',
        kind: 'EMAIL',
        email: 'leads@crm.example.com',
        allProjects: false,
        projectIds: [12],
        enabled: false,
      });
    },
    SLOW,
  );
});

describe('/crm delivery log', () => {
  it(
    'resends one delivery and all failed ones on their own paths, and pages by cursor',
    async () => {
      const calls = stubCrmApi({
        routes: {
          [`GET ${API_PATHS.crmDestinationDeliveries(1)}`]: ({ url }) =>
            url.searchParams.get('cursor') === 'page-2'
              ? ok({ items: [deliveryOf(9)], nextCursor: null })
              : ok({
                  items: [deliveryOf(7), deliveryOf(8, { test: true, leadId: null })],
                  nextCursor: 'page-2',
                }),
          [`POST ${API_PATHS.crmDeliveryResend(7)}`]: {
            status: 202,
            body: deliveryOf(7, { status: 'PENDING' }),
          },
          [`POST ${API_PATHS.crmDestinationResendFailed(1)}`]: ok({ resent: 3 }),
        },
      });
      renderApp('/crm');
      const card = await screen.findByRole('article', { name: 'Destination 1' }, WAIT);
      fireEvent.click(within(card).getByRole('button', { name: 'Delivery log' }));

      const drawer = await screen.findByRole('dialog', { name: 'Delivery log: Destination 1' });
      const table = await within(drawer).findByRole('table', { name: 'Deliveries to Destination 1' });
      expect(within(table).getAllByTestId('delivery-row')).toHaveLength(2);
      expect(within(table).getByText('Test lead')).toBeTruthy();
      expect(within(table).getAllByText('Failed').length).toBeGreaterThan(0);

      fireEvent.click(within(table).getByRole('button', { name: 'Resend delivery 7' }));
      await waitFor(() => expect(callsTo(calls, 'POST', API_PATHS.crmDeliveryResend(7))).toHaveLength(1));
      expect(callsTo(calls, 'POST', API_PATHS.crmDeliveryResend(8))).toHaveLength(0);

      fireEvent.click(within(drawer).getByRole('button', { name: 'Resend all failed' }));
      await waitFor(() =>
        expect(callsTo(calls, 'POST', API_PATHS.crmDestinationResendFailed(1))).toHaveLength(1),
      );

      fireEvent.click(within(drawer).getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(within(drawer).getAllByTestId('delivery-row')).toHaveLength(3));
      const pages = callsTo(calls, 'GET', API_PATHS.crmDestinationDeliveries(1));
      expect(pages.some((call) => call.url.searchParams.get('cursor') === 'page-2')).toBe(true);
      expect(within(drawer).queryByRole('button', { name: 'Load more' })).toBeNull();
    },
    SLOW,
  );

  it(
    'opens the attempt history, filters by status, and refreshes by itself while a delivery is pending',
    async () => {
      let pendingReads = 0;
      const calls = stubCrmApi({
        routes: {
          [`GET ${API_PATHS.crmDestinationDeliveries(1)}`]: ({ url }) => {
            if (url.searchParams.get('status') === 'FAILED')
              return ok({ items: [deliveryOf(7)], nextCursor: null });
            pendingReads += 1;
            const status = pendingReads < 2 ? 'PENDING' : 'DELIVERED';
            return ok({ items: [deliveryOf(8, { status, test: true, history: [] })], nextCursor: null });
          },
        },
      });
      renderApp('/crm');
      fireEvent.click(
        within(await screen.findByRole('article', { name: 'Destination 1' }, WAIT)).getByRole('button', {
          name: 'Delivery log',
        }),
      );
      const drawer = await screen.findByRole('dialog', { name: 'Delivery log: Destination 1' });
      const log = await within(drawer).findByRole('table', { name: 'Deliveries to Destination 1' });
      expect(within(log).getByText('Pending')).toBeTruthy();
      // No click: the log asks again by itself while a delivery is pending, and stops once it is not.
      expect(await within(log).findByText('Delivered', {}, { timeout: 8000 })).toBeTruthy();
      // Settled, the destination's counts are read again so its card follows.
      await waitFor(() => expect(callsTo(calls, 'GET', API_PATHS.crmDestinations).length).toBeGreaterThan(1));
      const readsWhenSettled = pendingReads;
      await new Promise((resolve) => setTimeout(resolve, 3500));
      expect(pendingReads).toBe(readsWhenSettled);

      fireEvent.click(within(drawer).getByRole('combobox', { name: 'Status' }));
      fireEvent.click(await screen.findByRole('option', { name: 'Failed' }));
      const row = await within(drawer).findByRole('button', { name: /ago|Mar/, expanded: false });
      fireEvent.click(row);
      expect(await within(drawer).findByRole('table', { name: 'Attempts of delivery 7' })).toBeTruthy();
      expect(within(drawer).getByText('msg_7')).toBeTruthy();
      const statuses = callsTo(calls, 'GET', API_PATHS.crmDestinationDeliveries(1)).map((call) =>
        call.url.searchParams.get('status'),
      );
      expect(statuses).toContain('FAILED');
    },
    SLOW,
  );

  it(
    'sends a test lead and opens the log that shows it',
    async () => {
      const calls = stubCrmApi({
        routes: {
          [`POST ${API_PATHS.crmDestinationTest(1)}`]: {
            status: 202,
            body: deliveryOf(20, { test: true, leadId: null, status: 'PENDING' }),
          },
          [`GET ${API_PATHS.crmDestinationDeliveries(1)}`]: ok({
            items: [deliveryOf(20, { test: true, leadId: null, status: 'DELIVERED', responseCode: 204 })],
            nextCursor: null,
          }),
        },
      });
      renderApp('/crm');
      const card = await screen.findByRole('article', { name: 'Destination 1' }, WAIT);
      fireEvent.click(within(card).getByRole('button', { name: 'Send test lead' }));

      const drawer = await screen.findByRole('dialog', { name: 'Delivery log: Destination 1' });
      const log = await within(drawer).findByRole('table', { name: 'Deliveries to Destination 1' });
      expect(within(log).getByText('Test lead')).toBeTruthy();
      expect(within(log).getByText('Delivered')).toBeTruthy();
      expect(callsTo(calls, 'POST', API_PATHS.crmDestinationTest(1))).toHaveLength(1);
    },
    SLOW,
  );
});

describe('/crm API keys', () => {
  it(
    'creates a key shown once with a curl example, and revokes one after confirming',
    async () => {
      const key = 'opk_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
      const calls = stubCrmApi({
        routes: {
          [`POST ${API_PATHS.apiKeys}`]: {
            status: 201,
            body: { apiKey: apiKeyOf(6, { name: 'Salesforce' }), key },
          },
          [`DELETE ${API_PATHS.apiKey(5)}`]: { status: 204, body: null },
        },
      });
      renderApp('/crm');
      fireEvent.click(await screen.findByRole('button', { name: 'Create API key' }, WAIT));
      const form = await screen.findByRole('dialog', { name: 'Create an API key' });
      fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
      expect(await within(form).findByText('Enter a name')).toBeTruthy();
      fireEvent.change(within(form).getByLabelText(/Name/), { target: { value: 'Salesforce' } });
      fireEvent.click(within(form).getByRole('radio', { name: 'Read and create leads' }));
      fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));

      const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
      expect(within(shown).getByText(key)).toBeTruthy();
      expect(
        within(shown).getByText(
          `curl -H "Authorization: Bearer ${key}" "http://localhost:3000${API_PATHS.leadApi}"`,
        ),
      ).toBeTruthy();
      expect(callsTo(calls, 'POST', API_PATHS.apiKeys)[0]?.body).toEqual({
        name: 'Salesforce',
        scope: 'WRITE',
      });
      fireEvent.click(within(shown).getByRole('button', { name: 'I have stored it' }));
      await waitFor(() => expect(screen.queryByText(key)).toBeNull());

      fireEvent.click(screen.getByRole('button', { name: 'Revoke Key 5' }));
      const confirm = await screen.findByRole('dialog', { name: 'Revoke this API key?' });
      expect(callsTo(calls, 'DELETE', API_PATHS.apiKey(5))).toHaveLength(0);
      fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
      await waitFor(() => expect(callsTo(calls, 'DELETE', API_PATHS.apiKey(5))).toHaveLength(1));
    },
    SLOW,
  );
});

describe('/crm for people without crm.manage', () => {
  it(
    'tells a plain member they need an owner or admin, and asks the CRM API nothing',
    async () => {
      const calls = stubCrmApi({ role: 'member' });
      renderApp('/crm');

      expect(await screen.findByText('You need to be an owner or admin', {}, WAIT)).toBeTruthy();
      expect(crmCalls(calls)).toEqual([]);
    },
    SLOW,
  );

  it(
    'tells a platform admin to impersonate an owner, without asking the CRM API',
    async () => {
      const calls = stubCrmApi({ session: adminSessionOf() });
      renderApp('/crm');

      expect(await screen.findByText(/impersonate one of its owners or admins/, {}, WAIT)).toBeTruthy();
      expect(crmCalls(calls)).toEqual([]);
    },
    SLOW,
  );

  it(
    "explains the API's 403 (a role changed meanwhile) instead of crashing",
    async () => {
      stubCrmApi({
        routes: {
          [`GET ${API_PATHS.crmDestinations}`]: apiError(403, ERROR_CODES.forbidden, 'You may not do this.'),
        },
      });
      renderApp('/crm');

      expect(await screen.findByText('You need to be an owner or admin', {}, WAIT)).toBeTruthy();
      // React reports the loader's error it hands to the route's error component; that is expected here.
      vi.mocked(console.error).mockClear();
    },
    SLOW,
  );
});
