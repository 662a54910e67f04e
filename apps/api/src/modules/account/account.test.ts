import { APPROVAL, type ApiError, type UserProjectsResponse } from '@offplan/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  member,
  organization,
  projectAccessRequests,
  projectMedia,
  projectMembers,
  projectRecommendations,
  projects,
  user,
} from '../../db/schema/index.ts';
import { signIn } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: { id: string; email: string };
let outsider: { id: string; email: string };
let admin: { id: string; email: string };
const ids = { own: 0, ownOther: 0, recommended: 0, recommendedSoldOut: 0, requested: 0, foreign: 0 };

async function insertProject(title: string, values: Partial<typeof projects.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(projects)
    .values({
      name: title,
      title,
      state: 'NSW',
      suburb: 'Parramatta',
      postcode: '2150',
      fullAddress: `1 Church Street, Parramatta NSW 2150`,
      prefix: 'nsw',
      slug: title.toLowerCase().replaceAll(' ', '-'),
      ...values,
    })
    .returning({ id: projects.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ email: 'owner@example.test', firstName: 'Olive', lastName: 'Owner' });
  outsider = await t.createUser({ email: 'outsider@example.test' });
  admin = await t.createUser({ email: 'admin@example.test', role: 'admin' });
  await t.db
    .insert(organization)
    .values({ id: 'org-1', name: 'Harbourline Developments', slug: 'harbourline', createdAt: new Date() });
  await t.db
    .insert(member)
    .values({ id: 'm-1', organizationId: 'org-1', userId: owner.id, role: 'owner', createdAt: new Date() });

  ids.own = await insertProject('The Elm Residences', {
    organisationId: 'org-1',
    updatedAt: new Date('2026-10-01'),
  });
  ids.ownOther = await insertProject('Parkview Townhomes', {
    organisationId: 'org-1',
    updatedAt: new Date('2026-09-01'),
  });
  // Recommended by design §2's name rule (GET /api/user-projects refreshes the automatic ones).
  ids.recommended = await insertProject('Riverside Lofts', { developerName: 'Harbourline Developments' });
  ids.recommendedSoldOut = await insertProject('Sold Lofts', {
    salesStatus: 'SOLD_OUT',
    developerName: 'Harbourline Developments',
  });
  ids.requested = await insertProject('Bay Towers', { organisationId: null });
  ids.foreign = await insertProject('Someone Else Tower');

  await t.db.insert(projectMembers).values([
    { projectId: ids.own, userId: owner.id },
    { projectId: ids.ownOther, userId: owner.id },
    { projectId: ids.foreign, userId: outsider.id },
  ]);
  await t.db.insert(projectMedia).values([
    {
      projectId: ids.own,
      kind: 'image',
      url: '/media/demo/2.svg',
      fileName: '2.svg',
      mimeType: 'image/svg+xml',
      sizeBytes: 10,
      position: 1,
    },
    {
      projectId: ids.own,
      kind: 'image',
      url: '/media/demo/1.svg',
      fileName: '1.svg',
      mimeType: 'image/svg+xml',
      sizeBytes: 10,
      position: 2,
      isHero: true,
    },
    {
      projectId: ids.own,
      kind: 'brochure',
      url: '/media/demo/b.pdf',
      fileName: 'b.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 10,
    },
  ]);
  await t.db.insert(projectRecommendations).values([
    { userId: owner.id, projectId: ids.recommended, source: 'name_match' },
    { userId: owner.id, projectId: ids.recommendedSoldOut, source: 'name_match' },
    { userId: owner.id, projectId: ids.own, source: 'admin' },
  ]);
  await t.db.insert(projectAccessRequests).values([
    { projectId: ids.requested, userId: owner.id, status: APPROVAL.PENDING },
    { projectId: ids.foreign, userId: owner.id, status: APPROVAL.DECLINED },
  ]);
});
afterAll(() => t.close());

describe('GET /api/user-projects', () => {
  it("returns the signed-in user's account state from the database", async () => {
    const cookie = await t.signIn(owner.email);
    const response = await t.request('/api/user-projects', { cookie });
    expect(response.status).toBe(200);
    const { success, output } = (await response.json()) as UserProjectsResponse;
    expect(success).toBe(true);
    // Newest first; another user's project never appears.
    expect(output.projectIds).toEqual([ids.own, ids.ownOther]);
    // Own projects and listings closed to enquiries are not recommended.
    expect(output.recommendedProjectIds).toEqual([ids.recommended]);
    // Declined requests are not pending.
    expect(output.projectRequestsIds).toEqual([ids.requested]);
    // With the caller's role there: the web offers 'Review access requests' to owners and admins only.
    expect(output.organisation).toEqual({ id: 'org-1', name: 'Harbourline Developments', role: 'owner' });

    const [elm] = output.projects;
    expect(elm).toMatchObject({
      id: ids.own,
      title: 'The Elm Residences',
      stage: 'IN_PLANNING',
      stageLabel: 'In Planning',
      salesStatus: 'PENDING_LAUNCH',
      salesStatusLabel: 'Pending Launch',
      prefix: 'nsw',
      slug: 'the-elm-residences',
      // Hero first, brochures are not images.
      images: ['/media/demo/1.svg', '/media/demo/2.svg'],
      updatedAt: '2026-10-01T00:00:00.000Z',
    });
    expect(output.projectRequests[0]).toMatchObject({
      id: ids.requested,
      requestId: expect.any(Number),
      project: { title: 'Bay Towers' },
    });
  });

  it('gives another user only their own projects', async () => {
    const response = await t.client.api['user-projects'].$get(
      {},
      { headers: await signIn(t, outsider.email) },
    );
    if (response.status !== 200) throw new Error(`expected 200, got ${response.status}`);
    const { output } = await response.json();
    expect(output.projectIds).toEqual([ids.foreign]);
    expect(output.recommendedProjectIds).toEqual([]);
    expect(output.projectRequestsIds).toEqual([]);
    expect(output.organisation).toBeNull();
  });

  it('refuses admins (spec §7: non-admins only)', async () => {
    const cookie = await t.signIn(admin.email);
    const response = await t.request('/api/user-projects', { cookie });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('refuses a user whose email is not verified (spec §6)', async () => {
    const unverified = await t.createUser({ emailVerified: false });
    const cookie = await t.signIn(unverified.email);
    const response = await t.request('/api/user-projects', { cookie });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 'EMAIL_NOT_VERIFIED' } });
  });

  it('answers 401 SessionRequired without a session', async () => {
    const response = await t.request('/api/user-projects');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      error: { code: 'SessionRequired', message: expect.any(String) },
    });
  });

  it('answers 401 for a forged session cookie', async () => {
    const response = await t.request('/api/user-projects', {
      cookie: 'better-auth.session_token=forged.value',
    });
    expect(response.status).toBe(401);
  });
});

