import {
  APPROVAL,
  type ApiError,
  type ClaimProjectResponse,
  NUL_MESSAGE,
  type ProjectLookupResponse,
  type ProjectSearchResponse,
  type ProjectSummary,
  type UserProjectsResponse,
} from '@offplan/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { defaultMigrationsFolder } from '../../db/migrate.ts';
import {
  auditLog,
  inAppMessages,
  projectAccessRequests,
  projectMembers,
  projectRecommendations,
  projects,
} from '../../db/schema/index.ts';
import { createLogger } from '../../lib/logger.ts';
import { createMetrics } from '../../lib/metrics.ts';
import { defaultStaticWebFolders } from '../../lib/static-web.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { projectFixtures } from './projects.fixtures.ts';
import { PREPARED_SEARCH_SHAPES_MAX } from './projects.repository.ts';
import { refreshRecommendationsForProjects } from './recommendations.repository.ts';

let t: TestApp;
let f: ReturnType<typeof projectFixtures>;
type Person = Awaited<ReturnType<ReturnType<typeof projectFixtures>['person']>>;
let orgA: string;
let orgB: string;
let alice: Person; // owner of A
let amir: Person; // member of A
let bella: Person; // owner of B
let rex: Person; // recommended-only user, no organisation
let admin: Person;
const ids = {
  aSelling: 0,
  aHidden: 0,
  bSelling: 0,
  bHidden: 0,
  bNotProceeding: 0,
  unclaimed: 0,
  paid: 0,
};

const search = (cookie: string | undefined, body: unknown) =>
  t.request('/api/projects/search', { method: 'POST', json: body, ...(cookie ? { cookie } : {}) });
const searchOk = async (cookie: string, body: unknown) => {
  const response = await search(cookie, body);
  expect(response.status).toBe(200);
  return (await response.json()) as ProjectSearchResponse;
};
const userProjects = async (cookie: string) =>
  ((await (await t.request('/api/user-projects', { cookie })).json()) as UserProjectsResponse).output;

beforeAll(async () => {
  t = await createTestApp();
  f = projectFixtures(t);
  orgA = await f.organisation('Alpha Developments');
  orgB = await f.organisation('Bravo Homes');
  alice = await f.person({ organisationId: orgA, role: 'owner' });
  amir = await f.person({ organisationId: orgA, role: 'member' });
  bella = await f.person({ organisationId: orgB, role: 'owner' });
  rex = await f.person();
  admin = await f.person({ admin: true });

  ids.aSelling = await f.project('Alpha Harbour Residences', {
    organisationId: orgA,
    salesStatus: 'SELLING_NOW',
    stage: 'COMMENCED',
    suburb: 'Pyrmont',
    postcode: '2009',
    description: 'Secret internal notes of Alpha',
    developerName: 'Alpha Developments',
    updatedAt: new Date('2026-10-05'),
  });
  ids.aHidden = await f.project('Alpha Hidden Lane', {
    organisationId: orgA,
    salesStatus: 'HIDDEN',
    updatedAt: new Date('2026-10-04'),
  });
  ids.bSelling = await f.project('Bravo Parkside 100% Towers', {
    organisationId: orgB,
    salesStatus: 'SELLING_NOW',
    stage: 'PRECONSTRUCTION',
    campaignType: 'CPL',
    description: 'Secret internal notes of Bravo',
    developerName: 'Bravo Homes',
    videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
    updatedAt: new Date('2026-10-03'),
  });
  ids.bHidden = await f.project('Bravo Hidden Court', {
    organisationId: orgB,
    salesStatus: 'HIDDEN',
    updatedAt: new Date('2026-10-02'),
  });
  ids.bNotProceeding = await f.project('Bravo Abandoned Heights', {
    organisationId: orgB,
    stage: 'NOT_PROCEEDING',
    updatedAt: new Date('2026-10-01'),
  });
  ids.unclaimed = await f.project('Riverside Lofts', {
    suburb: 'Penrith',
    postcode: '2750',
    updatedAt: new Date('2026-09-30'),
  });
  ids.paid = await f.project('Coastal CPS Gardens', {
    organisationId: orgB,
    salesStatus: 'REGISTRATIONS_OF_INTEREST',
    campaignType: 'CPS',
    suburb: 'Pyrmont',
    updatedAt: new Date('2026-09-29'),
  });
  await t.db.insert(projectMembers).values([
    { projectId: ids.aSelling, userId: alice.id },
    { projectId: ids.bSelling, userId: bella.id },
  ]);
  await f.media(ids.aSelling, 'brochure');
  await f.media(ids.bSelling, 'floorplan');
  await t.db
    .insert(projectRecommendations)
    .values({ userId: rex.id, projectId: ids.bSelling, source: 'admin' });
});
afterAll(() => t.close());

