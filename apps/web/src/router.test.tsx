import { MESSAGES, type ProjectSummary, type SiteInfo } from '@offplan/shared';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiClientError,
  reportAccessError,
  setEmailNotVerifiedHandler,
  setSessionRequiredHandler,
} from './lib/api-client.ts';
import { createQueryClient } from './lib/query-client.ts';
import {
  type AppRouter,
  createAccessErrorHandlers,
  createAppRouter,
  installAccessErrorHandlers,
} from './router.tsx';
import { type ApiAnswer, apiError, ok, stubApi as stubFrameApi } from './test/api-stub.ts';
import { projectSummaryOf, sessionOf, siteOf, userOf, userProjectsOf } from './test/factories.ts';
import { renderWithProviders } from './test/render.tsx';

const project = projectSummaryOf;
const account = (projects: ProjectSummary[]) => userProjectsOf(projects);

type Api = {
  site?: Partial<SiteInfo>;
  /** A function answers each get-session call in turn. */
  session?: unknown;
  userProjects?: ApiAnswer;
  /** Called when the sign-in form posts; answers success. */
  onSignIn?: () => void;
};

/** Answers the calls the app makes, like the API would (the account only when given). */
function stubApi(api: Api) {
  return stubFrameApi({
    'GET /api/site': ok(siteOf(api.site)),
    'GET /api/auth/get-session': () =>
      ok((typeof api.session === 'function' ? api.session() : api.session) ?? null),
    'POST /api/auth/sign-in/email': () => {
      api.onSignIn?.();
      return ok({ redirect: false, token: 't', user: userOf() });
    },
    'GET /api/user-projects': api.userProjects ?? apiError(404, 'NOT_FOUND', 'Not found.'),
    // The admins' home (/users) lists the users: none here.
    'GET /api/admin/users': ok({ items: [], total: 0, page: 1, perPage: 25 }),
  });
}

function renderApp(path: string): AppRouter {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  installAccessErrorHandlers(router, queryClient);
  renderWithProviders(<RouterProvider router={router} />, { queryClient });
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionRequiredHandler(null);
  setEmailNotVerifiedHandler(null);
});

const sessionRequiredAnswer = {
  status: 401,
  body: { error: { code: 'SessionRequired', message: 'You need to be signed in to do that.' } },
};
const emailNotVerifiedAnswer = {
  status: 403,
  body: { error: { code: 'EMAIL_NOT_VERIFIED', message: 'Verify your email address to continue.' } },
};

