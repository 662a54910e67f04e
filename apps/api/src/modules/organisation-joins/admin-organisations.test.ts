import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { organisationJoinFixtures } from './organisation-joins.fixtures.ts';

// Decision 030: platform admins create organisations and move people between them (/users).
let t: TestApp;
let f: ReturnType<typeof organisationJoinFixtures>;

beforeAll(async () => {
  t = await createTestApp();
  f = organisationJoinFixtures(t);
});
afterAll(() => t.close());

const create = (headers: { cookie: string }, json: { name: string; abn?: string }) =>
  t.client.api.admin.organisations.$post({ json }, { headers });

const move = (
  headers: { cookie: string },
  userId: string,
  json: { organisationId: string; role: 'member' | 'owner' },
) => t.client.api.admin.users[':userId'].organisation.$put({ param: { userId }, json }, { headers });

const auditActions = async (targetId: string) =>
  (
    (await t.db.execute(`select action from audit_log where target_id = '${targetId}'`)) as unknown as {
      rows: { action: string }[];
    }
  ).rows.map((row) => row.action);

describe('admin: creating organisations', () => {
  it('creates one (201, ABN stored as digits) and refuses a name the same once normalised (409)', async () => {
    const admin = await f.platformAdmin();
    const name = `Southern Cross ${f.suffix()} Homes`;
    const response = await create(admin.headers, { name, abn: '51 824 753 556' });
    expect(response.status).toBe(201);
    if (response.status !== 201) return;
    const created = await response.json();
    expect(created).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      name,
      abn: '51824753556',
      members: 0,
    });
    expect(await auditActions(created.id)).toEqual(['organisation.create']);

    const duplicate = await create(admin.headers, { name: `The ${name.toLowerCase()} Pty Ltd` });
    expect(duplicate.status).toBe(409);

    const listed = await t.client.api.admin.organisations.$get(
      { query: { q: name.slice(0, 20) } },
      { headers: admin.headers },
    );
    if (listed.status !== 200) throw new Error(`expected 200, got ${listed.status}`);
    expect((await listed.json()).items.map((item) => item.name)).toEqual([name]);
  });

  it('refuses a wrong ABN with a field error', async () => {
    const admin = await f.platformAdmin();
    const response = await create(admin.headers, { name: `Abn Test ${f.suffix()}`, abn: '51 824 753 557' });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('abn');
  });

  it('is for platform admins only (403), whoever else asks', async () => {
    const org = await f.organisation();
    const name = `Not Allowed ${f.suffix()}`;
    expect((await create(org.owner.headers, { name })).status).toBe(403);
    expect(
      (await t.client.api.admin.organisations.$get({ query: {} }, { headers: org.owner.headers })).status,
    ).toBe(403);
    expect(
      (await move(org.owner.headers, org.member.id, { organisationId: org.id, role: 'owner' })).status,
    ).toBe(403);
    expect(await f.membershipsOf(org.member.id)).toEqual([
      { organisationId: org.id, role: 'member', name: org.name },
    ]);
  });
});

describe('admin: moving a person', () => {
  it('moves a member to another organisation as owner, removing the old membership, audited', async () => {
    const admin = await f.platformAdmin();
    const from = await f.organisation();
    const to = await f.organisation();
    const response = await move(admin.headers, from.member.id, { organisationId: to.id, role: 'owner' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      userId: from.member.id,
      organisation: { id: to.id, name: to.name },
      role: 'owner',
    });
    expect(await f.membershipsOf(from.member.id)).toEqual([
      { organisationId: to.id, role: 'owner', name: to.name },
    ]);
    expect(await auditActions(from.member.id)).toContain('organisation.member.move');
  });

  it('refuses to move the last owner out of their organisation (409) and changes nothing', async () => {
    const admin = await f.platformAdmin();
    const from = await f.organisation();
    const to = await f.organisation();
    const response = await move(admin.headers, from.owner.id, { organisationId: to.id, role: 'member' });
    expect(response.status).toBe(409);
    expect(await f.membershipsOf(from.owner.id)).toEqual([
      { organisationId: from.id, role: 'owner', name: from.name },
    ]);

    // With a second owner, the first may go.
    await t.db.execute(`update member set role = 'owner' where user_id = '${from.admin.id}'`);
    expect((await move(admin.headers, from.owner.id, { organisationId: to.id, role: 'member' })).status).toBe(
      200,
    );
  });

  it('settles a pending join request: the person is placed and the request no longer waits', async () => {
    const admin = await f.platformAdmin();
    const org = await f.organisation();
    const registrant = await f.register(org.name);
    expect(
      (await move(admin.headers, registrant.id, { organisationId: org.id, role: 'member' })).status,
    ).toBe(200);
    const [request] = await f.requestsOf(registrant.id);
    expect(request).toMatchObject({ status: 'DECLINED', decidedBy: admin.id });
    expect(await f.membershipsOf(registrant.id)).toEqual([
      { organisationId: org.id, role: 'member', name: org.name },
    ]);
  });

  it('answers 404 for an unknown person or organisation', async () => {
    const admin = await f.platformAdmin();
    const org = await f.organisation();
    expect((await move(admin.headers, 'nobody', { organisationId: org.id, role: 'member' })).status).toBe(
      404,
    );
    expect(
      (await move(admin.headers, org.member.id, { organisationId: 'nowhere', role: 'member' })).status,
    ).toBe(404);
  });
});
