import { MantineProvider } from '@mantine/core';
import type { PendingInvitation } from '@offplan/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { createAppRouter } from '../../router.tsx';
import { callsTo, ok, stubApi } from '../../test/api-stub.ts';
import { adminSessionOf } from '../../test/factories.ts';
import { theme } from '../../theme.ts';

const SLOW = 30_000;

const pendingOf = (
  id: string,
  email: string,
  values: Partial<PendingInvitation> = {},
): PendingInvitation => ({
  id,
  email,
  firstName: 'Ivy',
  lastName: 'Invited',
  role: 'member',
  invitedBy: 'Olive Owner',
  sentAt: '2026-11-20T00:00:00.000Z',
  expiresAt: '2026-11-27T00:00:00.000Z',
  organisationId: 'org1',
  organisationName: 'Harbourline Developments',
  ...values,
});

function stubPendingApi(role: string, initial: PendingInvitation[]) {
  let items = initial;
  return stubApi({
    'GET /api/auth/get-session': ok(adminSessionOf({ role })),
    'GET /api/admin/pending-invitations': () => ok({ items }),
    'POST /api/admin/pending-invitations/*': ({ path }) => ok(items.find((item) => path.includes(item.id))),
    'DELETE /api/admin/pending-invitations/*': ({ path }) => {
      items = items.filter((item) => !path.endsWith(item.id));
      return new Response(null, { status: 204 });
    },
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
}

afterEach(() => vi.unstubAllGlobals());

describe('/pending-invites', () => {
  it('lists every pending invitation with its organisation; resends and revokes', {
    timeout: SLOW,
  }, async () => {
    const calls = stubPendingApi('admin', [
      pendingOf('i1', 'ava@example.com', { role: 'owner' }),
      pendingOf('i2', 'pat@example.com', { organisationId: null, organisationName: null, invitedBy: null }),
    ]);
    renderApp('/pending-invites');
    const table = await screen.findByRole('table', { name: 'Pending invitations' }, { timeout: 10_000 });
    const ava = within(table).getByText('ava@example.com').closest('tr')!;
    expect(within(ava).getByText('Harbourline Developments')).toBeTruthy();
    expect(within(ava).getByText('Owner')).toBeTruthy();
    const pat = within(table).getByText('pat@example.com').closest('tr')!;
    expect(within(pat).getByText('Portal (no organisation)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Resend the invitation to ava@example.com' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/admin/pending-invitations/i1/resend')).toHaveLength(1),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Revoke the invitation to pat@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this invitation?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));
    await waitFor(() =>
      expect(callsTo(calls, 'DELETE', '/api/admin/pending-invitations/i2')).toHaveLength(1),
    );
    await waitFor(() => expect(within(table).queryByText('pat@example.com')).toBeNull());
  });

  it('says when nothing is pending', { timeout: SLOW }, async () => {
    stubPendingApi('admin', []);
    renderApp('/pending-invites');
    expect(await screen.findByText(/^No pending invitations\./, {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('is not a page for people who are not platform admins', { timeout: SLOW }, async () => {
    const calls = stubPendingApi('user', [pendingOf('i1', 'ava@example.com')]);
    renderApp('/pending-invites');
    expect(
      await screen.findByText(/not found|doesn.t exist|could not be found/i, {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(callsTo(calls, 'GET', '/api/admin/pending-invitations')).toHaveLength(0);
  });
});
