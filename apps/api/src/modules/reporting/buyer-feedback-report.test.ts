import { type BuyerFeedbackAnswer, REPORTING_MESSAGES } from '@offplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerFeedback, projectMembers } from '../../db/schema/index.ts';
import { signIn } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { leadFixtures } from '../leads/lead-fixtures.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';

/** Issue 17 item 4: the buyer-feedback report, through HTTP, for a developer and for job role 8. */

let t: TestApp;
let developer: { cookie: string };
let media: { cookie: string };
let ava: string;
let ben: string;
let alpha: number;
let alphaTwo: number;
let bravo: number;

const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };
const BUYER = { name: 'Bea Buyer', email: 'bea.buyer@example.test', phone: '+61412345678' };
const CONTACT_COMMENT = 'Lovely display suite, call me on 0412 345 678 or mail bea.buyer@example.test';

async function report(who: { cookie: string }, query: Record<string, string>, status = 200) {
  const response = await t.client.api.reporting['buyer-feedback'].$get(
    { query: query as never },
    { headers: { cookie: who.cookie } },
  );
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as BuyerFeedbackAnswer;
}

type Rating = { projectId: number; agentId: string | null; buyerType: 'FIRST_HOME_BUYER' | 'INVESTOR' };

async function rate(
  on: Rating,
  stars: [number, number | null],
  createdAt: string,
  comment: string | null,
  l: ReturnType<typeof leadFixtures>,
) {
  const lead = await l.lead({ projectId: on.projectId, ...BUYER, buyerType: on.buyerType });
  await t.db.insert(buyerFeedback).values({
    leadId: lead.id,
    ...on,
    projectRating: stars[0],
    agentRating: stars[1],
    comment,
    createdAt: new Date(createdAt),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const f = projectFixtures(t);
  const l = leadFixtures(t);
  const orgA = await f.organisation('Alpha Developments');
  const orgB = await f.organisation('Bravo Homes');
  const owner = await f.person({ organisationId: orgA, role: 'owner' });
  developer = owner;
  const mediaUser = await t.createUser({ firstName: 'Mia', lastName: 'Media' });
  await f.join(orgA, mediaUser.id, 'member');
  await l.setJobRole(mediaUser.id, 8);
  media = await signIn(t, mediaUser.email);
  ava = (await t.createUser({ firstName: 'Ava', lastName: 'Agent' })).id;
  ben = (await t.createUser({ firstName: 'Ben', lastName: 'Broker' })).id;
  alpha = await f.project('Alpha Quay', { organisationId: orgA });
  alphaTwo = await f.project('Alpha Terraces', { organisationId: orgA });
  bravo = await f.project('Bravo Rise', { organisationId: orgB });
  await t.db.insert(projectMembers).values(
    [alpha, alphaTwo].flatMap((projectId) => [
      { projectId, userId: owner.id },
      { projectId, userId: mediaUser.id },
    ]),
  );
  const fhb = 'FIRST_HOME_BUYER' as const;
  await rate(
    { projectId: alpha, agentId: ava, buyerType: fhb },
    [5, 4],
    '2025-03-03T01:00:00Z',
    CONTACT_COMMENT,
    l,
  );
  await rate(
    { projectId: alpha, agentId: ava, buyerType: 'INVESTOR' },
    [3, 2],
    '2025-03-20T01:00:00Z',
    'Too far from the station',
    l,
  );
  await rate({ projectId: alpha, agentId: null, buyerType: fhb }, [4, null], '2025-03-10T01:00:00Z', null, l);
  await rate(
    { projectId: alphaTwo, agentId: ben, buyerType: 'INVESTOR' },
    [1, 0],
    '2025-03-25T01:00:00Z',
    'Nobody called back',
    l,
  );
  await rate({ projectId: alpha, agentId: ava, buyerType: fhb }, [0, 0], '2025-04-02T01:00:00Z', 'April', l);
  await rate(
    { projectId: bravo, agentId: null, buyerType: fhb },
    [0, null],
    '2025-03-05T01:00:00Z',
    'Bravo comment',
    l,
  );
});
afterAll(() => t.close());

describe('GET /api/reporting/buyer-feedback', () => {
  it("sums up the range's ratings of the viewer's projects: averages and distributions", async () => {
    const answer = await report(developer, MARCH);
    expect(answer.project).toEqual({ responses: 4, average: 3.25, distribution: [0, 1, 0, 1, 1, 1] });
    expect(answer.agent).toEqual({ responses: 3, average: 2, distribution: [1, 0, 1, 0, 1, 0] });
    expect(answer.byProject.map((row) => [row.title, row.responses, row.average])).toEqual([
      ['Alpha Quay', 3, 4],
      ['Alpha Terraces', 1, 1],
    ]);
    expect(answer.byAgent.map((row) => [row.name, row.responses, row.average])).toEqual([
      ['Ava Agent', 2, 3],
      ['Ben Broker', 1, 0],
    ]);
    expect(answer.byBuyerType.map((row) => [row.buyerType, row.responses, row.average]).sort()).toEqual([
      ['FIRST_HOME_BUYER', 2, 4.5],
      ['INVESTOR', 2, 2],
    ]);
  });

  it('trends by week (Mondays, zero-filled) and lists comments newest first', async () => {
    const answer = await report(developer, { ...MARCH, period: 'WEEK' });
    expect(
      answer.trend.map((row) => [row.periodStart, row.responses, row.projectAverage, row.agentAverage]),
    ).toEqual([
      ['2025-02-24', 0, null, null],
      ['2025-03-03', 1, 5, 4],
      ['2025-03-10', 1, 4, null],
      ['2025-03-17', 1, 3, 2],
      ['2025-03-24', 1, 1, 0],
      ['2025-03-31', 0, null, null],
    ]);
    expect(answer.comments.map((row) => row.comment)).toEqual([
      'Nobody called back',
      'Too far from the station',
      CONTACT_COMMENT,
    ]);
    expect(answer.comments[0]).toMatchObject({
      projectTitle: 'Alpha Terraces',
      agentName: 'Ben Broker',
      agentRating: 0,
    });
  });

  it('narrows to one agent, one project and one buyer type', async () => {
    expect((await report(developer, { ...MARCH, feedbackAgent: ava })).project.responses).toBe(2);
    const one = await report(developer, { ...MARCH, feedbackProject: String(alphaTwo) });
    expect(one.byProject.map((row) => row.projectId)).toEqual([alphaTwo]);
    expect(one.project.responses).toBe(1);
    expect((await report(developer, { ...MARCH, buyerType: 'INVESTOR' })).project.average).toBe(2);
  });

  it("refuses another organisation's project, as a list or as feedbackProject", async () => {
    for (const query of [{ projectIds: String(bravo) }, { feedbackProject: String(bravo) }]) {
      const response = await t.client.api.reporting['buyer-feedback'].$get(
        { query: { ...MARCH, ...query } as never },
        { headers: { cookie: developer.cookie } },
      );
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        REPORTING_MESSAGES.projectNotVisible,
      );
    }
  });

  it('shows job role 8 the report without any buyer contact details', async () => {
    const answer = await report(media, MARCH);
    expect(answer.project.responses).toBe(4);
    const text = JSON.stringify(answer);
    for (const detail of [BUYER.name, BUYER.email, BUYER.phone, '0412 345 678', '0412345678']) {
      expect(text).not.toContain(detail);
    }
    expect(answer.comments.at(-1)?.comment).toBe('Lovely display suite, call me on •••• or mail ••••');
    // The developer, who may see contact details, reads the comment as the buyer wrote it.
    const full = await report(developer, MARCH);
    expect(full.comments.at(-1)?.comment).toBe(CONTACT_COMMENT);
  });
});