describe('POST /api/projects/search: who finds what', () => {
  it("gives a member the marketplace plus their organisation's hidden listing, never others' hidden or not-proceeding", async () => {
    const body = await searchOk(alice.cookie, { params: { pagination: { perPage: 100 } } });
    const found = body.items.map((item) => item.id);
    expect(found).toContain(ids.aHidden);
    expect(found).not.toContain(ids.bHidden);
    expect(found).not.toContain(ids.bNotProceeding);
    expect(found).toEqual(expect.arrayContaining([ids.aSelling, ids.bSelling, ids.unclaimed, ids.paid]));
    // Default sort: updatedAt descending.
    expect(found).toEqual([ids.aSelling, ids.aHidden, ids.bSelling, ids.unclaimed, ids.paid]);
    expect(body).toMatchObject({ total: 5, limited: false, page: 1, perPage: 100, pageCount: 1 });
  });

  it("never hands another organisation's project over in full: summary fields only", async () => {
    const body = await searchOk(alice.cookie, { params: { project_ids: [ids.aSelling, ids.bSelling] } });
    const own = body.items.find((item) => item.id === ids.aSelling)!;
    const other = body.items.find((item) => item.id === ids.bSelling)!;
    expect(own).toMatchObject({
      access: 'full',
      relation: 'member',
      detail: { description: 'Secret internal notes of Alpha', organisationId: orgA },
      drupal_project_id: ids.aSelling,
      is_paying: false,
      hasBrochure: true,
      hasVideo: false,
    });
    expect(other).toMatchObject({
      access: 'summary',
      relation: 'none',
      detail: null,
      is_paying: true,
      isClaimed: true,
      hasVideo: true,
    });
    expect(JSON.stringify(other)).not.toContain('Secret internal notes');
  });

  it("lets an organisation member who is not a project member read the organisation's project in full", async () => {
    const body = await searchOk(amir.cookie, { params: { project_ids: [ids.aSelling] } });
    expect(body.items[0]).toMatchObject({ relation: 'organisation', access: 'full' });
  });

  it('shows a recommended-only user the recommended project as summary', async () => {
    const body = await searchOk(rex.cookie, { params: { project_ids: [ids.bSelling, ids.bHidden] } });
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      id: ids.bSelling,
      relation: 'recommended',
      access: 'summary',
      detail: null,
    });
  });

  it('gives platform admins every project in full, hidden and not proceeding included', async () => {
    const body = await searchOk(admin.cookie, { params: { pagination: { perPage: 100 } } });
    expect(body.total).toBe(7);
    expect(body.items.every((item) => item.access === 'full' && item.relation === 'admin')).toBe(true);
  });

  it('refuses callers without a session', async () => {
    const response = await search(undefined, {});
    expect(response.status).toBe(401);
    expect(((await response.json()) as ApiError).error.code).toBe('SessionRequired');
  });
});

