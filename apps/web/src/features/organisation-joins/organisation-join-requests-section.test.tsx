import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, ok, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { OrganisationJoinRequestsSection } from './index.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const request = (id: number, name: string, matchedBy: 'name' | 'domain' = 'name') => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@harbourline.example`,
  registeredAt: '2026-11-20T01:00:00.000Z',
  matchedBy,
});

/** The API as the organisation's owner sees it: pending requests that leave the list once decided. */
function stubRequests(initial = [request(7, 'Nina Newcomer'), request(8, 'Omar Other', 'domain')]) {
  let pending = initial;
  return stubApi({
    'GET /api/organisation/join-requests': () => ok({ items: pending }),
    'POST /api/organisation/join-requests/*': ({ path, body }) => {
      const id = Number(path.split('/')[4]);
      if (id === 9) return apiError(409, 'CONFLICT', 'This request was already decided.');
      pending = pending.filter((item) => item.id !== id);
      const declined = (body as { decision: string }).decision === 'DECLINE';
      return ok({
        id,
        status: declined ? 'DECLINED' : 'APPROVED',
        organisation: declined ? { id: 'own', name: 'Newcomer Homes' } : { id: 'org', name: 'Harbourline' },
      });
    },
  });
}

describe('OrganisationJoinRequestsSection', () => {
  it('lists pending requests with how they matched', async () => {
    stubRequests();
    renderWithProviders(<OrganisationJoinRequestsSection />);
    const table = await screen.findByRole('table', { name: 'Join requests' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Nina Newcomer',
      'Omar Other',
    ]);
    expect(within(rows[0]!).getByText('Organisation name')).toBeTruthy();
    expect(within(rows[1]!).getByText('Email domain')).toBeTruthy();
    expect(within(rows[0]!).getByText('nina@harbourline.example')).toBeTruthy();
  });

  it('approves after a confirmation, and the request leaves the list', async () => {
    const calls = stubRequests();
    renderWithProviders(<OrganisationJoinRequestsSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Nina Newcomer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve request' });
    expect(calls.some((call) => call.method === 'POST' && call.path.includes('join-requests'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(screen.queryByText('Nina Newcomer')).toBeNull());
    const posted = calls.filter((call) => call.method === 'POST' && call.path.includes('join-requests'));
    expect(posted.map((call) => [call.path, call.body])).toEqual([
      ['/api/organisation/join-requests/7/decision', { decision: 'APPROVE' }],
    ]);
    expect(screen.getByText('Omar Other')).toBeTruthy();
  });

  it('declines after a confirmation that says what happens to them', async () => {
    const calls = stubRequests();
    renderWithProviders(<OrganisationJoinRequestsSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline Omar Other' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline request' });
    expect(within(dialog).getByText(/gets an organisation of their own/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByText('Omar Other')).toBeNull());
    expect(calls.find((call) => call.method === 'POST' && call.path.includes('join-requests'))?.body).toEqual(
      {
        decision: 'DECLINE',
      },
    );
  });

  it("shows the server's refusal in the dialog", async () => {
    stubRequests([request(9, 'Dana Decided')]);
    renderWithProviders(<OrganisationJoinRequestsSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Dana Decided' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve request' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This request was already decided.');
  });

  it('says so when no one is waiting', async () => {
    stubRequests([]);
    renderWithProviders(<OrganisationJoinRequestsSection />);
    expect((await screen.findByRole('status')).textContent).toContain('No one is waiting to join');
  });

  it('asks nothing and shows nothing to a plain member', async () => {
    const calls = stubRequests();
    renderWithProviders(<OrganisationJoinRequestsSection canManage={false} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Join requests')).toBeNull();
    expect(calls.some((call) => call.path.includes('join-requests'))).toBe(false);
  });
});
