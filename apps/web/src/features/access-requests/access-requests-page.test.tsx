import type { AccessRequestItem } from '@offplan/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render.tsx';
import { renderInRouter } from '../listings/test-utils.tsx';
import { AccessRequestsPage } from './components/access-requests-page.tsx';

const SLOW = 30_000;

function requestItem(id: number, name: string): AccessRequestItem {
  return {
    id,
    status: 'pending',
    createdAt: '2026-03-01T00:00:00.000Z',
    decidedAt: null,
    note: null,
    project: {
      id: 40 + id,
      name: `p${id}`,
      title: `Tower ${id}`,
      fullAddress: '',
      stage: 'COMMENCED',
      salesStatus: 'SELLING_NOW',
      stageLabel: 'Construction Commenced',
      salesStatusLabel: 'Selling Now',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      images: [],
      prefix: 'nsw',
      slug: `tower-${id}`,
      projectType: null,
      buildingType: 'APARTMENTS',
      campaignType: 'NONE',
      suburb: 'Parramatta',
      state: 'NSW',
      postcode: '2150',
      organisationId: 'org1',
    },
    requester: { id: `u${id}`, name, email: `${name.toLowerCase()}@example.com`, organisation: null },
    decidedBy: null,
  };
}

/** The API as the server answers it: a decided request leaves the pending list. */
function stubApi() {
  let pending = [requestItem(1, 'Ava'), requestItem(2, 'Ben')];
  const decisions: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      const decided = /^\/api\/access-requests\/(\d+)\/decision$/.exec(url.pathname);
      if (decided && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { decision: string; note?: string };
        decisions.push({ path: url.pathname, body });
        const item = pending.find((candidate) => candidate.id === Number(decided[1]))!;
        pending = pending.filter((candidate) => candidate !== item);
        return jsonResponse(200, {
          request: {
            ...item,
            status: body.decision === 'approve' ? 'approved' : 'declined',
            note: body.note ?? null,
          },
        });
      }
      if (url.pathname === '/api/access-requests') return jsonResponse(200, { items: pending });
      if (url.pathname === '/api/user-projects')
        return jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'No.' } });
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }),
  );
  return decisions;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/accessrequests', () => {
  it(
    'approves a request with a note, and the list reloads without it',
    async () => {
      const decisions = stubApi();
      renderInRouter(() => (
        <Suspense fallback={null}>
          <AccessRequestsPage status="pending" onStatusChange={() => {}} />
        </Suspense>
      ));
      const table = await screen.findByRole('table', { name: 'Access requests' });
      expect(within(table).getAllByTestId('access-request-row')).toHaveLength(2);

      fireEvent.change(screen.getByRole('textbox', { name: 'Note to Ava' }), {
        target: { value: 'Welcome' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Approve Ava for Tower 1' }));

      await waitFor(() => expect(screen.getAllByTestId('access-request-row')).toHaveLength(1));
      expect(decisions).toEqual([
        { path: '/api/access-requests/1/decision', body: { decision: 'approve', note: 'Welcome' } },
      ]);
      expect(screen.queryByText('Tower 1')).toBeNull();
    },
    SLOW,
  );

  it(
    'declines without a note',
    async () => {
      const decisions = stubApi();
      renderInRouter(() => (
        <Suspense fallback={null}>
          <AccessRequestsPage status="pending" onStatusChange={() => {}} />
        </Suspense>
      ));
      fireEvent.click(await screen.findByRole('button', { name: 'Decline Ben for Tower 2' }));

      await waitFor(() =>
        expect(decisions).toEqual([
          { path: '/api/access-requests/2/decision', body: { decision: 'decline' } },
        ]),
      );
    },
    SLOW,
  );
});
