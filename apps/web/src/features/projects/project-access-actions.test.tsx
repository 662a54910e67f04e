import type { UserProjectsOutput } from '@offplan/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, ok, stubApi } from '../../test/api-stub.ts';
import { projectSummaryOf } from '../../test/factories.ts';
import { renderInRouter } from '../listings/test-utils.tsx';
import { userProjectsQueryKey } from './api/user-projects.ts';
import { type AccessTarget, ProjectAccessActions } from './components/project-access-actions.tsx';

const SLOW = 30_000;

const summary = (id: number, title: string) =>
  projectSummaryOf(id, title, {
    name: title,
    fullAddress: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    images: [],
    slug: `p-${id}`,
    projectType: null,
    campaignType: 'NONE',
  });

/** The API as the server answers it; the account state changes as calls are made. */
function stubAccountApi() {
  const account: UserProjectsOutput = {
    projectIds: [],
    recommendedProjectIds: [5],
    projectRequestsIds: [],
    projects: [],
    recommendedProjects: [summary(5, 'Quay Gardens')],
    projectRequests: [],
    organisation: { id: 'org1', name: 'Harbourline Developments', role: 'owner' },
    permissions: ['projects.edit', 'projects.claim', 'leads.view', 'reporting.view'],
  };
  return stubApi({
    'GET /api/user-projects': () => ok({ success: true, output: account }),
    'POST /api/project': () => {
      account.projectIds = [5];
      account.recommendedProjectIds = [];
      return ok({
        outcome: 'claimed',
        project_id: 5,
        organisation: { id: 'org1', name: 'Harbourline Developments', role: 'owner' },
      });
    },
    'POST /api/v1/projects/request': () => {
      account.projectRequestsIds = [9];
      return {
        status: 201,
        body: { data: { id: 77, drupal_project_id: 9, created_at: '2026-01-01', status: 0 } },
      };
    },
  });
}

/** The one write made, with its query string. */
function postOf(calls: ApiCall[]) {
  const post = calls.find((call) => call.method === 'POST');
  return post && { method: post.method, path: post.path + post.url.search, body: post.body };
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
      const calls = stubAccountApi();
      const target: AccessTarget = {
        ...summary(5, 'Quay Gardens'),
        isClaimed: false,
        relation: 'recommended',
      };
      const { queryClient } = renderInRouter(() => <ProjectAccessActions project={target} />);
      // The account read, answered and checked (its schema loads beside the call) before the claim.
      await waitFor(() => expect(queryClient.getQueryData(userProjectsQueryKey)).toBeDefined());

      fireEvent.click(await screen.findByRole('button', { name: 'Claim Quay Gardens' }));

      await waitFor(() => expect(accountLoads(calls)).toBe(2));
      expect(postOf(calls)).toEqual({
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
      const calls = stubAccountApi();
      const target: AccessTarget = { ...summary(9, 'Coral Heights'), isClaimed: true, relation: 'none' };
      renderInRouter(() => <ProjectAccessActions project={target} />);

      fireEvent.click(await screen.findByRole('button', { name: 'Request access to Coral Heights' }));

      expect(await screen.findByText('Awaiting access')).toBeTruthy();
      expect(postOf(calls)).toEqual({
        method: 'POST',
        path: '/api/v1/projects/request',
        body: { drupal_project_id: 9, status: 0 },
      });
      expect(accountLoads(calls)).toBe(2);
    },
    SLOW,
  );
});
