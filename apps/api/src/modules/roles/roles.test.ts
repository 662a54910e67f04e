import {
  type ApiError,
  DEFAULT_PERMISSION_SETS,
  PERMISSIONS,
  type PermissionSetsAnswer,
  type PermissionSetView,
  ROLES_API_PATHS,
  ROLES_MESSAGES,
} from '@offplan/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { auditLog, permissionSetOverrides, user } from '../../db/schema/index.ts';
import { cookiesOf } from '../../test/sessions.ts';
import { buildApp, createTestApp, type TestApp } from '../../test/test-app.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof projectFixtures>;
type Person = Awaited<ReturnType<ReturnType<typeof projectFixtures>['person']>>;
let admin: Person;
let owner: Person;
let member: Person;
/** An admin acting as `member` (impersonation): the session's user is the member. */
let acting: string;

const REPORT = '/api/reporting/listing-performance?startDate=2026-01-01&endDate=2026-01-31';
const everything = [...PERMISSIONS];
const without = (set: readonly string[], ...names: string[]) => set.filter((name) => !names.includes(name));

const send = (path: string, cookie: string | undefined, init: { method?: string; json?: unknown } = {}) =>
  t.request(path, {
    method: init.method ?? 'GET',
    ...(cookie ? { cookie } : {}),
    ...(init.json !== undefined ? { json: init.json } : {}),
  });
/** As the admin unless another session (or none: `null`) is given. */
const put = (key: string, permissions: unknown, cookie: string | null = admin.cookie) =>
  send(ROLES_API_PATHS.role(key), cookie ?? undefined, { method: 'PUT', json: { permissions } });
const reset = (key: string, cookie: string | null = admin.cookie) =>
  send(ROLES_API_PATHS.role(key), cookie ?? undefined, { method: 'DELETE' });
const overrideRows = () => t.db.select().from(permissionSetOverrides);

