import { MantineProvider } from '@mantine/core';
import {
  API_PATHS,
  ERROR_CODES,
  ORGANISATION_MESSAGES,
  type OrganisationDetails,
  type OrganisationMember,
  type OrganisationProject,
} from '@offplan/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { createAppRouter } from '../../router.tsx';
import { type ApiRoutes, apiError, callsTo, ok, stubApi } from '../../test/api-stub.ts';
import { adminSessionOf, sessionOf, userProjectsOf } from '../../test/factories.ts';
import { theme } from '../../theme.ts';

const SLOW = 30_000;
/** The first render of a route loads its code and data: more than findBy's default second on a busy machine. */
const WAIT = { timeout: 10_000 };

function detailsOf(overrides: Partial<OrganisationDetails> = {}): OrganisationDetails {
  return {
    id: 'org1',
    name: 'Harbourline Developments',
    abn: '51824753556',
    logoUrl: null,
    website: 'https://www.harbourline.example/',
    phone: '+61255501200',
    address: { street: 'Level 14, 60 Margaret Street', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
    addressLine: 'Level 14, 60 Margaret Street, Sydney NSW 2000',
    about: 'Sydney developer.',
    visibility: 'public',
    createdAt: '2024-01-01T00:00:00.000Z',
    yourRole: 'owner',
    canManage: true,
    memberCount: 3,
    projectCount: 1,
    ...overrides,
  };
}

function memberOf(id: number, overrides: Partial<OrganisationMember> = {}): OrganisationMember {
  return {
    memberId: `m${id}`,
    userId: `u${id}`,
    name: `Person ${id}`,
    email: `person${id}@harbourline.example`,
    title: null,
    image: null,
    role: 'member',
    joinedAt: '2024-02-01T00:00:00.000Z',
    lastSignInAt: null,
    isYou: false,
    ...overrides,
  };
}

const MEMBERS = [
  memberOf(1, { name: 'Dana Developer', role: 'owner', isYou: true }),
  memberOf(2, { name: 'Alex Admin', role: 'admin' }),
  memberOf(3, { name: 'Morgan Member' }),
];

const PROJECT: OrganisationProject = {
  id: 11,
  title: 'Harbour Residences',
  suburb: 'Parramatta',
  state: 'NSW',
  stage: 'PRECONSTRUCTION',
  salesStatus: 'SELLING_NOW',
  leadsLast30Days: 4,
  updatedAt: '2026-03-01T00:00:00.000Z',
};

type OrganisationApi = {
  details?: OrganisationDetails;
  members?: OrganisationMember[];
  projects?: OrganisationProject[];
  routes?: ApiRoutes;
};

function stubOrganisationApi({
  details = detailsOf(),
  members = MEMBERS,
  projects = [PROJECT],
  routes = {},
}: OrganisationApi = {}) {
  return stubApi({
    [`GET ${API_PATHS.auth.getSession}`]: ok(sessionOf()),
    [`GET ${API_PATHS.userProjects}`]: ok({
      success: true,
      output: userProjectsOf([], {
        organisation: { id: 'org1', name: details.name, role: details.yourRole },
      }),
    }),
    [`GET ${API_PATHS.organisation}`]: ok(details),
    [`GET ${API_PATHS.organisationMembers}`]: ok({ items: members }),
    [`GET ${API_PATHS.organisationProjects}`]: ok({ items: projects }),
    // The invitations and join-requests sections the page shows (their own features test them).
    [`GET ${API_PATHS.organisationInvitations}`]: ok({ items: [] }),
    [`GET ${API_PATHS.organisationJoinRequests}`]: ok({ items: [] }),
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

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/organisation details', () => {
  it(
    'refuses a wrong ABN at the field when it is left, sends nothing, then saves the fixed one',
    async () => {
      const calls = stubOrganisationApi({
        routes: { [`PATCH ${API_PATHS.organisation}`]: ok(detailsOf({ abn: '53004085616' })) },
      });
      renderApp('/organisation');
      const form = await screen.findByRole('form', { name: 'Organisation details' }, WAIT);
      const abn = within(form).getByLabelText('ABN');
      expect((abn as HTMLInputElement).value).toBe('51 824 753 556');

      fireEvent.change(abn, { target: { value: '51 824 753 557' } });
      fireEvent.blur(abn);
      expect(await within(form).findByText(ORGANISATION_MESSAGES.abnInvalid)).toBeTruthy();
      fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));
      await waitFor(() => expect(within(form).getByText(ORGANISATION_MESSAGES.abnInvalid)).toBeTruthy());
      expect(callsTo(calls, 'PATCH', API_PATHS.organisation)).toHaveLength(0);

      fireEvent.change(abn, { target: { value: '53 004 085 616' } });
      fireEvent.blur(abn);
      await waitFor(() => expect(within(form).queryByText(ORGANISATION_MESSAGES.abnInvalid)).toBeNull());
      fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));
      await waitFor(() => expect(callsTo(calls, 'PATCH', API_PATHS.organisation)).toHaveLength(1));
      expect(callsTo(calls, 'PATCH', API_PATHS.organisation)[0]?.body).toMatchObject({
        name: 'Harbourline Developments',
        abn: '53 004 085 616',
        phone: '(02) 5550 1200',
        address: { suburb: 'Sydney', state: 'NSW', postcode: '2000' },
        visibility: 'public',
      });
    },
    SLOW,
  );

  it(
    "puts the server's field message at the field",
    async () => {
      stubOrganisationApi({
        routes: {
          [`PATCH ${API_PATHS.organisation}`]: apiError(
            400,
            ERROR_CODES.validation,
            ORGANISATION_MESSAGES.localityUnknown,
            {
              address: ORGANISATION_MESSAGES.localityUnknown,
            },
          ),
        },
      });
      renderApp('/organisation');
      const form = await screen.findByRole('form', { name: 'Organisation details' }, WAIT);
      fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));
      expect(await within(form).findByText(ORGANISATION_MESSAGES.localityUnknown)).toBeTruthy();
    },
    SLOW,
  );

  it(
    'takes the suburb only as picked from the gazetteer, and a street alone is refused at the field',
    async () => {
      const calls = stubOrganisationApi({
        details: detailsOf({ address: null, addressLine: null }),
        routes: {
          [`GET ${API_PATHS.gazetteer}`]: ok({
            results: [
              {
                suburb: 'Parramatta',
                postcode: '2150',
                state: 'NSW',
                lga: 'City of Parramatta',
                lat: -33.81,
                lng: 151.0,
                label: 'Parramatta NSW 2150',
                source: 'gazetteer',
              },
            ],
          }),
          [`PATCH ${API_PATHS.organisation}`]: ok(detailsOf()),
        },
      });
      renderApp('/organisation');
      const form = await screen.findByRole('form', { name: 'Organisation details' }, WAIT);
      fireEvent.change(within(form).getByLabelText('Street address'), {
        target: { value: '1 Church Street' },
      });
      fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));
      expect(await within(form).findByText(ORGANISATION_MESSAGES.localityRequired)).toBeTruthy();
      expect(callsTo(calls, 'PATCH', API_PATHS.organisation)).toHaveLength(0);

      const locality = within(form).getByRole('combobox', { name: /Suburb, state and postcode/ });
      fireEvent.change(locality, { target: { value: 'Parra' } });
      fireEvent.click(await screen.findByRole('option', { name: 'Parramatta NSW 2150' }, WAIT));
      fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));
      await waitFor(() => expect(callsTo(calls, 'PATCH', API_PATHS.organisation)).toHaveLength(1));
      expect(callsTo(calls, 'PATCH', API_PATHS.organisation)[0]?.body).toMatchObject({
        address: { street: '1 Church Street', suburb: 'Parramatta', state: 'NSW', postcode: '2150' },
      });
    },
    SLOW,
  );

  it(
    'shows a member the details to read, the roles as text and no controls',
    async () => {
      stubOrganisationApi({ details: detailsOf({ yourRole: 'member', canManage: false }) });
      renderApp('/organisation');
      expect(await screen.findByText('51 824 753 556', {}, WAIT)).toBeTruthy();
      expect(screen.getByText('Level 14, 60 Margaret Street, Sydney NSW 2000')).toBeTruthy();
      expect(screen.queryByRole('form', { name: 'Organisation details' })).toBeNull();
      const table = screen.getByRole('table', { name: 'Members' });
      expect(within(table).getByText('Owner')).toBeTruthy();
      expect(within(table).queryByRole('textbox')).toBeNull();
      expect(within(table).queryByRole('button', { name: /Remove/ })).toBeNull();
    },
    SLOW,
  );

  it(
    'tells someone without an organisation what to do next',
    async () => {
      const calls = stubOrganisationApi({
        routes: {
          [`GET ${API_PATHS.userProjects}`]: ok({
            success: true,
            output: userProjectsOf([], { organisation: null }),
          }),
        },
      });
      renderApp('/organisation');
      expect(await screen.findByText(/You are not a member of an organisation yet/, {}, WAIT)).toBeTruthy();
      expect(calls.filter((call) => call.path.startsWith('/api/organisation'))).toEqual([]);
    },
    SLOW,
  );

  it(
    'tells a platform admin where organisations are managed, calling nothing',
    async () => {
      const calls = stubOrganisationApi({
        routes: { [`GET ${API_PATHS.auth.getSession}`]: ok(adminSessionOf()) },
      });
      renderApp('/organisation');
      expect(await screen.findByText(/Platform admins belong to no organisation/, {}, WAIT)).toBeTruthy();
      expect(calls.filter((call) => call.path.startsWith('/api/organisation'))).toEqual([]);
    },
    SLOW,
  );
});

