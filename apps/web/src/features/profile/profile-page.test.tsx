import { MantineProvider } from '@mantine/core';
import type { AccountSession } from '@offplan/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { type AppRouter, createAppRouter } from '../../router.tsx';
import { ok, stubApi as stubFrameApi } from '../../test/api-stub.ts';
import { sessionOf, userProjectsOf } from '../../test/factories.ts';
import { theme } from '../../theme.ts';

/** Dana's session; `impersonatedBy` names the admin acting as her. */
const sessionAs = (user: Record<string, unknown> = {}, impersonatedBy: string | null = null) =>
  sessionOf(user, { impersonatedBy });

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

function stubApi(session: unknown, sessions: AccountSession[] = []) {
  let current = sessions;
  return stubFrameApi({
    'GET /api/auth/get-session': ok(session),
    'GET /api/account/sessions': () => ok({ sessions: current }),
    'POST /api/auth/revoke-other-sessions': () => {
      current = current.filter((item) => item.current);
      return ok({ status: true });
    },
    'GET /api/user-projects': ok({ success: true, output: userProjectsOf([], { organisation: null }) }),
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

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/profile', () => {
  it("opens on contact details under the 'My profile' title", async () => {
    stubApi(sessionAs());
    renderApp('/profile');

    expect(await screen.findByRole('region', { name: 'Contact details' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Contact details' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('region', { name: 'Profile photo' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Mobile phone' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('heading', { name: 'My profile' })).toBeTruthy();
  });

  it('switches tabs through ?page=', async () => {
    stubApi(sessionAs());
    const router = renderApp('/profile?page=contact-details');
    await screen.findByRole('region', { name: 'Contact details' });

    fireEvent.click(screen.getByRole('tab', { name: 'Security' }));

    expect(await screen.findByRole('region', { name: 'Password' })).toBeTruthy();
    expect(router.state.location.search).toEqual({ page: 'security' });
  });

  it('keeps two-step sign-in off until a verified mobile number exists', async () => {
    stubApi(sessionAs());
    renderApp('/profile?page=security');

    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect((within(section).getByRole('switch') as HTMLInputElement).disabled).toBe(true);
    expect(within(section).getByRole('link', { name: 'Contact details' })).toBeTruthy();
  });

  it('lists sessions with this device marked, and signs out the others', async () => {
    const calls = stubApi(sessionAs(), [
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
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/api/auth/revoke-other-sessions', body: {} }),
    );
  });

  it('says security and privacy changes are not possible while acting as the user', async () => {
    stubApi(sessionAs({}, 'admin-1'));
    renderApp('/profile?page=privacy');

    expect(await screen.findByText(/Not while acting as this user/)).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Support access' });
    expect(within(section).getByText('Do not let admins act as me')).toBeTruthy();
    expect((within(section).getByRole('switch') as HTMLInputElement).disabled).toBe(true);
  });
});