describe('POST /api/projects/search: the filter of spec §3', () => {
  const idsOf = async (params: unknown, cookie = admin.cookie) =>
    (await searchOk(cookie, { params })).items.map((item) => item.id);

  it('filters by suburb, case-insensitively', async () => {
    expect(await idsOf({ suburb: 'pyrmont' })).toEqual([ids.aSelling, ids.paid]);
  });
  it('filters by sales status and stage lists', async () => {
    expect(await idsOf({ salesStatus: ['SELLING_NOW'] })).toEqual([ids.aSelling, ids.bSelling]);
    expect(await idsOf({ salesStatus: ['SELLING_NOW'], stage: ['PRECONSTRUCTION'] })).toEqual([ids.bSelling]);
  });
  it('filters by campaign type', async () => {
    expect(await idsOf({ campaignType: 'CPS' })).toEqual([ids.paid]);
  });
  it('filters by part of the title, with % taken literally', async () => {
    expect(await idsOf({ title: 'parkside' })).toEqual([ids.bSelling]);
    expect(await idsOf({ title: '100%' })).toEqual([ids.bSelling]);
    expect(await idsOf({ title: '%' })).toEqual([ids.bSelling]);
  });
  it('filters by brochure and floorplan exist flags', async () => {
    expect(await idsOf({ brochure: 'true' })).toEqual([ids.aSelling]);
    expect(await idsOf({ floorplan: 'true' })).toEqual([ids.bSelling]);
    expect(await idsOf({ brochure: 'false' })).not.toContain(ids.aSelling);
  });
  it('sorts by title ascending and pages', async () => {
    const page1 = await searchOk(admin.cookie, {
      params: { sortBy: 'title', sortOrder: 'asc', pagination: { perPage: 2, page: 1 } },
    });
    const page2 = await searchOk(admin.cookie, {
      params: { sortBy: 'title', sortOrder: 'asc', pagination: { perPage: 2, page: 2 } },
    });
    expect(page1.items.map((item) => item.title)).toEqual(['Alpha Harbour Residences', 'Alpha Hidden Lane']);
    expect(page2.items.map((item) => item.title)).toEqual(['Bravo Abandoned Heights', 'Bravo Hidden Court']);
    expect(page1).toMatchObject({ total: 7, pageCount: 4 });
  });
  it('answers correctly past the cap on prepared filter shapes (decision 022)', async () => {
    const shapes = [];
    for (const sortBy of ['updatedAt', 'createdAt', 'title', 'name', 'suburb'] as const)
      for (const sortOrder of ['asc', 'desc'] as const)
        for (const brochure of [undefined, 'true', 'false'] as const)
          for (const floorplan of [undefined, 'true', 'false'] as const)
            for (const suburb of [undefined, 'pyrmont'])
              for (const title of [undefined, 'a'])
                shapes.push({ sortBy, sortOrder, brochure, floorplan, suburb, title });
    expect(shapes.length).toBeGreaterThan(PREPARED_SEARCH_SHAPES_MAX);
    for (const params of shapes) expect((await search(admin.cookie, { params })).status).toBe(200);
    // A shape first seen past the cap runs unprepared, with the same answer.
    expect(
      await idsOf({ project_ids: [ids.paid, ids.aSelling, ids.bSelling], campaignType: 'CPS', stage: [] }),
    ).toEqual([ids.paid]);
    expect(await idsOf({ suburb: 'PYRMONT' })).toEqual([ids.aSelling, ids.paid]);
  });
  it('caps the matches at `limit`, saying so', async () => {
    const body = await searchOk(admin.cookie, { limit: 3, params: { pagination: { perPage: 2, page: 2 } } });
    expect(body).toMatchObject({ total: 3, limited: true, pageCount: 2 });
    expect(body.items).toHaveLength(1);
  });
  it('answers an empty project_ids list with no items', async () => {
    expect(await searchOk(alice.cookie, { params: { project_ids: [] } })).toMatchObject({
      items: [],
      total: 0,
    });
  });
});

describe('POST /api/projects/search: bad input answers 400 with a message', () => {
  const cases: [string, unknown, string][] = [
    ['limit over 1000', { limit: 1001 }, 'limit'],
    ['perPage over 100', { params: { pagination: { perPage: 101 } } }, 'params.pagination.perPage'],
    ['an unknown sales status', { params: { salesStatus: ['SOLD'] } }, 'params.salesStatus.0'],
    ['an unknown stage', { params: { stage: ['DONE'] } }, 'params.stage.0'],
    ['an unknown campaign type', { params: { campaignType: 'FREE' } }, 'params.campaignType'],
    [
      'a malformed filter (status not a list)',
      { params: { salesStatus: 'SELLING_NOW' } },
      'params.salesStatus',
    ],
    ['an unknown filter key', { params: { colour: 'red' } }, 'params'],
    ['an exist flag that is not true/false', { params: { brochure: 'yes' } }, 'params.brochure'],
    ['page 0', { params: { pagination: { page: 0 } } }, 'params.pagination.page'],
    ['an unknown sort field', { params: { sortBy: 'price' } }, 'params.sortBy'],
  ];
  for (const [name, body, field] of cases) {
    it(`refuses ${name}`, async () => {
      const response = await search(alice.cookie, body);
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as ApiError;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.message).toContain(field.split('.')[0]);
      expect(Object.keys(error.fields ?? {})).toContain(field);
    });
  }
});