describe('session routing: signed-out and unverified visitors (spec §4)', () => {
  it('sends a signed-out visitor of a protected page to sign-in with a redirect back', async () => {
    stubApi({ session: null });
    const router = renderApp('/dashboard?sort=title');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.href).toBe('/login?redirect=%2Fdashboard%3Fsort%3Dtitle');
    expect(router.state.location.search).toEqual({ redirect: '/dashboard?sort=title' });
  });

  it('sends a signed-out visitor of the root to sign-in without a redirect', async () => {
    stubApi({ session: null });
    const router = renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.href).toBe('/login');
  });

  it('sends a user with an unverified email to /verify-email, which names the address', async () => {
    stubApi({ session: sessionOf({ emailVerified: false }) });
    const router = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/verify-email');
    expect(screen.getByText('dana@harbourline.example')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign out' }).getAttribute('href')).toBe('/logout');
  });

  it('still sends a verified user on a plain /verify-email to the dashboard', async () => {
    stubApi({
      session: sessionOf(),
      userProjects: { status: 200, body: { success: true, output: account([]) } },
    });
    const router = renderApp('/verify-email');

    expect(await screen.findByText('No projects yet')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('session routing: leaving /login for the redirect target (spec §4)', () => {
  it('sends a signed-in user away from /login to the redirect target', async () => {
    stubApi({
      session: sessionOf(),
      userProjects: { status: 200, body: { success: true, output: account([]) } },
    });
    const router = renderApp('/login?redirect=%2Fdashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it.each([
    ['a tab', '/\t/evil.example'],
    ['a newline', '/\n/evil.example'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['a dot segment', '/.//evil.example'],
  ])(
    'sends a signed-in user away from /login past a redirect with %s, to the dashboard',
    async (_, target) => {
      stubApi({
        session: sessionOf(),
        userProjects: { status: 200, body: { success: true, output: account([]) } },
      });
      const router = renderApp(`/login?${new URLSearchParams({ redirect: target })}`);

      expect(await screen.findByText('No projects yet')).toBeTruthy();
      expect(router.state.location.href).toBe('/dashboard');
    },
  );

  it('stays on sign-in after SessionRequired even if a session still reads as valid', async () => {
    stubApi({ session: sessionOf() });
    const router = renderApp('/login?error=SessionRequired&redirect=%2Fdashboard');

    expect(await screen.findByText(MESSAGES.sessionRequired)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('session routing: calls the server refuses (SessionRequired, EMAIL_NOT_VERIFIED)', () => {
  it('shows the sign-in page with the session message after a call answered SessionRequired', async () => {
    // The session expired on the server after the app read it.
    let sessionReads = 0;
    stubApi({
      session: () => (sessionReads++ === 0 ? sessionOf() : null),
      userProjects: sessionRequiredAnswer,
    });
    const router = renderApp('/dashboard');

    expect(await screen.findByText(MESSAGES.sessionRequired)).toBeTruthy();
    expect(router.state.location.href).toBe('/login?error=SessionRequired&redirect=%2Fdashboard');
    expect(router.state.location.search).toEqual({ error: 'SessionRequired', redirect: '/dashboard' });
  });

  it('goes to sign-in when the first navigation from /login to /dashboard answers SessionRequired', async () => {
    // B7: the call fails while the router is still on /login, the page being left.
    let signedIn = false;
    stubApi({
      session: () => (signedIn ? sessionOf() : null),
      onSignIn: () => {
        signedIn = true;
      },
      userProjects: sessionRequiredAnswer,
    });
    const router = renderApp('/login?redirect=%2Fdashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'dana@harbourline.example' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse-battery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(MESSAGES.sessionRequired)).toBeTruthy();
    await waitFor(() =>
      expect(router.state.location.href).toBe('/login?error=SessionRequired&redirect=%2Fdashboard'),
    );
    expect(screen.queryByText('Your projects could not be loaded')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });

  it('takes SessionRequired to sign-in from the page being navigated to, not the one being left', () => {
    // B7: mid-navigation the router state may still hold the page being left (/login here); the
    // handler must go by the history entry being loaded. A router in that state, as a stand-in:
    const navigate = vi.fn(async () => {});
    const midNavigation = {
      state: { location: { pathname: '/login', searchStr: '?redirect=%2Fdashboard' } },
      latestLocation: { pathname: '/dashboard', searchStr: '' },
      navigate,
    } as unknown as AppRouter;
    installAccessErrorHandlers(midNavigation, createQueryClient());

    reportAccessError(new ApiClientError({ ...sessionRequiredAnswer.body.error, status: 401 }));

    expect(navigate).toHaveBeenCalledExactlyOnceWith({
      href: '/login?error=SessionRequired&redirect=%2Fdashboard',
      replace: true,
    });
  });

  it('never leaves the user on an error page for a lost session, even if the first move did not happen', async () => {
    let sessionReads = 0;
    stubApi({
      session: () => (sessionReads++ === 0 ? sessionOf() : null),
      userProjects: sessionRequiredAnswer,
    });
    const queryClient = createQueryClient();
    const router = createAppRouter({
      queryClient,
      history: createMemoryHistory({ initialEntries: ['/dashboard'] }),
    });
    // The API client's report is dropped (as B7 dropped it); the page that receives the error reports again.
    const handlers = createAccessErrorHandlers(router, queryClient);
    const reports = vi.fn();
    setSessionRequiredHandler((error) => {
      reports(error);
      if (reports.mock.calls.length > 1) handlers.sessionRequired(error);
    });
    renderWithProviders(<RouterProvider router={router} />, { queryClient });

    expect(await screen.findByText(MESSAGES.sessionRequired)).toBeTruthy();
    expect(router.state.location.href).toBe('/login?error=SessionRequired&redirect=%2Fdashboard');
    // Once by the API client, once by the dashboard's error component (and the frame's own count
    // query may ask again and be refused while the move is under way).
    expect(reports.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText('Your projects could not be loaded')).toBeNull();
    // React logs the error the dashboard's error boundary caught; expected in this test only.
    expect(vi.mocked(console.error).mock.calls.flat().map(String).join(' ')).toMatch(
      /You need to be signed in to do that/,
    );
    vi.mocked(console.error).mockClear();
  });

  it('goes to /verify-email when a call answers EMAIL_NOT_VERIFIED, even if the session reads as verified', async () => {
    // The server's refusal wins over a session answer that would send the user straight back.
    const calls = stubApi({ session: sessionOf(), userProjects: emailNotVerifiedAnswer });
    const router = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(router.state.location.href).toBe('/verify-email?error=EMAIL_NOT_VERIFIED');
    expect(screen.getByText('dana@harbourline.example')).toBeTruthy();
    // The session was read again rather than trusted from before the refusal.
    expect(calls.filter((call) => call.path === '/api/auth/get-session').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText('Your projects could not be loaded')).toBeNull();
    expect(screen.queryByText('Admins have no projects of their own')).toBeNull();
  });
});

describe('dashboard', () => {
  it("shows the user's projects as cards under the 'Dashboard' title", async () => {
    const projects = [project(1, 'The Wharf Residences'), project(2, 'Ironbark Gardens')];
    stubApi({
      session: sessionOf(),
      userProjects: { status: 200, body: { success: true, output: account(projects) } },
    });
    renderApp('/dashboard');

    const cards = await screen.findAllByTestId('project-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { name: 'The Wharf Residences' })).toBeTruthy();
    expect(within(cards[0]!).getByText('Parramatta, NSW')).toBeTruthy();
    expect(within(cards[0]!).getByText('Selling Now')).toBeTruthy();
    expect(within(cards[0]!).getByText('Construction Commenced')).toBeTruthy();
    expect(within(cards[0]!).getByText('3 Mar 2026')).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('button', { name: /account menu/i })).toBeTruthy();
  });

  it('redirects / to /dashboard for a signed-in user', async () => {
    stubApi({
      session: sessionOf(),
      userProjects: { status: 200, body: { success: true, output: account([]) } },
    });
    const router = renderApp('/');

    expect(await screen.findByText('No projects yet')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it.each(['/', '/login', '/login?redirect=%2Flogout', '/verify-email'])(
    "sends a platform admin on %s to /users, the admins' home (issue 22 part 4)",
    async (path) => {
      stubApi({ session: sessionOf({ role: 'admin' }) });
      const router = renderApp(path);

      await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    },
  );

  it('explains the empty dashboard and hides the dashboard link without projects (spec §4)', async () => {
    stubApi({
      session: sessionOf(),
      userProjects: { status: 200, body: { success: true, output: account([]) } },
    });
    renderApp('/dashboard');

    expect(await screen.findByText('No projects yet')).toBeTruthy();
    expect(screen.queryAllByTestId('project-card')).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it.each([
    ['owner', true],
    ['admin', true],
    ['member', false],
  ] as const)(
    "offers 'Review access requests' on /projects to an organisation %s: %s",
    async (role, offered) => {
      const output = account([project(1, 'Harbour Views')]);
      stubApi({
        session: sessionOf(),
        userProjects: {
          status: 200,
          body: { success: true, output: { ...output, organisation: { ...output.organisation, role } } },
        },
      });
      renderApp('/projects');

      expect(await screen.findByRole('heading', { name: 'Live projects' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Add a project' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Review access requests' }) !== null).toBe(offered);
    },
  );

  it('tells admins they have no projects, without asking the API for them', async () => {
    const calls = stubApi({ session: sessionOf({ role: 'admin' }) });
    renderApp('/dashboard');

    expect(await screen.findByText('Admins have no projects of their own')).toBeTruthy();
    expect(calls.map((call) => call.path)).not.toContain('/api/user-projects');
  });
});

describe('maintenance', () => {
  it('shows the maintenance screen instead of the app (spec §2)', async () => {
    stubApi({ session: sessionOf(), site: { maintenanceMode: true } });
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: MESSAGES.maintenanceHeading })).toBeTruthy();
    expect(screen.getByText(MESSAGES.maintenance)).toBeTruthy();
  });
});

describe('not found', () => {
  // Admin pages answer a portal user as if they did not exist (the API refuses them too).
  it.each(['/no-such-page-here', '/roles', '/export', '/admin/scheduled-tasks'])(
    'answers %s with the not-found page',
    async (path) => {
      stubApi({ session: sessionOf() });
      renderApp(path);

      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to dashboard' }).getAttribute('href')).toBe('/dashboard');
    },
  );
});
