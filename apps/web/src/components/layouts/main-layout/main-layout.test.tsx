import { MantineProvider } from '@mantine/core';
import { CONTACT_LINK_DELAY_MS, MESSAGES, STORAGE_KEYS } from '@offplan/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '../../../lib/analytics/tracker.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { type AppRouter, createAppRouter } from '../../../router.tsx';
import {
  ALL_DASHBOARD_FILTERS_ON,
  useDashboardFiltersStore,
  useDashboardSortStore,
} from '../../../stores/dashboard-store.ts';
import { useLayoutStore } from '../../../stores/layout-store.ts';
import { useSaveStatusStore } from '../../../stores/save-status-store.ts';
import { siteColorManager } from '../../../stores/theme-store.ts';
import { ok, stubApi as stubFrameApi } from '../../../test/api-stub.ts';
import { sessionOf } from '../../../test/factories.ts';
import { theme } from '../../../theme.ts';

function stubApi(options: { session?: unknown } = {}) {
  return stubFrameApi({
    'GET /api/auth/get-session': ok('session' in options ? options.session : sessionOf()),
    'POST /api/analytics/batch': ok({ accepted: 0 }),
  });
}

/** The real app: router, query cache, and MantineProvider with the app's `site-color` manager. */
function renderApp(path: string): AppRouter {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light" colorSchemeManager={siteColorManager}>
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return router;
}

const colorScheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

let track: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  window.localStorage.clear();
  useLayoutStore.setState({ navbarCollapsed: false, mobileNavbarOpened: false, settingsOpened: false });
  useSaveStatusStore.getState().reset();
  track = vi.spyOn(analytics, 'track').mockImplementation(() => null);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('header page title (spec §2)', () => {
  it.each([
    ['/profile', 'My profile'],
    ['/', 'Dashboard'],
  ])('titles %s %j', async (path, title) => {
    stubApi();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it("titles /profile/{id} 'User Profile' for an admin", async () => {
    stubApi({ session: sessionOf({ role: 'admin' }) });
    renderApp('/profile/u2');
    expect(await screen.findByRole('heading', { level: 1, name: 'User Profile' })).toBeTruthy();
  });
});

describe('header save indicator (spec §4)', () => {
  it('shows nothing when idle, then each state with its message or the spec fallback', async () => {
    stubApi();
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'My profile' });
    expect(screen.queryByTestId('save-indicator')).toBeNull();

    const store = useSaveStatusStore.getState();
    const indicator = () => screen.getByTestId('save-indicator');
    const expectState = (status: string, text: string) => {
      expect(indicator().getAttribute('data-status')).toBe(status);
      expect(indicator().textContent).toBe(text);
    };

    act(() => store.saving());
    expectState('saving', MESSAGES.saving);
    expect(MESSAGES.saving).toBe('Saving...');
    expect(indicator().querySelector('.mantine-Loader-root')).not.toBeNull();
    act(() => store.saving('Uploading images'));
    expectState('saving', 'Uploading images');

    act(() => store.saved());
    expectState('saved', 'Saved!');
    act(() => store.saved('Listing published'));
    expectState('saved', 'Listing published');

    act(() => store.failed());
    expectState('error', 'Something went wrong');
    act(() => store.failed('The slug is taken'));
    expectState('error', 'The slug is taken');

    act(() => store.reset());
    expect(screen.queryByTestId('save-indicator')).toBeNull();
  });
});

