import { ERROR_CODES, ORGANISATION_MESSAGES as M, type OrganisationRole } from '@offplan/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, member, projectMembers } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { organisationFixtures } from './organisation.fixtures.ts';

/**
 * Decision 030 "Whose organisation, who may" for members: any member lists them; owners and admins
 * change roles and remove people, except that only an owner makes an owner or changes or removes one,
 * and the last owner is never demoted or removed (409). Another organisation's member id is 404.
 */

let t: TestApp;
let f: ReturnType<typeof organisationFixtures>;
type Org = Awaited<ReturnType<ReturnType<typeof organisationFixtures>['organisation']>>;
let mine: Org;
let theirs: Org;

beforeAll(async () => {
  t = await createTestApp();
  f = organisationFixtures(t);
  mine = await f.organisation('Mine Pty Ltd');
  theirs = await f.organisation('Theirs Pty Ltd');
});
afterAll(() => t.close());

const members = () => t.client.api.organisation.members;
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;

async function listAs(headers: Record<string, string>) {
  const response = await members().$get({}, { headers });
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}`);
  return (await response.json()).items;
}

async function memberIdOf(userId: string) {
  const [row] = await t.db.select({ id: member.id }).from(member).where(eq(member.userId, userId));
  return row!.id;
}

const setRole = async (headers: Record<string, string>, userId: string, role: OrganisationRole) =>
  members()[':memberId'].$patch(
    { param: { memberId: await memberIdOf(userId) }, json: { role } },
    { headers },
  );
const remove = async (headers: Record<string, string>, userId: string) =>
  members()[':memberId'].$delete({ param: { memberId: await memberIdOf(userId) } }, { headers });

describe('the member list', () => {
  it('shows any member their organisation’s people, owners first, and never another’s', async () => {
    const items = await listAs(mine.member.headers);
    expect(items.map((item) => item.role)).toEqual(['owner', 'admin', 'member']);
    expect(items.map((item) => item.userId).sort()).toEqual(
      [mine.owner.id, mine.admin.id, mine.member.id].sort(),
    );
    expect(items.find((item) => item.isYou)?.userId).toBe(mine.member.id);
    expect(items[0]).toMatchObject({ email: mine.owner.email, lastSignInAt: expect.any(String) });
  });
});

describe('changing roles', () => {
  it('refuses a member every change with 403', async () => {
    expect((await setRole(mine.member.headers, mine.admin.id, 'member')).status).toBe(403);
    expect((await remove(mine.member.headers, mine.admin.id)).status).toBe(403);
    expect((await setRole(mine.member.headers, mine.member.id, 'admin')).status).toBe(403);
  });

  it('lets an admin make a member an admin and back, audited', async () => {
    const promoted = await setRole(mine.admin.headers, mine.member.id, 'admin');
    if (promoted.status !== 200) throw new Error(`expected 200, got ${promoted.status}`);
    expect(await promoted.json()).toMatchObject({ userId: mine.member.id, role: 'admin' });
    expect((await setRole(mine.admin.headers, mine.member.id, 'member')).status).toBe(200);
    const audits = await t.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'organisation.member_role'), eq(auditLog.targetId, mine.id)));
    expect(audits.map((row) => (row.data as { role: string }).role)).toEqual(['admin', 'member']);
  });

  it('lets only an owner make an owner, or change or remove one', async () => {
    const refused = await setRole(mine.admin.headers, mine.member.id, 'owner');
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(M.ownerOnlyMakeOwner);
    const second = await f.join(mine.id, 'owner');
    const demote = await setRole(mine.admin.headers, second.id, 'member');
    expect(demote.status).toBe(403);
    expect((await errorOf(demote)).message).toBe(M.ownerOnlyChangeOwner);
    expect((await remove(mine.admin.headers, second.id)).status).toBe(403);
    expect((await setRole(mine.owner.headers, mine.admin.id, 'owner')).status).toBe(200);
    expect((await setRole(mine.owner.headers, mine.admin.id, 'admin')).status).toBe(200);
    expect((await remove(mine.owner.headers, second.id)).status).toBe(204);
  });

  it('never demotes or removes the last owner, not even by themselves', async () => {
    const demote = await setRole(mine.owner.headers, mine.owner.id, 'admin');
    expect(demote.status).toBe(409);
    expect(await errorOf(demote)).toMatchObject({ code: ERROR_CODES.conflict, message: M.lastOwner });
    expect((await remove(mine.owner.headers, mine.owner.id)).status).toBe(409);
    const [row] = await t.db
      .select({ role: member.role })
      .from(member)
      .where(eq(member.userId, mine.owner.id));
    expect(row?.role).toBe('owner');
  });
});

describe('another organisation’s member ids', () => {
  it('answer 404 and change nothing', async () => {
    for (const response of [
      await setRole(mine.owner.headers, theirs.member.id, 'admin'),
      await remove(mine.owner.headers, theirs.member.id),
      await members()[':memberId'].$delete(
        { param: { memberId: 'no-such-member' } },
        { headers: mine.owner.headers },
      ),
    ]) {
      expect(response.status).toBe(404);
      expect((await errorOf(response)).message).toBe(M.noSuchMember);
    }
    expect((await listAs(theirs.owner.headers)).map((item) => item.role)).toEqual([
      'owner',
      'admin',
      'member',
    ]);
  });
});

describe('removing a member', () => {
  it('ends their membership of the organisation’s projects, audited, and their access to its pages', async () => {
    const [before] = await t.db
      .select()
      .from(projectMembers)
      .where(eq(projectMembers.userId, mine.member.id));
    expect(before?.projectId).toBe(mine.projectIds[0]);
    expect((await remove(mine.admin.headers, mine.member.id)).status).toBe(204);
    expect(await t.db.select().from(projectMembers).where(eq(projectMembers.userId, mine.member.id))).toEqual(
      [],
    );
    const audits = await t.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(eq(auditLog.action, 'organisation.member_remove'));
    const audit = audits.find((row) => (row.data as { userId: string }).userId === mine.member.id);
    expect(audit?.data).toMatchObject({ userId: mine.member.id, projectIds: [mine.projectIds[0]] });
    expect((await t.client.api.organisation.$get({}, { headers: mine.member.headers })).status).toBe(403);
    expect((await listAs(mine.owner.headers)).map((item) => item.userId)).not.toContain(mine.member.id);
  });
});

describe('the projects list', () => {
  it('shows the organisation’s own projects with their recent leads, never another’s', async () => {
    const response = await t.client.api.organisation.projects.$get({}, { headers: mine.admin.headers });
    if (response.status !== 200) throw new Error(`expected 200, got ${response.status}`);
    const { items } = await response.json();
    expect(items.map((item) => item.id)).toEqual([...mine.projectIds]);
    expect(items.map((item) => item.leadsLast30Days)).toEqual([1, 0]);
    expect(items[0]).toMatchObject({ state: 'NSW', stage: 'IN_PLANNING', salesStatus: 'PENDING_LAUNCH' });
  });
});