describe('GET /api/projects/lookup (typo-tolerant)', () => {
  const lookup = async (q: string, cookie = alice.cookie) => {
    const response = await t.request(`/api/projects/lookup?q=${encodeURIComponent(q)}`, { cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as ProjectLookupResponse).items;
  };
  it('finds a project by a misspelt name', async () => {
    const items = await lookup('Harbor Residnces');
    expect(items[0]).toMatchObject({ id: ids.aSelling, relation: 'member' });
  });
  it('finds by suburb with a typo and by postcode', async () => {
    expect((await lookup('Penrtih')).map((item) => item.id)).toContain(ids.unclaimed);
    expect((await lookup('2750')).map((item) => item.id)).toEqual([ids.unclaimed]);
  });
  it("never finds another organisation's hidden project (admins do)", async () => {
    expect((await lookup('Bravo Hidden Court')).map((item) => item.id)).not.toContain(ids.bHidden);
    expect((await lookup('Bravo Hidden Court', admin.cookie)).map((item) => item.id)).toContain(ids.bHidden);
  });
  it('gives summary fields only', async () => {
    const [item] = await lookup('Bravo Parkside');
    expect(item).not.toHaveProperty('detail');
    expect(JSON.stringify(item)).not.toContain('Secret internal notes');
  });
  it('refuses a one-letter query and callers without a session', async () => {
    expect((await t.request('/api/projects/lookup?q=a', { cookie: alice.cookie })).status).toBe(400);
    expect((await t.request('/api/projects/lookup?q=alpha')).status).toBe(401);
  });
});

describe('GET /api/projects?organisationId=', () => {
  it("lists the organisation's projects as summaries for its members, hidden ones included", async () => {
    const response = await t.request(`/api/projects?organisationId=${orgA}`, { cookie: amir.cookie });
    expect(response.status).toBe(200);
    const list = (await response.json()) as ProjectSummary[];
    expect(list.map((project) => project.id)).toEqual([ids.aSelling, ids.aHidden]);
    expect(list[0]).not.toHaveProperty('description');
    expect(list[0]).toMatchObject({ stageLabel: 'Construction Commenced', salesStatusLabel: 'Selling Now' });
  });
  it("refuses another organisation's member, a user without organisation and callers without a session", async () => {
    expect((await t.request(`/api/projects?organisationId=${orgA}`, { cookie: bella.cookie })).status).toBe(
      403,
    );
    expect((await t.request(`/api/projects?organisationId=${orgA}`, { cookie: rex.cookie })).status).toBe(
      403,
    );
    expect((await t.request(`/api/projects?organisationId=${orgA}`)).status).toBe(401);
  });
  it('lets admins list any organisation, and answers 404 for an unknown one', async () => {
    const response = await t.request(`/api/projects?organisationId=${orgB}`, { cookie: admin.cookie });
    expect(((await response.json()) as ProjectSummary[]).map((p) => p.id)).toEqual([
      ids.bSelling,
      ids.bHidden,
      ids.bNotProceeding,
      ids.paid,
    ]);
    expect((await t.request('/api/projects?organisationId=nope', { cookie: admin.cookie })).status).toBe(404);
  });
  it('refuses a missing organisationId with 400', async () => {
    expect((await t.request('/api/projects', { cookie: alice.cookie })).status).toBe(400);
  });
});

describe('POST /api/project?op=claim_project', () => {
  const claim = (cookie: string | undefined, projectId: number, body: unknown = {}, op = 'claim_project') =>
    t.request(`/api/project?op=${op}&project_id=${projectId}`, {
      method: 'POST',
      json: body,
      ...(cookie ? { cookie } : {}),
    });
  const ownerOf = async (projectId: number) =>
    (await t.db.select({ org: projects.organisationId }).from(projects).where(eq(projects.id, projectId)))[0]
      ?.org;

  it('claims an unclaimed project at once: organisation set, claimer an approved member, recommendation gone, admins told', async () => {
    const org = await f.organisation('Claimers Pty Ltd');
    const claimer = await f.person({ organisationId: org, role: 'member' });
    const projectId = await f.project('Claimable Court', { developerName: 'Claimers Pty Ltd' });
    // The automatic rule recommends it first (refreshed when a listing is saved, as the fixture's is here).
    await refreshRecommendationsForProjects(t.db, [projectId]);
    const before = await userProjects(claimer.cookie);
    expect(before.recommendedProjectIds).toEqual([projectId]);

    const response = await claim(claimer.cookie, projectId, {
      projectName: 'Claimable Court',
      recommendedProjects: [projectId],
      organisation: { id: org, name: 'Claimers Pty Ltd' },
      campaignType: 'CPL',
    });
    expect(response.status).toBe(200);
    expect((await response.json()) as ClaimProjectResponse).toEqual({
      outcome: 'claimed',
      project_id: projectId,
      organisation: { id: org, name: 'Claimers Pty Ltd' },
    });
    expect(await ownerOf(projectId)).toBe(org);
    const after = await userProjects(claimer.cookie);
    expect(after.projectIds).toEqual([projectId]);
    expect(after.recommendedProjectIds).toEqual([]);
    const messages = await t.db
      .select()
      .from(inAppMessages)
      .where(eq(inAppMessages.audienceUserId, admin.id));
    expect(messages.some((m) => m.title === 'Project claimed' && m.body.includes('Claimable Court'))).toBe(
      true,
    );
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'project.claim'));
    expect(entry).toMatchObject({ actorUserId: claimer.id, targetId: String(projectId) });
  });

  it("turns a claim on another organisation's project into an access request, and refuses a second one", async () => {
    const projectId = await f.project('Bravo Claim Target', {
      organisationId: orgB,
      salesStatus: 'SELLING_NOW',
    });
    const response = await claim(alice.cookie, projectId);
    expect(response.status).toBe(200);
    const body = (await response.json()) as ClaimProjectResponse;
    expect(body).toMatchObject({ outcome: 'requested', project_id: projectId });
    expect(await ownerOf(projectId)).toBe(orgB);
    expect((await userProjects(alice.cookie)).projectRequestsIds).toContain(projectId);
    const again = await claim(alice.cookie, projectId);
    expect(again.status).toBe(409);
    expect(((await again.json()) as ApiError).error.code).toBe('CONFLICT');
  });

  it('refuses a project of its own organisation with 409', async () => {
    const projectId = await f.project('Alpha Already Ours', { organisationId: orgA });
    expect((await claim(amir.cookie, projectId)).status).toBe(409);
  });

  it('refuses the wrong callers and writes nothing', async () => {
    const projectId = await f.project('Unclaimed Guarded');
    // Recommended-only user without an organisation.
    expect((await claim(rex.cookie, projectId)).status).toBe(403);
    // Platform admins have no organisation to claim for.
    expect((await claim(admin.cookie, projectId)).status).toBe(403);
    expect((await claim(undefined, projectId)).status).toBe(401);
    // Naming another organisation.
    const named = await claim(alice.cookie, projectId, { organisation: orgB });
    expect(named.status).toBe(403);
    expect(await ownerOf(projectId)).toBeNull();
    expect(await t.db.select().from(projectMembers).where(eq(projectMembers.projectId, projectId))).toEqual(
      [],
    );
    expect(
      await t.db.select().from(projectAccessRequests).where(eq(projectAccessRequests.projectId, projectId)),
    ).toEqual([]);
  });

  it("cannot take another organisation's hidden project from under it: 404", async () => {
    expect((await claim(alice.cookie, ids.bHidden)).status).toBe(404);
    expect(await ownerOf(ids.bHidden)).toBe(orgB);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const projectId = await f.project('Unclaimed Input');
    expect((await claim(alice.cookie, projectId, {}, 'steal')).status).toBe(400);
    expect((await claim(alice.cookie, projectId, { campaignType: 'FREE' })).status).toBe(400);
    expect((await claim(alice.cookie, projectId, { surprise: 1 })).status).toBe(400);
    const bad = await t.request('/api/project?op=claim_project&project_id=abc', {
      method: 'POST',
      json: {},
      cookie: alice.cookie,
    });
    expect(bad.status).toBe(400);
    expect(await ownerOf(projectId)).toBeNull();
    expect((await claim(alice.cookie, 999_999)).status).toBe(404);
  });
});

