import type { ProjectSummary, UserProjectsOutput } from '@offplan/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render.tsx';
import { renderInRouter } from '../listings/test-utils.tsx';
import { type AccessTarget, ProjectAccessActions } from './components/project-access-actions.tsx';

const SLOW = 30_000;

function summary(id: number, title: string): ProjectSummary {
  return {
    id,
    name: title,
    title,
    fullAddress: '',
    stage: 'COMMENCED',
    salesStatus: 'SELLING_NOW',
    stageLabel: 'Construction Commenced',
    salesStatusLabel: 'Selling Now',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    images: [],
    prefix: 'nsw',
    slug: `p-${id}`,
    projectType: null,
    buildingType: 'APARTMENTS',
    campaignType: 'NONE',
    suburb: 'Parramatta',
    state: 'NSW',
    postcode: '2150',
  };
}

/** The API as the server answers it; the account state changes as calls are made. */
function stubApi() {
  const account: UserProjectsOutput = {
    projectIds: [],
    recommendedProjectIds: [5],
    projectRequestsIds: [],
    projects: [],
    recommendedProjects: [summary(5, 'Quay Gardens')],
    projectRequests: [],
    organisation: { id: 'org1', name: 'Harbourline Developments', role: 'owner' },
  };
  const calls: { method: string; path: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: url.pathname + url.search, body });
      if (url.pathname === '/api/user-projects') return jsonResponse(200, { success: true, output: account });
      if (url.pathname === '/api/project' && method === 'POST') {
        account.projectIds = [5];
        account.recommendedProjectIds = [];
        return jsonResponse(200, {
          outcome: 'claimed',
          project_id: 5,
          organisation: { id: 'org1', name: 'Harbourline Developments', role: 'owner' },
        });
      }
      if (url.pathname === '/api/v1/projects/request' && method === 'POST') {
        account.projectRequestsIds = [9];
        return jsonResponse(201, {
          data: { id: 77, drupal_project_id: 9, created_at: '2026-01-01', status: 0 },
        });
      }
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }),
  );
  return calls;
}

const accountLoads = (calls: { path: string }[]) =>
  calls.filter((call) => call.path === '/api/user-projects').length;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('claim and request access', () => {
  it(
    'claims an unclaimed project and reloads the account state (the sidebar counts)',
    async () => {
      const calls = stubApi();
      const target: AccessTarget = {
        ...summary(5, 'Quay Gardens'),
        isClaimed: false,
        relation: 'recommended',
      };
      renderInRouter(() => <ProjectAccessActions project={target} />);
      await waitFor(() => expect(accountLoads(calls)).toBe(1));

      fireEvent.click(await screen.findByRole('button', { name: 'Claim Quay Gardens' }));

      await waitFor(() => expect(accountLoads(calls)).toBe(2));
      expect(calls.find((call) => call.method === 'POST')).toEqual({
        method: 'POST',
        path: '/api/project?op=claim_project&project_id=5',
        body: {
          projectName: 'Quay Gardens',
          recommendedProjects: [5],
          organisation: { id: 'org1', name: 'Harbourline Developments', role: 'owner' },
          campaignType: 'NONE',
        },
      });
    },
    SLOW,
  );

  it(
    "requests access to another organisation's project, then shows it awaiting access",
    async () => {
      const calls = stubApi();
      const target: AccessTarget = { ...summary(9, 'Coral Heights'), isClaimed: true, relation: 'none' };
      renderInRouter(() => <ProjectAccessActions project={target} />);

      fireEvent.click(await screen.findByRole('button', { name: 'Request access to Coral Heights' }));

      expect(await screen.findByText('Awaiting access')).toBeTruthy();
      expect(calls.find((call) => call.method === 'POST')).toEqual({
        method: 'POST',
        path: '/api/v1/projects/request',
        body: { drupal_project_id: 9, status: 0 },
      });
      expect(accountLoads(calls)).toBe(2);
    },
    SLOW,
  );
});
