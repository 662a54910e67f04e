import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { organisationJoinFixtures } from './organisation-joins.fixtures.ts';

// Decision 030 "Join requests": registration places a new account; owners and admins decide.
let t: TestApp;
let f: ReturnType<typeof organisationJoinFixtures>;

beforeAll(async () => {
  t = await createTestApp();
  f = organisationJoinFixtures(t);
});
afterAll(() => t.close());

const listOf = async (headers: { cookie: string }) => {
  const response = await t.client.api.organisation['join-requests'].$get({}, { headers });
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}`);
  return (await response.json()).items;
};

const decide = (headers: { cookie: string }, id: number, decision: 'APPROVE' | 'DECLINE') =>
  t.client.api.organisation['join-requests'][':id'].decision.$post(
    { param: { id: String(id) }, json: { decision } },
    { headers },
  );

async function pendingRequestOf(userId: string) {
  const [request] = await f.requestsOf(userId);
  if (!request) throw new Error('no join request');
  return request;
}

describe('registration', () => {
  it('with the name of a public organisation (normalised) makes a pending request, no membership, and tells the owners by bell and email', async () => {
    const org = await f.organisation(`Harbour ${f.suffix()} Developments`);
    const registrant = await f.register(`The ${org.name.toUpperCase()} Pty. Ltd.`);

    expect(await f.membershipsOf(registrant.id)).toEqual([]);
    const request = await pendingRequestOf(registrant.id);
    expect(request).toMatchObject({ organisationId: org.id, status: 'PENDING', matchedBy: 'name' });

    const bell = await f.bellOf(org.owner.id);
    expect(bell).toHaveLength(1);
    expect(bell[0]!.title).toBe('New request to join your organisation');
    expect(bell[0]!.body).toContain(registrant.email);
    const emails = await f.emailsTo(org.owner.email, 'organisation-join-request');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain(org.name);
    // Members who are not owners are not told.
    expect(await f.bellOf(org.member.id)).toEqual([]);

    expect(await listOf(org.owner.headers)).toEqual([
      {
        id: request.id,
        name: 'Nina Newcomer',
        email: registrant.email,
        registeredAt: expect.any(String),
        matchedBy: 'name',
      },
    ]);
  });

  it("matches by an owner's email domain when the name matches nobody", async () => {
    const org = await f.organisation();
    const registrant = await f.register(`Something Else ${f.suffix()}`, `nina-${f.suffix()}@${org.domain}`);
    expect(await pendingRequestOf(registrant.id)).toMatchObject({
      organisationId: org.id,
      matchedBy: 'domain',
    });
    expect(await f.membershipsOf(registrant.id)).toEqual([]);
    expect(await f.emailsTo(org.owner.email, 'organisation-join-request')).toHaveLength(1);
  });

  it('never matches by a public mail domain such as gmail.com: a new organisation instead', async () => {
    const org = await f.organisation(undefined, 'gmail.com');
    const name = `Gmail Builders ${f.suffix()}`;
    const registrant = await f.register(name, `nina-${f.suffix()}@gmail.com`);
    expect(await f.requestsOf(registrant.id)).toEqual([]);
    const memberships = await f.membershipsOf(registrant.id);
    expect(memberships).toEqual([{ organisationId: expect.any(String), role: 'owner', name }]);
    expect(memberships[0]!.organisationId).not.toBe(org.id);
    expect(await f.bellOf(org.owner.id)).toEqual([]);
  });

  it('never matches a private organisation by name', async () => {
    const org = await f.organisation(`Quiet ${f.suffix()}`);
    await t.db.execute(`update organization set visibility = 'private' where id = '${org.id}'`);
    const registrant = await f.register(org.name);
    expect(await f.requestsOf(registrant.id)).toEqual([]);
    const [own] = await f.membershipsOf(registrant.id);
    expect(own).toMatchObject({ role: 'owner', name: `${org.name} (2)` });
  });

  it('with no match makes a new organisation with the person as its owner', async () => {
    const name = `Brand New Estates ${f.suffix()}`;
    const registrant = await f.register(name);
    expect(await f.requestsOf(registrant.id)).toEqual([]);
    expect(await f.membershipsOf(registrant.id)).toEqual([
      { organisationId: expect.stringMatching(/^[A-Za-z0-9]{32}$/), role: 'owner', name },
    ]);
  });
  it('a refused second registration of the same email places nobody again', async () => {
    const org = await f.organisation();
    const registrant = await f.register(org.name);
    await expect(f.register(`Another ${f.suffix()}`, registrant.email)).rejects.toThrow(/sign-up answered 4/);
    expect(await f.requestsOf(registrant.id)).toHaveLength(1);
    expect(await f.membershipsOf(registrant.id)).toEqual([]);
    expect(await f.emailsTo(org.owner.email, 'organisation-join-request')).toHaveLength(1);
  });
});

describe('deciding a request', () => {
  it('approve makes the person a member and tells them by email; the request leaves the list', async () => {
    const org = await f.organisation();
    const registrant = await f.register(org.name);
    const request = await pendingRequestOf(registrant.id);

    const response = await decide(org.admin.headers, request.id, 'APPROVE');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: request.id,
      status: 'APPROVED',
      organisation: { id: org.id, name: org.name },
    });
    expect(await f.membershipsOf(registrant.id)).toEqual([
      { organisationId: org.id, role: 'member', name: org.name },
    ]);
    expect(await f.emailsTo(registrant.email, 'organisation-join-approved')).toHaveLength(1);
    expect(await pendingRequestOf(registrant.id)).toMatchObject({
      status: 'APPROVED',
      decidedBy: org.admin.id,
    });
    expect(await listOf(org.owner.headers)).toEqual([]);
  });

  it('decline gives the person an organisation of their own named as typed (a number added when the name is taken) and tells them', async () => {
    const org = await f.organisation();
    const registrant = await f.register(org.name);
    const request = await pendingRequestOf(registrant.id);

    const response = await decide(org.owner.headers, request.id, 'DECLINE');
    if (response.status !== 200) throw new Error(`expected 200, got ${response.status}`);
    const answer = await response.json();
    expect(answer).toMatchObject({ status: 'DECLINED', organisation: { name: `${org.name} (2)` } });
    expect(await f.membershipsOf(registrant.id)).toEqual([
      { organisationId: answer.organisation.id, role: 'owner', name: `${org.name} (2)` },
    ]);
    const emails = await f.emailsTo(registrant.email, 'organisation-join-declined');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain(`${org.name} (2)`);
  });

  it('a decided request answers 409 and changes nothing', async () => {
    const org = await f.organisation();
    const registrant = await f.register(org.name);
    const request = await pendingRequestOf(registrant.id);
    expect((await decide(org.owner.headers, request.id, 'APPROVE')).status).toBe(200);
    for (const decision of ['APPROVE', 'DECLINE'] as const) {
      expect((await decide(org.owner.headers, request.id, decision)).status).toBe(409);
    }
    expect(await f.membershipsOf(registrant.id)).toHaveLength(1);
  });

  it("another organisation's request answers 404 and is neither listed nor changed", async () => {
    const org = await f.organisation();
    const other = await f.organisation();
    const registrant = await f.register(org.name);
    const request = await pendingRequestOf(registrant.id);

    expect(await listOf(other.owner.headers)).toEqual([]);
    const response = await decide(other.owner.headers, request.id, 'APPROVE');
    expect(response.status).toBe(404);
    expect(await pendingRequestOf(registrant.id)).toMatchObject({ status: 'PENDING' });
    expect(await f.membershipsOf(registrant.id)).toEqual([]);
    expect((await decide(org.owner.headers, 2_000_000, 'APPROVE')).status).toBe(404);
  });

  it('a plain member may neither list nor decide (403); signed out is 401', async () => {
    const org = await f.organisation();
    const registrant = await f.register(org.name);
    const request = await pendingRequestOf(registrant.id);
    expect(
      (await t.client.api.organisation['join-requests'].$get({}, { headers: org.member.headers })).status,
    ).toBe(403);
    expect((await decide(org.member.headers, request.id, 'APPROVE')).status).toBe(403);
    expect((await t.client.api.organisation['join-requests'].$get({})).status).toBe(401);
    expect(await pendingRequestOf(registrant.id)).toMatchObject({ status: 'PENDING' });
  });

  it('writes an audit row for each decision', async () => {
    const org = await f.organisation();
    const registrant = await f.register(org.name);
    const request = await pendingRequestOf(registrant.id);
    expect((await decide(org.owner.headers, request.id, 'DECLINE')).status).toBe(200);
    const rows = (await t.db.execute(
      `select action, actor_user_id from audit_log where target_type = 'organisation_join_request' and target_id = '${request.id}'`,
    )) as unknown as { rows: { action: string; actor_user_id: string }[] };
    expect(rows.rows).toEqual([{ action: 'organisation.join.decline', actor_user_id: org.owner.id }]);
  });
});