async function setsNow(): Promise<PermissionSetsAnswer> {
  const response = await send(ROLES_API_PATHS.roles, admin.cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as PermissionSetsAnswer;
}
async function permissionsOfAccount(cookie: string): Promise<string[]> {
  const response = await send('/api/user-projects', cookie);
  expect(response.status).toBe(200);
  return ((await response.json()) as { output: { permissions: string[] } }).output.permissions;
}

beforeAll(async () => {
  t = await createTestApp();
  f = projectFixtures(t);
  const org = await f.organisation('Roles Developments');
  admin = await f.person({ admin: true });
  owner = await f.person({ organisationId: org, role: 'owner' });
  member = await f.person({ organisationId: org, role: 'member' });
  const otherAdmin = await f.person({ admin: true });
  const started = await send('/api/auth/impersonation/start', otherAdmin.cookie, {
    method: 'POST',
    json: { userId: member.id },
  });
  expect(started.status).toBe(200);
  acting = cookiesOf(started);
});
afterAll(() => t.close());

describe('/api/admin/roles: who may call', () => {
  it('answers 401 without a session, 403 to portal users and to an admin acting as one, and changes nothing', async () => {
    for (const cookie of [null, owner.cookie, acting]) {
      const expected = cookie ? 403 : 401;
      expect((await send(ROLES_API_PATHS.roles, cookie ?? undefined)).status).toBe(expected);
      expect((await put('organisation_member', [], cookie)).status).toBe(expected);
      expect((await reset('organisation_owner', cookie)).status).toBe(expected);
    }
    expect(await overrideRows()).toEqual([]);
  });
});

describe('GET /api/admin/roles', () => {
  it('lists every set with its starting permissions, media agency (role 8) without contact details', async () => {
    const answer = await setsNow();
    expect(answer.permissions.map((row) => row.name)).toEqual(everything);
    expect(answer.permissions.every((row) => row.description.length > 10)).toBe(true);
    expect(answer.sets.map((set) => set.key)).toEqual([
      'platform_admin',
      'organisation_owner',
      'organisation_admin',
      'organisation_member',
      'job_role_1',
      'job_role_2',
      'job_role_3',
      'job_role_8',
      'job_role_9',
    ]);
    const agency = answer.sets.find((set) => set.key === 'job_role_8')!;
    expect(agency).toMatchObject({ kind: 'jobRole', label: 'Media Agency', edited: false, updatedBy: null });
    expect(agency.permissions).toEqual(without(everything, 'leads.contact_details', 'leads.export'));
    expect(agency.note).toMatch(/role-id list \[8\]/);
    const platform = answer.sets.find((set) => set.key === 'platform_admin')!;
    expect(platform.permissions).toEqual(everything);
  });
});

describe('PUT and DELETE /api/admin/roles/{setKey}', () => {
  it("refuses an affected user's next call once a permission is removed, and serves it again after the reset", async () => {
    expect((await send(REPORT, owner.cookie)).status).toBe(200);
    expect(await permissionsOfAccount(owner.cookie)).toContain('reporting.view');

    const edited = without(DEFAULT_PERMISSION_SETS.organisation_owner, 'reporting.view');
    const saved = await put('organisation_owner', edited);
    expect(saved.status).toBe(200);
    const view = (await saved.json()) as PermissionSetView;
    expect(view).toMatchObject({ key: 'organisation_owner', edited: true, permissions: edited });
    expect(view.updatedBy?.id).toBe(admin.id);

    const refused = await send(REPORT, owner.cookie);
    expect(refused.status).toBe(403);
    expect(await permissionsOfAccount(owner.cookie)).not.toContain('reporting.view');
    // Members hold their own set: untouched.
    expect((await send(REPORT, member.cookie)).status).toBe(200);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'roles.update'), eq(auditLog.targetId, 'organisation_owner')))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(entry?.actorUserId).toBe(admin.id);
    expect(entry?.data).toEqual({ before: [...DEFAULT_PERMISSION_SETS.organisation_owner], after: edited });

    const restored = await reset('organisation_owner');
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ edited: false, updatedAt: null });
    expect(await overrideRows()).toEqual([]);
    expect((await send(REPORT, owner.cookie)).status).toBe(200);
    expect(await permissionsOfAccount(owner.cookie)).toContain('reporting.view');
  });

  it("narrows by the job role's set: a job role without reporting.view loses it whatever the organisation role", async () => {
    await t.db.update(user).set({ jobRoleId: 2 }).where(eq(user.id, owner.id));
    onTestFinished(async () => {
      await reset('job_role_2');
      await t.db.update(user).set({ jobRoleId: null }).where(eq(user.id, owner.id));
    });
    expect((await put('job_role_2', without(everything, 'reporting.view'))).status).toBe(200);
    expect((await send(REPORT, owner.cookie)).status).toBe(403);
    expect((await send(REPORT, member.cookie)).status).toBe(200);
  });

  it('answers 404 for a set that does not exist, 400 naming an unknown permission, and changes nothing', async () => {
    const missing = await put('organisation_janitor', ['leads.view']);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ApiError).error.message).toBe(ROLES_MESSAGES.unknownSet);
    expect((await reset('job_role_77')).status).toBe(404);

    const unknown = await put('organisation_member', ['leads.view', 'leads.teleport']);
    expect(unknown.status).toBe(400);
    const { error } = (await unknown.json()) as ApiError;
    expect(error.message).toContain('leads.teleport');
    expect(error.fields?.permissions).toContain('leads.teleport');
    expect((await put('organisation_member', 'leads.view')).status).toBe(400);
    expect(await overrideRows()).toEqual([]);
  });

  it('refuses with 409 a change that would leave no admin able to manage roles, and changes nothing', async () => {
    const refused = await put('platform_admin', without(everything, 'settings.manage'));
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ApiError).error.message).toBe(ROLES_MESSAGES.lockout);
    expect(await overrideRows()).toEqual([]);
    // Any other removal from the platform set is allowed, and enforced at once.
    expect((await put('platform_admin', without(everything, 'users.manage'))).status).toBe(200);
    expect((await send(ROLES_API_PATHS.roles, admin.cookie)).status).toBe(200);
    expect((await reset('platform_admin')).status).toBe(200);
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('two processes on one database', () => {
  it('enforces an edit made through one app on the next request to the other', async () => {
    const otherDatabase = await openDatabase({ databaseUrl: t.database.connectionString! });
    const other = await buildApp(otherDatabase, t.settings);
    onTestFinished(async () => {
      await other.deps.queue.stop({ graceful: false, timeout: 1000 });
      await otherDatabase.close();
    });
    const callOther = (cookie: string) =>
      other.app.request(REPORT, {
        headers: { cookie, origin: 'http://localhost:3000', 'x-forwarded-for': '198.51.100.77' },
      });
    // The other process has read (and keeps) the sets before the edit.
    expect((await callOther(owner.cookie)).status).toBe(200);
    const heard = new Promise<void>((resolve) => {
      const stop = otherDatabase.authChanges.subscribe((payload) => {
        if (payload === 'permissions') resolve(stop());
      });
    });

    expect((await put('organisation_owner', without(everything, 'reporting.view'))).status).toBe(200);
    onTestFinished(async () => void (await reset('organisation_owner')));
    // PostgreSQL tells the other process within milliseconds of the commit; its very next request is refused.
    await heard;
    expect((await callOther(owner.cookie)).status).toBe(403);

    expect((await reset('organisation_owner')).status).toBe(200);
    await expect.poll(async () => (await callOther(owner.cookie)).status, { timeout: 1000 }).toBe(200);
  });
});
