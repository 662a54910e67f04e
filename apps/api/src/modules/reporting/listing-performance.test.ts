import { type ListingPerformanceAnswer, REPORTING_MESSAGES } from '@offplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { leadFixtures } from '../leads/lead-fixtures.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';
import { reportingFixtures } from './reporting.fixtures.ts';

/**
 * Issue 17 item 3: the listing-performance report read from the rollups (decision 028), through HTTP.
 * March 2025 is the range; the previous range is the 31 days before it (29 January to 28 February).
 */

let t: TestApp;
let developer: { id: string; cookie: string };
let admin: { id: string; cookie: string };
let newcomer: { id: string; cookie: string };
let alpha: number;
let alphaTownhouses: number;
let bravo: number;
let peers: number[];

const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };

async function report(
  who: { cookie: string },
  query: Record<string, string>,
  status = 200,
): Promise<ListingPerformanceAnswer> {
  const response = await t.client.api.reporting['listing-performance'].$get(
    { query: query as never },
    { headers: { cookie: who.cookie } },
  );
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as ListingPerformanceAnswer;
}

beforeAll(async () => {
  t = await createTestApp();
  const f = projectFixtures(t);
  const l = leadFixtures(t);
  const r = reportingFixtures(t);
  const orgA = await f.organisation('Alpha Developments');
  const orgB = await f.organisation('Bravo Homes');
  developer = await f.person({ organisationId: orgA, role: 'owner' });
  admin = await f.person({ admin: true });
  newcomer = await f.person({ organisationId: orgB, role: 'owner' });
  const listed = { salesStatus: 'SELLING_NOW' as const };
  const midRiseCps = {
    ...listed,
    state: 'NSW' as const,
    projectType: 'MID_RISE' as const,
    campaignType: 'CPS' as const,
  };
  const townhouseCpl = {
    ...listed,
    state: 'VIC' as const,
    projectType: 'TOWNHOUSE' as const,
    campaignType: 'CPL' as const,
  };
  alpha = await f.project('Alpha Quay', { ...midRiseCps, organisationId: orgA, stage: 'COMMENCED' });
  alphaTownhouses = await f.project('Alpha Terraces', { ...townhouseCpl, organisationId: orgA });
  // The only other project like Alpha Quay: too few to benchmark against without exposing it.
  bravo = await f.project('Bravo Rise', { ...midRiseCps, organisationId: orgB });
  peers = [];
  for (const [index, views] of [10, 20, 30, 40, 50].entries()) {
    const peer = await f.project(`Bravo Terraces ${index}`, { ...townhouseCpl, organisationId: orgB });
    await r.events(peer, '2025-03-12', { page_view: views, brochure_download: index });
    peers.push(peer);
  }
  // Hidden from the marketplace: not a comparable project.
  const hidden = await f.project('Bravo Hidden', {
    ...townhouseCpl,
    organisationId: orgB,
    salesStatus: 'HIDDEN',
  });
  await r.events(hidden, '2025-03-12', { page_view: 1000 });
  await t.db.insert(projectMembers).values([
    { projectId: alpha, userId: developer.id },
    { projectId: alphaTownhouses, userId: developer.id },
  ]);

  await r.events(alpha, '2025-01-01', { page_view: 100 });
  await r.events(alpha, '2025-02-10', { page_view: 4 });
  await r.visitors(alpha, '2025-02-10', ['visitor-one-0000001']);
  await r.events(alpha, '2025-03-03', { page_view: 10, brochure_download: 2 });
  await r.visitors(alpha, '2025-03-03', [
    'visitor-one-0000001',
    'visitor-two-0000002',
    'visitor-three-00003',
  ]);
  await r.events(alpha, '2025-03-04', { page_view: 5, phone_reveal: 1 });
  await r.visitors(alpha, '2025-03-04', [
    'visitor-one-0000001',
    'visitor-two-0000002',
    'visitor-four-000004',
  ]);
  await r.events(alpha, '2025-03-31', { page_view: 5 });
  await r.visitors(alpha, '2025-03-31', ['visitor-five-000005']);
  await r.events(alpha, '2025-04-01', { page_view: 50 });
  await r.events(alphaTownhouses, '2025-03-10', { page_view: 30 });
  await r.events(bravo, '2025-03-05', { page_view: 7777, video_play: 4321 });

  // Sydney days: 13:30 UTC on 28 February is 00:30 on 1 March there (in range); on 31 March, 1 April (not).
  await l.lead({ projectId: alpha, createdAt: new Date('2025-02-28T13:30:00Z'), buyerType: 'INVESTOR' });
  await l.lead({
    projectId: alpha,
    createdAt: new Date('2025-03-03T01:00:00Z'),
    buyerType: 'FIRST_HOME_BUYER',
  });
  await l.lead({
    projectId: alpha,
    createdAt: new Date('2025-03-31T13:30:00Z'),
    buyerType: 'FIRST_HOME_BUYER',
  });
  await l.lead({ projectId: alpha, createdAt: new Date('2025-02-10T01:00:00Z'), buyerType: 'INVESTOR' });
  await l.lead({ projectId: bravo, createdAt: new Date('2025-03-05T01:00:00Z'), buyerType: 'INVESTOR' });
});
afterAll(() => t.close());

