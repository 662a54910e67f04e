import { ADMIN_USER_API_PATHS as PATHS } from '@offplan/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  outboxMessages,
  projectAccessRequests,
  projectMembers,
  projectRecommendations,
  session,
  user,
} from '../../db/schema/index.ts';
import { cookiesOf } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';

/** Issue 19 item 1: what an admin does to a user from /profile/{id} (decision 031). */

let t: TestApp;
let f: ReturnType<typeof projectFixtures>;
type Person = { id: string; email: string; cookie: string };
let admin: Person;
let otherAdmin: Person;
let marketer: Person;
/** The admin acting as the marketer: the session's user is the marketer. */
let acting: string;

beforeAll(async () => {
  t = await createTestApp();
  f = projectFixtures(t);
  const organisationId = await f.organisation('Keystone Property');
  admin = await f.person({ admin: true });
  otherAdmin = await f.person({ admin: true });
  marketer = await f.person({ organisationId, role: 'member', email: 'sophie@keystone.test' });
  const started = await t.request('/api/auth/impersonation/start', {
    method: 'POST',
    cookie: otherAdmin.cookie,
    json: { userId: marketer.id },
  });
  expect(started.status).toBe(200);
  acting = cookiesOf(started);
});
afterAll(() => t.close());

const send = (path: string, cookie: string | undefined, init: { method?: string; json?: unknown } = {}) =>
  t.request(path, {
    method: init.method ?? 'GET',
    ...(cookie ? { cookie } : {}),
    ...(init.json ? { json: init.json } : {}),
  });

const readUser = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0]!;
const auditOf = (action: string, targetId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.id));

/** Every new route with the method and body it takes: the 403 and 404 checks run over all of them. */
const routes = (id: string) => [
  { path: PATHS.user(id), method: 'PATCH', json: { firstName: 'A', lastName: 'B' } },
  { path: PATHS.verifyEmail(id), method: 'POST' },
  { path: PATHS.passwordReset(id), method: 'POST' },
  { path: PATHS.verificationEmail(id), method: 'POST' },
  { path: PATHS.projects(id), method: 'GET' },
  { path: PATHS.sessions(id), method: 'GET' },
  { path: PATHS.audit(id), method: 'GET' },
];