describe('sidebar contact block (spec §2)', () => {
  it('heads the block with the product name and lists the three items word for word', async () => {
    stubApi();
    renderApp('/profile');
    const block = await screen.findByRole('region', { name: 'Get in touch with the Offplan team' });
    for (const text of [
      'Need help using Portal?',
      'Have feedback about Portal?',
      'Want to increase your lead volumes?',
    ])
      expect(within(block).getByText(text)).toBeTruthy();
    for (const name of ['Get in touch', 'Give us your thoughts', 'Speak to our team'])
      expect(within(block).getByRole('link', { name })).toBeTruthy();
  });

  it.each([
    ['Get in touch', 'contact_selected'],
    ['Speak to our team', 'contact_team_selected'],
  ])('%s tracks %s and opens the external page in a new tab only after the delay', async (name, event) => {
    stubApi();
    renderApp('/profile');
    const link = await screen.findByRole('link', { name });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    vi.useFakeTimers();

    fireEvent.click(link);
    expect(track).toHaveBeenCalledWith(event);
    expect(open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(CONTACT_LINK_DELAY_MS - 1);
    expect(open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(open).toHaveBeenCalledTimes(1);
    // The address is the CONTACT_URL setting, as GET /api/site gives it.
    expect(link.getAttribute('href')).toBe('https://contact.example.com/portal-help');
    expect(open.mock.calls[0]?.[0]).toBe('https://contact.example.com/portal-help');
    expect(open.mock.calls[0]?.[1]).toBe('_blank');
  });

  it("'Give us your thoughts' tracks feedback_selected and navigates to /feedback in the app", async () => {
    stubApi();
    const router = renderApp('/profile');
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    fireEvent.click(await screen.findByRole('link', { name: 'Give us your thoughts' }));

    expect(track).toHaveBeenCalledWith('feedback_selected');
    await waitFor(() => expect(router.state.location.pathname).toBe('/feedback'));
    expect(open).not.toHaveBeenCalled();
  });

  it('opens Terms & Conditions in an 800x800 popup', async () => {
    stubApi();
    renderApp('/profile');
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    fireEvent.click(await screen.findByRole('link', { name: 'Terms & Conditions' }));
    expect(open).toHaveBeenCalledWith('/terms', 'legal', 'popup=yes,width=800,height=800');
    expect(screen.getByText(`© ${new Date().getFullYear()} Offplan`)).toBeTruthy();
  });
});

describe('settings sidebar and preferences (spec §2, §4)', () => {
  it("toggles the sidebar from the 'Toggle sidebar' switch, stores it under toggle-sidebar and tracks it", async () => {
    stubApi();
    renderApp('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Settings' });
    const toggle = within(drawer).getByRole('switch', { name: 'Toggle sidebar' });

    fireEvent.click(toggle);
    expect(window.localStorage.getItem(STORAGE_KEYS.toggleSidebar)).toBe('true');
    expect(useLayoutStore.getState().navbarCollapsed).toBe(true);
    expect(track).toHaveBeenCalledWith('sidebar_settings_updated', { toggle_sidebar: true });
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeTruthy();

    fireEvent.click(toggle);
    expect(window.localStorage.getItem(STORAGE_KEYS.toggleSidebar)).toBe('false');
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeTruthy();
  });

  it("switches 'Colors > Background' to dark and back, stored under site-color and tracked", async () => {
    stubApi();
    renderApp('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Settings' });
    expect(within(drawer).getByText('Colors')).toBeTruthy();
    expect(within(drawer).getByText('Background')).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('radio', { name: 'Dark' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.siteColor)).toBe('dark');
    expect(colorScheme()).toBe('dark');
    expect(track).toHaveBeenCalledWith('darkmode_settings_updated', {
      site_color: 'dark',
      dark_mode: true,
      source: 'settings',
    });

    fireEvent.click(within(drawer).getByRole('radio', { name: 'Light' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.siteColor)).toBe('light');
    expect(colorScheme()).toBe('light');
  });

  it('toggles the background with ctrl+i', async () => {
    stubApi();
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'My profile' });

    fireEvent.keyDown(document.documentElement, { key: 'i', code: 'KeyI', ctrlKey: true });
    expect(window.localStorage.getItem(STORAGE_KEYS.siteColor)).toBe('dark');
    expect(colorScheme()).toBe('dark');
    expect(track).toHaveBeenCalledWith('darkmode_settings_updated', {
      site_color: 'dark',
      dark_mode: true,
      source: 'shortcut',
    });
    fireEvent.keyDown(document.documentElement, { key: 'i', code: 'KeyI', ctrlKey: true });
    expect(window.localStorage.getItem(STORAGE_KEYS.siteColor)).toBe('light');
  });

  it('restores the stored background and collapsed sidebar on load', async () => {
    window.localStorage.setItem(STORAGE_KEYS.siteColor, 'dark');
    window.localStorage.setItem(STORAGE_KEYS.toggleSidebar, 'true');
    useLayoutStore.getState().restore();
    stubApi();
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'My profile' });

    expect(colorScheme()).toBe('dark');
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
  });
});

describe('logout cleanup (spec §4)', () => {
  it('/logout resets exactly the spec list and leaves every other key alone', async () => {
    stubApi();
    useDashboardFiltersStore.getState().setFilter('premium', false);
    useDashboardSortStore.getState().setSort({ by: 'title', order: 'asc' });
    window.localStorage.setItem(STORAGE_KEYS.siteColor, 'dark');
    useLayoutStore.getState().setNavbarCollapsed(true);
    window.localStorage.setItem(STORAGE_KEYS.reportFilterMarker, 'true');
    window.localStorage.setItem(STORAGE_KEYS.reportingSelections, '{"selectedProjects":[1]}');
    window.localStorage.setItem('unrelated-key', 'kept');

    const router = renderApp('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    expect(useDashboardFiltersStore.getState().filters).toEqual(ALL_DASHBOARD_FILTERS_ON);
    expect(
      JSON.parse(window.localStorage.getItem(STORAGE_KEYS.dashboardFilters) ?? '{}').state.filters,
    ).toEqual(ALL_DASHBOARD_FILTERS_ON);
    expect(useDashboardSortStore.getState().sort).toBeUndefined();
    expect(window.localStorage.getItem(STORAGE_KEYS.dashboardSort)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.siteColor)).toBe('light');
    expect(colorScheme()).toBe('light');
    expect(window.localStorage.getItem(STORAGE_KEYS.toggleSidebar)).toBe('false');
    expect(useLayoutStore.getState().navbarCollapsed).toBe(false);
    expect(window.localStorage.getItem(STORAGE_KEYS.reportFilterMarker)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.reportingSelections)).toBeNull();
    expect(window.localStorage.getItem('unrelated-key')).toBe('kept');
  });
});

describe('retired addresses (spec §2, decision 016)', () => {
  it.each([
    ['/login-2', '/login'],
    ['/login-3', '/login'],
  ])('%s goes to %s', async (from, to) => {
    stubApi({ session: null });
    const router = renderApp(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it('/sidebars goes to /dashboard', async () => {
    stubApi();
    const router = renderApp('/sidebars');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