describe('GET /api/reporting/listing-performance', () => {
  it("totals the range from the rollups, with the previous range and Sydney days' enquiries", async () => {
    const answer = await report(developer, { ...MARCH, projectIds: String(alpha) });
    expect(answer).toMatchObject({
      ...MARCH,
      previousStartDate: '2025-01-29',
      previousEndDate: '2025-02-28',
    });
    expect(answer.totals).toEqual({
      pageViews: 20,
      uniqueVisitors: 5,
      enquiries: 2,
      conversion: 0.1,
      brochureDownloads: 2,
      floorplanViews: 0,
      phoneReveals: 1,
      videoPlays: 0,
      galleryOpens: 0,
    });
    expect(answer.previous).toMatchObject({
      pageViews: 4,
      uniqueVisitors: 1,
      enquiries: 1,
      conversion: 0.25,
    });
  });

  it('counts a visitor who came back on several days once (sketches merged, never daily uniques added)', async () => {
    const answer = await report(developer, { ...MARCH, projectIds: String(alpha), period: 'DAY' });
    const daily = answer.series.map((entry) => entry.uniqueVisitors);
    expect(daily.reduce((sum, n) => sum + n, 0)).toBe(7);
    expect(answer.totals.uniqueVisitors).toBe(5);
  });

  it('series by week start on Mondays, zero-filled, the first week before the range', async () => {
    const answer = await report(developer, { ...MARCH, projectIds: String(alpha), period: 'WEEK' });
    expect(answer.series.map((entry) => [entry.periodStart, entry.pageViews, entry.uniqueVisitors])).toEqual([
      ['2025-02-24', 0, 0],
      ['2025-03-03', 15, 4],
      ['2025-03-10', 0, 0],
      ['2025-03-17', 0, 0],
      ['2025-03-24', 0, 0],
      ['2025-03-31', 5, 1],
    ]);
    const byDay = await report(developer, { ...MARCH, projectIds: String(alpha), period: 'DAY' });
    expect(byDay.series).toHaveLength(31);
    const byMonth = await report(developer, { ...MARCH, projectIds: String(alpha) });
    expect(byMonth.period).toBe('MONTH');
    expect(byMonth.series.map((entry) => [entry.periodStart, entry.enquiries])).toEqual([['2025-03-01', 2]]);
  });

  it('narrows enquiries by buyer type (visitors are anonymous, so views stay)', async () => {
    const answer = await report(developer, {
      ...MARCH,
      projectIds: String(alpha),
      buyerType: 'FIRST_HOME_BUYER',
    });
    expect(answer.totals).toMatchObject({ pageViews: 20, enquiries: 1, conversion: 0.05 });
    expect(answer.previous.enquiries).toBe(0);
  });

  it("covers the viewer's projects by default, most page views first, narrowed by construction stage", async () => {
    const answer = await report(developer, MARCH);
    expect(answer.byProject.map((row) => [row.title, row.pageViews])).toEqual([
      ['Alpha Terraces', 30],
      ['Alpha Quay', 20],
    ]);
    expect(answer.totals.pageViews).toBe(50);
    const commenced = await report(developer, { ...MARCH, constructionStatus: 'COMMENCED' });
    expect(commenced.byProject.map((row) => row.projectId)).toEqual([alpha]);
  });

  it("refuses another organisation's project with 403 and the contract's message", async () => {
    const response = await t.client.api.reporting['listing-performance'].$get(
      { query: { ...MARCH, projectIds: `${alpha},${bravo}` } as never },
      { headers: { cookie: developer.cookie } },
    );
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      REPORTING_MESSAGES.projectNotVisible,
    );
  });

  it('answers zeros for someone with no projects: nothing of anyone else', async () => {
    const answer = await report(newcomer, { ...MARCH, period: 'WEEK' });
    expect(answer.totals).toMatchObject({ pageViews: 0, uniqueVisitors: 0, enquiries: 0, conversion: null });
    expect(answer.series).toHaveLength(6);
    expect(answer.byProject).toEqual([]);
    expect(answer.benchmarks).toEqual([]);
  });

  it('lets a platform admin report on any project', async () => {
    const answer = await report(admin, { ...MARCH, projectIds: `${alpha},${bravo}` });
    expect(answer.byProject.map((row) => row.projectId)).toEqual([bravo, alpha]);
  });
});