describe('who may call the admin user routes', () => {
  it('refuses portal users (403), an admin acting as a user (403) and visitors (401), changing nothing', async () => {
    const before = await readUser(marketer.id);
    for (const route of routes(marketer.id)) {
      expect((await send(route.path, marketer.cookie, route)).status, `user ${route.path}`).toBe(403);
      expect((await send(route.path, acting, route)).status, `acting ${route.path}`).toBe(403);
      expect((await send(route.path, undefined, route)).status, `visitor ${route.path}`).toBe(401);
    }
    const after = await readUser(marketer.id);
    expect(after).toMatchObject({ firstName: before.firstName, lastName: before.lastName });
    expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, marketer.email))).toEqual([]);
  });

  it('answers 404 for a user that does not exist', async () => {
    for (const route of routes('no-such-user')) {
      const response = await send(route.path, admin.cookie, route);
      expect(response.status, route.path).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: 'No such user.' } });
    }
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  it('changes names, title and job role, and audits before and after of what changed', async () => {
    const response = await send(PATHS.user(marketer.id), admin.cookie, {
      method: 'PATCH',
      json: { firstName: ' Sophia ', lastName: 'Williams', title: 'Head of Marketing', jobRoleId: 3 },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: marketer.id,
      name: 'Sophia Williams',
      firstName: 'Sophia',
      title: 'Head of Marketing',
      jobRoleId: 3,
    });
    const [entry] = await auditOf('admin.user.update', marketer.id);
    expect(entry).toMatchObject({
      actorUserId: admin.id,
      targetType: 'user',
      data: {
        before: { firstName: 'Test', lastName: 'User', title: null, jobRoleId: null },
        after: { firstName: 'Sophia', lastName: 'Williams', title: 'Head of Marketing', jobRoleId: 3 },
      },
    });
  });

  it('refuses a bad name with 400 naming the field (the profile form messages), changing nothing', async () => {
    const before = await readUser(marketer.id);
    const cases = [
      [{ firstName: '  ', lastName: 'X' }, 'firstName', 'Enter your first name'],
      [{ firstName: 'X', lastName: 'y'.repeat(101) }, 'lastName', 'Use at most 100 characters'],
      [{ firstName: 'X', lastName: 'Y', title: 't'.repeat(101) }, 'title', 'Use at most 100 characters'],
      [{ firstName: 'X\u0000', lastName: 'Y' }, 'firstName', 'NUL'],
      [{ firstName: 'X', lastName: 'Y', jobRoleId: 4 }, 'jobRoleId', 'Choose one of the listed roles.'],
    ] as const;
    for (const [json, field, message] of cases) {
      const response = await send(PATHS.user(marketer.id), admin.cookie, { method: 'PATCH', json });
      expect(response.status, field).toBe(400);
      const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
      expect(error.fields[field], field).toContain(message);
    }
    expect(await readUser(marketer.id)).toEqual(before);
  });

  it("lets an admin edit another admin's names but refuses them a job role", async () => {
    const renamed = await send(PATHS.user(otherAdmin.id), admin.cookie, {
      method: 'PATCH',
      json: { firstName: 'Olive', lastName: 'Bennett' },
    });
    expect(renamed.status).toBe(200);
    const refused = await send(PATHS.user(otherAdmin.id), admin.cookie, {
      method: 'PATCH',
      json: { firstName: 'Olive', lastName: 'Bennett', jobRoleId: 1 },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { fields: { jobRoleId: 'Platform admins have no job role.' } },
    });
    expect((await readUser(otherAdmin.id)).jobRoleId).toBeNull();
  });

  it('writes no audit entry when nothing changed', async () => {
    const current = await readUser(marketer.id);
    const entries = (await auditOf('admin.user.update', marketer.id)).length;
    const response = await send(PATHS.user(marketer.id), admin.cookie, {
      method: 'PATCH',
      json: { firstName: current.firstName, lastName: current.lastName },
    });
    expect(response.status).toBe(200);
    expect(await auditOf('admin.user.update', marketer.id)).toHaveLength(entries);
  });
});

describe('email verification', () => {
  it('marks an unverified email verified once, audited; the second time is 409 with a message', async () => {
    const unverified = await t.createUser({ email: 'grace@example.test', emailVerified: false });
    const first = await send(PATHS.verifyEmail(unverified.id), admin.cookie, { method: 'POST' });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ emailVerified: true });
    expect((await readUser(unverified.id)).emailVerified).toBe(true);
    const [entry] = await auditOf('admin.user.verify_email', unverified.id);
    expect(entry?.data).toEqual({ before: { emailVerified: false }, after: { emailVerified: true } });
    const again = await send(PATHS.verifyEmail(unverified.id), admin.cookie, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: { message: 'grace@example.test is already verified.' },
    });
    expect(await auditOf('admin.user.verify_email', unverified.id)).toHaveLength(1);
  });

  it('resends the verification email while unverified, and refuses (409) once verified', async () => {
    const unverified = await t.createUser({ email: 'noah@example.test', emailVerified: false });
    const sent = await send(PATHS.verificationEmail(unverified.id), admin.cookie, { method: 'POST' });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ sentTo: 'noah@example.test' });
    const [mail] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, 'noah@example.test'));
    expect(mail?.text).toMatch(/\/verify\?token=/);
    expect(await auditOf('admin.user.verification_email', unverified.id)).toHaveLength(1);
    const refused = await send(PATHS.verificationEmail(marketer.id), admin.cookie, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, marketer.email))).toEqual([]);
  });
});

