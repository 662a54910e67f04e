import type { AccessRequestItem } from '@offplan/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, ok, stubApi } from '../../test/api-stub.ts';
import { projectSummaryOf } from '../../test/factories.ts';
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
      ...projectSummaryOf(40 + id, `Tower ${id}`, {
        name: `p${id}`,
        fullAddress: '',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        images: [],
        slug: `tower-${id}`,
        projectType: null,
        campaignType: 'NONE',
      }),
      organisationId: 'org1',
    },
    requester: { id: `u${id}`, name, email: `${name.toLowerCase()}@example.com`, organisation: null },
    decidedBy: null,
  };
}

/** The API as the server answers it: a decided request leaves the pending list. */
function stubRequestsApi() {
  let pending = [requestItem(1, 'Ava'), requestItem(2, 'Ben')];
  const decisions: { path: string; body: unknown }[] = [];
  stubApi({
    'POST /api/access-requests/*': ({ path, body }) => {
      const decision = body as { decision: string; note?: string };
      decisions.push({ path, body: decision });
      const id = Number(/^\/api\/access-requests\/(\d+)\/decision$/.exec(path)?.[1]);
      const item = pending.find((candidate) => candidate.id === id)!;
      pending = pending.filter((candidate) => candidate !== item);
      return ok({
        request: {
          ...item,
          status: decision.decision === 'approve' ? 'approved' : 'declined',
          note: decision.note ?? null,
        },
      });
    },
    'GET /api/access-requests': () => ok({ items: pending }),
    'GET /api/user-projects': apiError(403, 'FORBIDDEN', 'No.'),
  });
  return decisions;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/accessrequests', () => {
  it(
    'approves a request with a note, and the list reloads without it',
    async () => {
      const decisions = stubRequestsApi();
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
      const decisions = stubRequestsApi();
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
