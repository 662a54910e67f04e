import { MantineProvider } from '@mantine/core';
import type { AccountSession } from '@offplan/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { type AppRouter, createAppRouter } from '../../router.tsx';
import { jsonResponse } from '../../test/render.tsx';
import { theme } from '../../theme.ts';

const site = {
  productName: 'Offplan',
  siteName: 'Offplan Portal',
  tenant: 'offplan',
  maintenanceMode: false,
};

function sessionOf(user: Record<string, unknown> = {}, impersonatedBy: string | null = null) {
  return {
    user: {
      id: 'u1',
      name: 'Dana Developer',
      email: 'dana@harbourline.example',
      emailVerified: true,
      jobRoleId: 1,
      role: 'user',
      firstName: 'Dana',
      lastName: 'Developer',
      phoneNumber: null,
      phoneNumberVerified: false,
      twoFactorEnabled: false,
      impersonationOptOut: false,
      ...user,
    },
    session: { id: 's1', expiresAt: '2099-01-01T00:00:00.000Z', impersonatedBy },
  };
}

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

function accountSession(overrides: Partial<AccountSession>): AccountSession {
  return {
    id: 's1',
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-03T01:00:00.000Z',
    expiresAt: '2026-04-01T00:00:00.000Z',
    ipAddress: '203.0.113.5',
    userAgent: CHROME_MAC,
    current: true,
    ...overrides,
  };
}

type Call = { method: string; path: string; body?: unknown };

function stubApi(session: unknown, sessions: AccountSession[] = []) {
  const calls: Call[] = [];
  let current = sessions;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        path: url.pathname,
        ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}),
      });
      if (url.pathname === '/api/site') return jsonResponse(200, site);
      if (url.pathname === '/api/auth/get-session') return jsonResponse(200, session);
      if (url.pathname === '/api/account/sessions') return jsonResponse(200, { sessions: current });
      if (url.pathname === '/api/auth/revoke-other-sessions') {
        current = current.filter((item) => item.current);
        return jsonResponse(200, { status: true });
      }
      if (url.pathname === '/api/user-projects') {
        return jsonResponse(200, {
          success: true,
          output: {
            projectIds: [],
            recommendedProjectIds: [],
            projectRequestsIds: [],
            projects: [],
            recommendedProjects: [],
            projectRequests: [],
            organisation: null,
          },
        });
      }
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }),
  );
  return calls;
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

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/profile', () => {
  it("opens on contact details under the 'My profile' title", async () => {
    stubApi(sessionOf());
    renderApp('/profile');

    expect(await screen.findByRole('region', { name: 'Contact details' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Contact details' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('region', { name: 'Profile photo' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Mobile phone' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('heading', { name: 'My profile' })).toBeTruthy();
  });

  it('switches tabs through ?page=', async () => {
    stubApi(sessionOf());
    const router = renderApp('/profile?page=contact-details');
    await screen.findByRole('region', { name: 'Contact details' });

    fireEvent.click(screen.getByRole('tab', { name: 'Security' }));

    expect(await screen.findByRole('region', { name: 'Password' })).toBeTruthy();
    expect(router.state.location.search).toEqual({ page: 'security' });
  });

  it('keeps two-step sign-in off until a verified mobile number exists', async () => {
    stubApi(sessionOf());
    renderApp('/profile?page=security');

    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect((within(section).getByRole('switch') as HTMLInputElement).disabled).toBe(true);
    expect(within(section).getByRole('link', { name: 'Contact details' })).toBeTruthy();
  });

  it('lists sessions with this device marked, and signs out the others', async () => {
    const calls = stubApi(sessionOf(), [
      accountSession({}),
      accountSession({ id: 's2', userAgent: SAFARI_IPHONE, ipAddress: '198.51.100.7', current: false }),
    ]);
    renderApp('/profile?page=sessions');

    const mine = await screen.findByRole('listitem', { name: 'Chrome on macOS' });
    expect(within(mine).getByText('This device')).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: /Sign out/ })).toBeNull();
    const phone = screen.getByRole('listitem', { name: 'Safari on iOS' });
    expect(within(phone).getByText(/198\.51\.100\.7/)).toBeTruthy();
    expect(within(phone).getByRole('button', { name: 'Sign out Safari on iOS' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out other sessions' }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Safari on iOS' })).toBeNull());
    expect(calls).toContainEqual({ method: 'POST', path: '/api/auth/revoke-other-sessions', body: {} });
  });

  it('says security and privacy changes are not possible while acting as the user', async () => {
    stubApi(sessionOf({}, 'admin-1'));
    renderApp('/profile?page=privacy');

    expect(await screen.findByText(/Not while acting as this user/)).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Support access' });
    expect(within(section).getByText('Do not let admins act as me')).toBeTruthy();
    expect((within(section).getByRole('switch') as HTMLInputElement).disabled).toBe(true);
  });
});