describe('benchmarks', () => {
  it('gives none where only one other comparable project exists, and nothing that reveals it', async () => {
    const answer = await report(developer, { ...MARCH, projectIds: String(alpha) });
    expect(answer.benchmarks).toEqual([
      {
        state: 'NSW',
        projectType: 'MID_RISE',
        campaignType: 'CPS',
        projectIds: [alpha],
        comparableProjects: 1,
        figures: null,
      },
    ]);
    const text = JSON.stringify(answer);
    expect(text).not.toContain('Bravo');
    expect(text).not.toContain('7777');
    expect(text).not.toContain('4321');
    expect(answer.byProject.map((row) => row.projectId)).toEqual([alpha]);
  });

  it('gives quartiles over five other comparable projects (any organisation), never naming them', async () => {
    const answer = await report(developer, MARCH);
    const townhouses = answer.benchmarks.find((benchmark) => benchmark.state === 'VIC');
    expect(townhouses).toMatchObject({ projectIds: [alphaTownhouses], comparableProjects: 5 });
    expect(townhouses?.figures?.pageViews).toEqual({ q1: 20, median: 30, q3: 40 });
    expect(townhouses?.figures?.brochureDownloads).toEqual({ q1: 1, median: 2, q3: 3 });
    expect(townhouses?.figures?.conversion).toEqual({ q1: 0, median: 0, q3: 0 });
    const text = JSON.stringify(answer);
    expect(text).not.toContain('Bravo');
    for (const id of peers) expect(answer.byProject.map((row) => row.projectId)).not.toContain(id);
  });

  it("counts the peers' figures for the same range only", async () => {
    const april = await report(developer, { startDate: '2025-04-01', endDate: '2025-04-30' });
    const townhouses = april.benchmarks.find((benchmark) => benchmark.state === 'VIC');
    expect(townhouses?.figures?.pageViews).toEqual({ q1: 0, median: 0, q3: 0 });
  });
});

describe('unique visitors over long ranges (sketches of days, weeks and months merged)', () => {
  // Wednesday to Thursday, cutting weeks and months at both ends; the previous range likewise.
  const RANGE = { startDate: '2025-05-07', endDate: '2025-09-18' };
  const PREVIOUS = { startDate: '2025-01-23', endDate: '2025-05-06' };
  let delta: number;
  const exact = { range: new Set<string>(), previous: new Set<string>() };

  beforeAll(async () => {
    const f = projectFixtures(t);
    const r = reportingFixtures(t);
    const org = await f.organisation('Delta Living');
    delta = await f.project('Delta Gardens', {
      salesStatus: 'SELLING_NOW',
      state: 'QLD',
      projectType: 'HIGH_RISE',
      campaignType: 'NONE',
      organisationId: org,
    });
    // 3,000 regular visitors, 40 a day, drawn by a fixed sequence: most come back on several days.
    let draw = 12_345;
    for (let day = PREVIOUS.startDate; day <= RANGE.endDate; day = nextDay(day)) {
      const ids: string[] = [];
      for (let i = 0; i < 40; i++) {
        draw = (draw * 1_103_515_245 + 12_345) % 2_147_483_648;
        ids.push(`delta-visitor-${draw % 3_000}`);
      }
      await r.visitors(delta, day, ids);
      for (const id of ids) (day >= RANGE.startDate ? exact.range : exact.previous).add(id);
    }
  });

  it('counts the range and the previous one within 2% of the exact distinct visitors, whatever the period', async () => {
    for (const period of ['DAY', 'WEEK', 'MONTH']) {
      const answer = await report(admin, { ...RANGE, period, projectIds: String(delta) });
      expect(Math.abs(answer.totals.uniqueVisitors / exact.range.size - 1), period).toBeLessThan(0.02);
      expect(Math.abs(answer.previous.uniqueVisitors / exact.previous.size - 1), period).toBeLessThan(0.02);
      expect(answer.byProject[0]!.uniqueVisitors, period).toBe(answer.totals.uniqueVisitors);
      // Returning visitors: each period counts them once, so the periods add up to more than the range.
      const periods = answer.series.reduce((sum, entry) => sum + entry.uniqueVisitors, 0);
      expect(periods, period).toBeGreaterThan(answer.totals.uniqueVisitors);
    }
  });

  it('gives the same total read as days, weeks or months (the merge is exact across grains)', async () => {
    const totals = await Promise.all(
      ['DAY', 'WEEK', 'MONTH'].map(
        async (period) => (await report(admin, { ...RANGE, period, projectIds: String(delta) })).totals,
      ),
    );
    expect(new Set(totals.map((figures) => figures.uniqueVisitors)).size).toBe(1);
  });
});

function nextDay(day: string) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