describe('recommendations (design §2)', () => {
  it('recommends unclaimed projects by organisation name (case and punctuation aside) and email domain; never hidden, sold out, not proceeding or claimed ones', async () => {
    const org = await f.organisation('Smith & Sons Developments');
    const user = await f.person({ organisationId: org, email: `kim-${Date.now()}@smithsons.example` });
    const byName = await f.project('Name Match Place', { developerName: 'SMITH AND SONS developments!' });
    const byMarketer = await f.project('Marketer Match Place', {
      marketerName: 'smith & sons, developments',
    });
    const byDomain = await f.project('Domain Match Place', {
      website: 'https://www.SmithSons.example/listing',
    });
    await f.project('Hidden Match', { developerName: 'Smith & Sons Developments', salesStatus: 'HIDDEN' });
    await f.project('Sold Match', { developerName: 'Smith & Sons Developments', salesStatus: 'SOLD_OUT' });
    await f.project('Stopped Match', { developerName: 'Smith & Sons Developments', stage: 'NOT_PROCEEDING' });
    await f.project('Claimed Match', { developerName: 'Smith & Sons Developments', organisationId: orgB });
    const other = await f.project('Other Developer', { developerName: 'Smith Developments' });
    // Refreshed when listings are saved, as the fixture's are here (issue 22 part 5).
    const saved = await t.db.select({ id: projects.id }).from(projects);
    await refreshRecommendationsForProjects(
      t.db,
      saved.map((row) => row.id),
    );
    expect(other).toBeGreaterThan(0);
    const state = await userProjects(user.cookie);
    expect(new Set(state.recommendedProjectIds)).toEqual(new Set([byName, byMarketer, byDomain]));
    const rows = await t.db
      .select()
      .from(projectRecommendations)
      .where(eq(projectRecommendations.userId, user.id));
    expect(rows.find((row) => row.projectId === byDomain)?.source).toBe('domain_match');
    expect(rows.find((row) => row.projectId === byName)?.source).toBe('name_match');

    // Once claimed by someone else, it leaves the recommendations.
    await t.db.update(projects).set({ organisationId: orgB }).where(eq(projects.id, byName));
    await refreshRecommendationsForProjects(t.db, [byName]);
    expect((await userProjects(user.cookie)).recommendedProjectIds).not.toContain(byName);
  });

  it('never recommends by a public mail domain', async () => {
    const user = await f.person({ email: `pat-${Date.now()}@gmail.com` });
    await f.project('Gmail Site', { website: 'https://gmail.com' });
    expect((await userProjects(user.cookie)).recommendedProjectIds).toEqual([]);
  });

  it('lets a platform admin assign and remove a recommendation by hand; nobody else', async () => {
    const user = await f.person();
    const projectId = await f.project('Hand Picked', { organisationId: orgB, salesStatus: 'SELLING_NOW' });
    const assign = (cookie: string | undefined, body: unknown) =>
      t.request('/api/admin/project-recommendations', {
        method: 'POST',
        json: body,
        ...(cookie ? { cookie } : {}),
      });
    expect((await assign(alice.cookie, { userId: user.id, projectId })).status).toBe(403);
    expect((await assign(undefined, { userId: user.id, projectId })).status).toBe(401);
    expect((await assign(admin.cookie, { userId: user.id, projectId: 'x' })).status).toBe(400);
    expect((await assign(admin.cookie, { userId: user.id, projectId: ids.bHidden })).status).toBe(409);
    const response = await assign(admin.cookie, { userId: user.id, projectId });
    expect(response.status).toBe(201);
    expect((await userProjects(user.cookie)).recommendedProjectIds).toEqual([projectId]);
    // Automatic refreshes leave hand-assigned ones alone.
    expect((await userProjects(user.cookie)).recommendedProjectIds).toEqual([projectId]);

    const path = `/api/admin/project-recommendations/${user.id}/${projectId}`;
    expect((await t.request(path, { method: 'DELETE', cookie: alice.cookie })).status).toBe(403);
    expect((await t.request(path, { method: 'DELETE', cookie: admin.cookie })).status).toBe(200);
    expect((await userProjects(user.cookie)).recommendedProjectIds).toEqual([]);
    expect((await t.request(path, { method: 'DELETE', cookie: admin.cookie })).status).toBe(404);
  });
});

