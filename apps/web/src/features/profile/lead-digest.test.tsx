import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { createAppRouter } from '../../router.tsx';
import { callsTo, ok, stubApi } from '../../test/api-stub.ts';
import { adminSessionOf, sessionOf } from '../../test/factories.ts';
import { theme } from '../../theme.ts';

const WAIT = { timeout: 10_000 };

/** The digest preference as the API keeps it: PUT changes what GET answers. */
function stubDigestApi(session: unknown = sessionOf()) {
  let dailyDigest = false;
  return stubApi({
    'GET /api/auth/get-session': ok(session),
    'GET /api/account/lead-digest': () => ok({ dailyDigest }),
    'PUT /api/account/lead-digest': ({ body }) => {
      dailyDigest = (body as { dailyDigest: boolean }).dailyDigest;
      return ok({ dailyDigest });
    },
  });
}

function renderProfile() {
  const queryClient = createQueryClient();
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: ['/profile'] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('profile: daily lead digest', () => {
  it('switches the daily summary of yesterday’s leads on and off', async () => {
    const calls = stubDigestApi();
    renderProfile();
    const section = await screen.findByRole('region', { name: 'Lead emails' }, WAIT);
    const toggle = (await within(section).findByRole(
      'switch',
      { name: /Daily lead digest/ },
      WAIT,
    )) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(within(section).getByText("Email me a summary of yesterday's leads each morning.")).toBeTruthy();

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(true));
    await waitFor(() => expect(toggle.disabled).toBe(false));
    fireEvent.click(toggle);
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/account/lead-digest')).toHaveLength(2));

    expect(callsTo(calls, 'PUT', '/api/account/lead-digest').map((call) => call.body)).toEqual([
      { dailyDigest: true },
      { dailyDigest: false },
    ]);
    await waitFor(() => expect(toggle.checked).toBe(false));
  }, 30_000);

  it('is not offered to platform admins, who have no leads of their own', async () => {
    const calls = stubDigestApi(adminSessionOf());
    renderProfile();
    await screen.findByRole('region', { name: 'Contact details' }, WAIT);

    expect(screen.queryByRole('region', { name: 'Lead emails' })).toBeNull();
    expect(callsTo(calls, 'GET', '/api/account/lead-digest')).toHaveLength(0);
  }, 30_000);
});
