import { MantineProvider } from '@mantine/core';
import { ADMIN_MAGIC_TOKEN_KEY, MESSAGES } from '@offplan/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { createAppRouter } from '../../router.tsx';
import { ok, stubApi } from '../../test/api-stub.ts';
import { sessionOf } from '../../test/factories.ts';
import { theme } from '../../theme.ts';

/** Dana's session; `impersonatedBy` names the admin acting as her. */
const sessionAs = (user: Record<string, unknown>, impersonatedBy: string | null = null) =>
  sessionOf(user, { impersonatedBy });

function renderProfile(session: unknown) {
  const calls = stubApi({ 'GET /api/auth/get-session': ok(session) });
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
  fireEvent.click(await screen.findByRole('button', { name: /account menu/i }));
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
    renderProfile(sessionAs({}, 'admin-1'));

    const menu = await openAccountMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Return to Admin' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe(
      '/profile?page=contact-details',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
  });

  it('never shows it to an admin, even with a token stored', async () => {
    window.sessionStorage.setItem(ADMIN_MAGIC_TOKEN_KEY, 'magic-1');
    renderProfile(sessionAs({ role: 'admin' }));

    const menu = await openAccountMenu();
    expect(within(menu).queryByRole('menuitem', { name: 'Return to Admin' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toBeTruthy();
  });

  it('does not show it without a token', async () => {
    renderProfile(sessionAs({}));

    const menu = await openAccountMenu();
    expect(within(menu).queryByRole('menuitem', { name: 'Return to Admin' })).toBeNull();
  });
});

describe('impersonation banner (design §1)', () => {
  it('names the user above the page while an admin acts as them, with Return to Admin', async () => {
    window.sessionStorage.setItem(ADMIN_MAGIC_TOKEN_KEY, 'magic-1');
    renderProfile(sessionAs({}, 'admin-1'));

    const banner = await screen.findByRole('status', { name: 'Acting as another user' });
    expect(banner.textContent).toContain(BANNER);
    expect(within(banner).getByRole('button', { name: 'Return to Admin' })).toBeTruthy();
  });

  it('only logs when the token is missing (another tab): no sign-out, no move (spec §8)', async () => {
    const { calls } = renderProfile(sessionAs({}, 'admin-1'));

    const banner = await screen.findByRole('status', { name: 'Acting as another user' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Return to Admin' }));

    await waitFor(() => expect(console.error).toHaveBeenCalledWith(MESSAGES.adminMagicTokenNotFound));
    vi.mocked(console.error).mockClear();
    expect(calls.map((call) => call.path)).not.toContain('/api/auth/sign-out');
    expect(screen.getByRole('status', { name: 'Acting as another user' })).toBeTruthy();
  });

  it("is not there in the user's own session", async () => {
    renderProfile(sessionAs({}));

    expect(await screen.findByRole('button', { name: /account menu/i })).toBeTruthy();
    expect(screen.queryByText(BANNER)).toBeNull();
  });
});