describe('legacy GET /projects/{id}', () => {
  it('answers 301 to /projects/{id}/summary for a project on the marketplace', async () => {
    const response = await t.request(`/projects/${ids.bSelling}`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(`/projects/${ids.bSelling}/summary`);
  });
  it('answers 404 for an unknown project and for a hidden one the caller may not find', async () => {
    expect((await t.request('/projects/999999')).status).toBe(404);
    expect((await t.request(`/projects/${ids.aHidden}`)).status).toBe(404);
    expect((await t.request(`/projects/${ids.aHidden}`, { cookie: amir.cookie })).status).toBe(301);
    expect((await t.request('/projects/99999999999999999999')).status).toBe(404);
  });
  it('leaves /projects/{id}/summary and named web routes to the web app', async () => {
    expect((await t.request(`/projects/${ids.bSelling}/summary`)).status).not.toBe(301);
    expect((await t.request('/projects/recommended')).status).not.toBe(301);
  });
  it.skipIf(!defaultStaticWebFolders.webDistDir)(
    'is answered before the web app fallback, which serves /projects/{id}/summary',
    async () => {
      const app = createApp(
        {
          settings: t.settings,
          database: t.database,
          auth: t.auth,
          logger: createLogger('silent'),
          queue: t.queue,
          outbox: t.outbox,
          metrics: createMetrics({ logger: createLogger('silent') }),
          migrationsFolder: defaultMigrationsFolder,
          lifecycle: { draining: false },
        },
        { serveWeb: true },
      );
      const legacy = await app.request(`/projects/${ids.bSelling}`, { redirect: 'manual' });
      expect(legacy.status).toBe(301);
      const summary = await app.request(`/projects/${ids.bSelling}/summary`);
      expect(summary.status).toBe(200);
      expect(summary.headers.get('content-type')).toContain('text/html');
    },
  );
});

describe('account state counts', () => {
  it('follow a claim and an approval', async () => {
    const org = await f.organisation('Count Co');
    const user = await f.person({ organisationId: org, role: 'owner' });
    const free = await f.project('Count Free', { developerName: 'Count Co' });
    const foreign = await f.project('Count Foreign', { organisationId: orgB, salesStatus: 'SELLING_NOW' });
    await refreshRecommendationsForProjects(t.db, [free, foreign]);
    let state = await userProjects(user.cookie);
    expect([
      state.projectIds.length,
      state.recommendedProjectIds.length,
      state.projectRequestsIds.length,
    ]).toEqual([0, 1, 0]);
    await t.request(`/api/project?op=claim_project&project_id=${free}`, {
      method: 'POST',
      json: {},
      cookie: user.cookie,
    });
    await t.request(`/api/project?op=claim_project&project_id=${foreign}`, {
      method: 'POST',
      json: {},
      cookie: user.cookie,
    });
    state = await userProjects(user.cookie);
    expect([state.projectIds, state.recommendedProjectIds, state.projectRequestsIds]).toEqual([
      [free],
      [],
      [foreign],
    ]);
    const [request] = await t.db
      .select()
      .from(projectAccessRequests)
      .where(and(eq(projectAccessRequests.projectId, foreign), eq(projectAccessRequests.userId, user.id)));
    const decided = await t.request(`/api/access-requests/${request!.id}/decision`, {
      method: 'POST',
      json: { decision: 'approve' },
      cookie: bella.cookie,
    });
    expect(decided.status).toBe(200);
    state = await userProjects(user.cookie);
    expect(new Set(state.projectIds)).toEqual(new Set([free, foreign]));
    expect(state.projectRequestsIds).toEqual([]);
    expect(request!.status).toBe(APPROVAL.PENDING);
    const [after] = await t.db
      .select({ status: projectAccessRequests.status })
      .from(projectAccessRequests)
      .where(eq(projectAccessRequests.id, request!.id));
    expect(after!.status).toBe(APPROVAL.APPROVED);
  });
});

describe('the text rule (issue 15, decision 024): a NUL answers 400, not 500', () => {
  it('in the search title and suburb filters', async () => {
    for (const field of ['title', 'suburb']) {
      const response = await search(alice.cookie, { params: { [field]: 'Alpha\u0000' } });
      expect(response.status, field).toBe(400);
      const { error } = (await response.json()) as ApiError;
      expect(error.fields?.[`params.${field}`]).toBe(NUL_MESSAGE);
    }
  });

  it('in the lookup query', async () => {
    const response = await t.request(`/api/projects/lookup?q=${encodeURIComponent('Alpha\u0000 Harbour')}`, {
      cookie: alice.cookie,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiError).error.fields?.q).toBe(NUL_MESSAGE);
  });
});
