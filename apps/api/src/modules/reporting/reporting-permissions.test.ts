import { API_PATHS, ERROR_CODES, REPORTING_MESSAGES } from '@offplan/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers, user } from '../../db/schema/index.ts';
import { signIn } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';

/** Issue 17 "Permissions and bad input", for both reports: each refusal a 4xx with the contract's message. */

let t: TestApp;
let developer: { cookie: string };
let media: { cookie: string };
let alpha: number;
let bravo: number;

const REPORTS = [API_PATHS.reportListingPerformance, API_PATHS.reportBuyerFeedback];
const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };

const get = (path: string, query: Record<string, string>, cookie?: string) =>
  t.request(`${path}?${new URLSearchParams(query)}`, cookie ? { cookie } : {});

/** The answer is the one error shape and nothing else. */
async function errorOf(response: Response) {
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['error']);
  return body.error as { code: string; message: string; fields?: Record<string, string> };
}

beforeAll(async () => {
  t = await createTestApp();
  const f = projectFixtures(t);
  const orgA = await f.organisation('Alpha Developments');
  const orgB = await f.organisation('Bravo Homes');
  const owner = await f.person({ organisationId: orgA, role: 'owner' });
  developer = owner;
  alpha = await f.project('Alpha Quay', { organisationId: orgA });
  bravo = await f.project('Bravo Rise', { organisationId: orgB, salesStatus: 'SELLING_NOW' });
  // Job role 8 (media agency): no lead contact details, reports all the same (design §1).
  const mediaUser = await t.createUser({ firstName: 'Mia', lastName: 'Media' });
  await f.join(orgA, mediaUser.id, 'member');
  await t.db.update(user).set({ jobRoleId: 8 }).where(eq(user.id, mediaUser.id));
  media = await signIn(t, mediaUser.email);
  await t.db.insert(projectMembers).values([
    { projectId: alpha, userId: owner.id },
    { projectId: alpha, userId: mediaUser.id },
  ]);
});
afterAll(() => t.close());

const BAD_INPUT: { name: string; query: Record<string, string>; field: string; message?: string }[] = [
  {
    name: 'start before 2024-01-01',
    query: { startDate: '2023-12-31', endDate: '2024-01-31' },
    field: 'startDate',
    message: REPORTING_MESSAGES.startTooEarly,
  },
  {
    name: 'end before start',
    query: { startDate: '2025-03-31', endDate: '2025-03-01' },
    field: 'endDate',
    message: REPORTING_MESSAGES.endBeforeStart,
  },
  {
    name: 'range over 5 years',
    query: { startDate: '2024-01-01', endDate: '2029-01-02' },
    field: 'endDate',
    message: REPORTING_MESSAGES.rangeTooLong,
  },
  {
    name: 'malformed date',
    query: { startDate: '2025/03/01', endDate: '2025-03-31' },
    field: 'startDate',
    message: REPORTING_MESSAGES.badDate,
  },
  {
    name: 'impossible date',
    query: { startDate: '2025-03-01', endDate: '2025-13-45' },
    field: 'endDate',
    message: REPORTING_MESSAGES.badDate,
  },
  { name: 'unknown period', query: { ...MARCH, period: 'YEAR' }, field: 'period' },
  { name: 'unknown buyer type', query: { ...MARCH, buyerType: 'SPECULATOR' }, field: 'buyerType' },
];

describe.each(REPORTS)('%s', (path) => {
  it.each(BAD_INPUT)('refuses $name with 400 and the message', async ({ query, field, message }) => {
    const response = await get(path, query, developer.cookie);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe(ERROR_CODES.validation);
    expect(error.fields?.[field]).toBeTruthy();
    if (message) {
      expect(error.fields?.[field]).toBe(message);
      expect(error.message).toContain(message);
    }
  });

  it("refuses another organisation's project id with 403 and the message", async () => {
    const response = await get(path, { ...MARCH, projectIds: `${alpha},${bravo}` }, developer.cookie);
    expect(response.status).toBe(403);
    expect((await errorOf(response)).message).toBe(REPORTING_MESSAGES.projectNotVisible);
  });

  it('answers 401 without a session', async () => {
    const response = await get(path, MARCH);
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe(ERROR_CODES.sessionRequired);
  });

  it('lets job role 8 read the report of its projects', async () => {
    const response = await get(path, { ...MARCH, projectIds: String(alpha) }, media.cookie);
    expect(response.status).toBe(200);
  });

  it('takes a whole five years', async () => {
    expect(
      (await get(path, { startDate: '2024-01-01', endDate: '2029-01-01' }, developer.cookie)).status,
    ).toBe(200);
  });
});
