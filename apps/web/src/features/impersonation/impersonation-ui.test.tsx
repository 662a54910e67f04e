import { MantineProvider } from '@mantine/core';
import { ADMIN_MAGIC_TOKEN_KEY, MESSAGES } from '@offplan/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { createAppRouter } from '../../router.tsx';
import { jsonResponse } from '../../test/render.tsx';
import { theme } from '../../theme.ts';

const site = {
  productName: 'Offplan',
  siteName: 'Offplan Portal',
  tenant: 'offplan',
  maintenanceMode: false,
};

function sessionOf(user: Record<string, unknown>, impersonatedBy: string | null = null) {
  return {
    user: {
      id: 'u1',
      name: 'Dana Developer',
      email: 'dana@harbourline.example',
      emailVerified: true,
      jobRoleId: 1,
      image: null,
      role: 'user',
      firstName: 'Dana',
      lastName: 'Developer',
      ...user,
    },
    session: { id: 's1', expiresAt: '2099-01-01T00:00:00.000Z', impersonatedBy },
  };
}

function renderProfile(session: unknown) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input instanceof Request ? input.url : input));
      calls.push(pathname);
      if (pathname === '/api/site') return jsonResponse(200, site);
      if (pathname === '/api/auth/get-session') return jsonResponse(200, session);
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }),
  );
  const queryClient = createQueryClient();
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: ['/profile'] }),
  });
  // env="test" turns Mantine's transitions off, so the menu opens at once.
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { calls };
}

/** Opens the menu and waits until its items are shown (the dropdown fades in). */
async function openAccountMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
  const menu = await screen.findByRole('menu');
  await within(menu).findByRole('menuitem', { name: 'Profile' });
  return menu;
}

const BANNER =
  'You are acting as Dana Developer (dana@harbourline.example). Everything you do is recorded under your own name.';

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('user menu: Return to Admin (spec §2, §6)', () => {
  it('shows it to a non-admin while an admin magic token is stored', async () => {
    window.sessionStorage.setItem(ADMIN_MAGIC_TOKEN_KEY, 'magic-1');
    renderProfile(sessionOf({}, 'admin-1'));

    const menu = await openAccountMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Return to Admin' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe(
      '/profile?page=contact-details',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
  });

  it('never shows it to an admin, even with a token stored', async () => {
    window.sessionStorage.setItem(ADMIN_MAGIC_TOKEN_KEY, 'magic-1');
    renderProfile(sessionOf({ role: 'admin' }));

    const menu = await openAccountMenu();
    expect(within(menu).queryByRole('menuitem', { name: 'Return to Admin' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toBeTruthy();
  });

  it('does not show it without a token', async () => {
    renderProfile(sessionOf({}));

    const menu = await openAccountMenu();
    expect(within(menu).queryByRole('menuitem', { name: 'Return to Admin' })).toBeNull();
  });
});

describe('impersonation banner (design §1)', () => {
  it('names the user above the page while an admin acts as them, with Return to Admin', async () => {
    window.sessionStorage.setItem(ADMIN_MAGIC_TOKEN_KEY, 'magic-1');
    renderProfile(sessionOf({}, 'admin-1'));

    const banner = await screen.findByRole('status', { name: 'Acting as another user' });
    expect(banner.textContent).toContain(BANNER);
    expect(within(banner).getByRole('button', { name: 'Return to Admin' })).toBeTruthy();
  });

  it('only logs when the token is missing (another tab): no sign-out, no move (spec §8)', async () => {
    const { calls } = renderProfile(sessionOf({}, 'admin-1'));

    const banner = await screen.findByRole('status', { name: 'Acting as another user' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Return to Admin' }));

    await waitFor(() => expect(console.error).toHaveBeenCalledWith(MESSAGES.adminMagicTokenNotFound));
    vi.mocked(console.error).mockClear();
    expect(calls).not.toContain('/api/auth/sign-out');
    expect(screen.getByRole('status', { name: 'Acting as another user' })).toBeTruthy();
  });

  it("is not there in the user's own session", async () => {
    renderProfile(sessionOf({}));

    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeTruthy();
    expect(screen.queryByText(BANNER)).toBeNull();
  });
});