describe('POST /api/user-update', () => {
  const namesOf = async (id: string) =>
    (
      await t.db
        .select({ firstName: user.firstName, lastName: user.lastName })
        .from(user)
        .where(eq(user.id, id))
    )[0];

  it('updates the names and records who did it', async () => {
    const cookie = await t.signIn(owner.email);
    const response = await t.request('/api/user-update', {
      method: 'POST',
      cookie,
      json: { clear_cookie: 0, first_name: 'Olivia', last_name: 'Owens' },
    });
    expect(response.status).toBe(200);
    expect(await namesOf(owner.id)).toEqual({ firstName: 'Olivia', lastName: 'Owens' });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetId, owner.id));
    expect(entries).toEqual([
      expect.objectContaining({ action: 'user.update_names', actorUserId: owner.id, actingAsUserId: null }),
    ]);
  });

  it.each([
    ['a malformed body', '{"first_name": "A",', /JSON/i],
    ['a field of the wrong type', JSON.stringify({ first_name: 42, last_name: 'B' }), /first_name/],
    ['an unknown field', JSON.stringify({ first_name: 'A', last_name: 'B', role: 'admin' }), /role/],
    ['a missing field', JSON.stringify({ first_name: 'A' }), /last_name/],
    ['an empty name', JSON.stringify({ first_name: ' ', last_name: 'B' }), /first_name/],
  ])('refuses %s with a 400 naming the field and changes nothing', async (_case, body, named) => {
    const cookie = await t.signIn(outsider.email);
    const before = await namesOf(outsider.id);
    const response = await t.request('/api/user-update', {
      method: 'POST',
      cookie,
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ApiError;
    expect(error.message).toMatch(named);
    expect(error.code).toMatch(/BAD_REQUEST|VALIDATION_FAILED/);
    expect(await namesOf(outsider.id)).toEqual(before);
  });

  it('refuses an oversized body with 413 and changes nothing', async () => {
    const cookie = await t.signIn(outsider.email);
    const before = await namesOf(outsider.id);
    const response = await t.request('/api/user-update', {
      method: 'POST',
      cookie,
      json: { first_name: 'A'.repeat(2 * 1024 * 1024), last_name: 'B' },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(await namesOf(outsider.id)).toEqual(before);
  });

  it('refuses a cross-site form post', async () => {
    const cookie = await t.signIn(outsider.email);
    const response = await t.request('/api/user-update', {
      method: 'POST',
      cookie,
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'first_name=A&last_name=B',
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('needs a session', async () => {
    const response = await t.request('/api/user-update', {
      method: 'POST',
      json: { first_name: 'A', last_name: 'B' },
    });
    expect(response.status).toBe(401);
  });
});

describe('the text rule on account input (issue 15 findings 1 and 7)', () => {
  const storedNames = async (id: string) =>
    (
      await t.db
        .select({ firstName: user.firstName, lastName: user.lastName, title: user.title, name: user.name })
        .from(user)
        .where(eq(user.id, id))
    )[0];

  it.each([
    ['first_name', { first_name: 'A\u0000b', last_name: 'B' }],
    ['last_name', { first_name: 'A', last_name: '\u0000' }],
    ['title', { first_name: 'A', last_name: 'B', title: 'Sales\u0000' }],
  ])('refuses a NUL in %s with a 400 naming the field and writes nothing', async (field, json) => {
    const cookie = await t.signIn(outsider.email);
    const before = await storedNames(outsider.id);
    const response = await t.request('/api/user-update', { method: 'POST', cookie, json });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ApiError;
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { [field]: expect.stringMatching(/NUL/) },
    });
    expect(await storedNames(outsider.id)).toEqual(before);
  });

  it('stores names with control characters, bidi overrides and zero-width spaces removed', async () => {
    const cookie = await t.signIn(outsider.email);
    const response = await t.request('/api/user-update', {
      method: 'POST',
      cookie,
      json: {
        first_name: ' \u202eOli\u200bver\u0007 ',
        last_name: 'Out\u001b[31msider\u0001',
        title: 'Head\u2066 of\u2069 sales\u007f',
      },
    });
    expect(response.status).toBe(200);
    expect(await storedNames(outsider.id)).toEqual({
      firstName: 'Oliver',
      lastName: 'Out[31msider',
      title: 'Head of sales',
      name: 'Oliver Out[31msider',
    });
  });

  it('answers 4xx, never 500, for a session id with a NUL', async () => {
    const cookie = await t.signIn(outsider.email);
    const response = await t.request('/api/account/sessions/a%00b', { method: 'DELETE', cookie });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { id: expect.any(String) } },
    });
  });
});