describe('POST /api/admin/users/{id}/password-reset', () => {
  it("sends the portal's reset email through better-auth, keeps the sessions until the reset, audits", async () => {
    const sessionsBefore = await t.db.select().from(session).where(eq(session.userId, marketer.id));
    const response = await send(PATHS.passwordReset(marketer.id), admin.cookie, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sentTo: marketer.email });
    const [mail] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, marketer.email));
    expect(mail).toMatchObject({ template: 'resetPassword' });
    expect(mail?.text).toMatch(/\/forgot-password\/[\w-]+/);
    expect(await t.db.select().from(session).where(eq(session.userId, marketer.id))).toHaveLength(
      sessionsBefore.length,
    );
    expect((await send('/api/user-projects', marketer.cookie)).status).toBe(200);
    const [entry] = await auditOf('admin.user.password_reset', marketer.id);
    expect(entry).toMatchObject({ actorUserId: admin.id, data: { sentTo: marketer.email } });
  });

  it('answers 429 once the address had its emails for now', async () => {
    const someone = await t.createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await send(PATHS.passwordReset(someone.id), admin.cookie, { method: 'POST' })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('what the admin sees of a user', () => {
  it('lists their projects with member, recommended and pending access', async () => {
    const mine = await f.project('Harbour Towers');
    const suggested = await f.project('Riverside Lofts');
    const asked = await f.project('Parkview Terraces');
    await t.db.insert(projectMembers).values({ projectId: mine, userId: marketer.id });
    await t.db
      .insert(projectRecommendations)
      .values({ projectId: suggested, userId: marketer.id, source: 'admin' });
    await t.db.insert(projectAccessRequests).values({ projectId: asked, userId: marketer.id });
    const response = await send(PATHS.projects(marketer.id), admin.cookie);
    const { items } = (await response.json()) as {
      items: { id: number; access: string; requestedAt: string | null }[];
    };
    expect(items.map((item) => [item.id, item.access])).toEqual([
      [mine, 'member'],
      [suggested, 'recommended'],
      [asked, 'pending'],
    ]);
    expect(items[2]?.requestedAt).toEqual(expect.any(String));
  });

  it('lists their sessions with who acted as them', async () => {
    const response = await send(PATHS.sessions(marketer.id), admin.cookie);
    const { sessions } = (await response.json()) as {
      sessions: { ipAddress: string | null; impersonatedBy: { id: string } | null; token?: string }[];
    };
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.filter((row) => row.impersonatedBy?.id === otherAdmin.id)).toHaveLength(1);
    expect(sessions.every((row) => row.token === undefined)).toBe(true);
    expect(sessions[0]?.ipAddress).toMatch(/^198\.51\.100\./);
  });

  it('lists the newest audit entries about them or by them, with names', async () => {
    const response = await send(PATHS.audit(marketer.id), admin.cookie);
    const { items, limit } = (await response.json()) as {
      items: { action: string; actor: { id: string } | null; actingAs: { id: string } | null }[];
      limit: number;
    };
    expect(limit).toBe(50);
    expect(items[0]).toMatchObject({ action: 'admin.user.password_reset', actor: { id: admin.id } });
    expect(items.map((item) => item.action)).toContain('admin.user.update');
    expect(items.find((item) => item.action === 'impersonation.start')).toMatchObject({
      actor: { id: otherAdmin.id },
    });
  });
});

describe('the users.manage permission (/roles)', () => {
  it('refuses the admin user calls once the platform admin set loses users.manage, and serves them after the reset', async () => {
    const roles = await send('/api/admin/roles', admin.cookie);
    const platform = ((await roles.json()) as { sets: { key: string; permissions: string[] }[] }).sets.find(
      (set) => set.key === 'platform_admin',
    )!;
    const without = platform.permissions.filter((permission) => permission !== 'users.manage');
    expect(
      (
        await send('/api/admin/roles/platform_admin', admin.cookie, {
          method: 'PUT',
          json: { permissions: without },
        })
      ).status,
    ).toBe(200);
    try {
      expect((await send('/api/admin/users', admin.cookie)).status).toBe(403);
      expect((await send(PATHS.projects(marketer.id), admin.cookie)).status).toBe(403);
    } finally {
      expect((await send('/api/admin/roles/platform_admin', admin.cookie, { method: 'DELETE' })).status).toBe(
        200,
      );
    }
    expect((await send('/api/admin/users', admin.cookie)).status).toBe(200);
  });
});