describe('/organisation members and projects', () => {
  it(
    "locks the last owner's controls with the reason, changes a role and removes after confirming",
    async () => {
      const calls = stubOrganisationApi({
        routes: {
          [`PATCH ${API_PATHS.organisationMember('m3')}`]: ok({ ...MEMBERS[2], role: 'admin' }),
          [`DELETE ${API_PATHS.organisationMember('m2')}`]: { status: 204, body: null },
        },
      });
      renderApp('/organisation');
      const table = await screen.findByRole('table', { name: 'Members' }, WAIT);
      expect(
        (within(table).getByRole('combobox', { name: 'Role of Dana Developer' }) as HTMLInputElement)
          .disabled,
      ).toBe(true);
      expect(
        (within(table).getByRole('button', { name: 'Remove Dana Developer' }) as HTMLButtonElement).disabled,
      ).toBe(true);

      fireEvent.click(within(table).getByRole('combobox', { name: 'Role of Morgan Member' }));
      fireEvent.click(await screen.findByRole('option', { name: 'Admin' }));
      await waitFor(() =>
        expect(callsTo(calls, 'PATCH', API_PATHS.organisationMember('m3'))).toHaveLength(1),
      );
      expect(callsTo(calls, 'PATCH', API_PATHS.organisationMember('m3'))[0]?.body).toEqual({ role: 'admin' });

      fireEvent.click(within(table).getByRole('button', { name: 'Remove Alex Admin' }));
      const dialog = await screen.findByRole('dialog', { name: 'Remove this member?' });
      expect(callsTo(calls, 'DELETE', API_PATHS.organisationMember('m2'))).toHaveLength(0);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));
      await waitFor(() =>
        expect(callsTo(calls, 'DELETE', API_PATHS.organisationMember('m2'))).toHaveLength(1),
      );
    },
    SLOW,
  );

  it(
    'offers an admin no owner role and locks the owners',
    async () => {
      stubOrganisationApi({
        details: detailsOf({ yourRole: 'admin' }),
        members: [
          MEMBERS[0]!,
          { ...MEMBERS[1]!, isYou: true },
          memberOf(4, { name: 'Second Owner', role: 'owner' }),
        ],
      });
      renderApp('/organisation');
      const table = await screen.findByRole('table', { name: 'Members' }, WAIT);
      expect(
        (within(table).getByRole('combobox', { name: 'Role of Second Owner' }) as HTMLInputElement).disabled,
      ).toBe(true);
      fireEvent.click(within(table).getByRole('combobox', { name: 'Role of Alex Admin' }));
      const owner = await screen.findByRole('option', { name: 'Owner' });
      expect(
        owner.getAttribute('aria-disabled') ?? owner.getAttribute('data-combobox-disabled'),
      ).toBeTruthy();
    },
    SLOW,
  );

  it(
    'lists the projects with links to their summaries, or says how to add the first',
    async () => {
      stubOrganisationApi();
      renderApp('/organisation');
      const table = await screen.findByRole('table', { name: 'Projects' }, WAIT);
      expect(within(table).getByRole('link', { name: 'Harbour Residences' }).getAttribute('href')).toBe(
        '/projects/11/summary',
      );
      expect(within(table).getByText('4')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'with no projects says how to add the first',
    async () => {
      stubOrganisationApi({ projects: [] });
      renderApp('/organisation');
      expect(await screen.findByText(/Your organisation has no projects yet/, {}, WAIT)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Add a project' }).getAttribute('href')).toBe('/projects/new');
    },
    SLOW,
  );
});
