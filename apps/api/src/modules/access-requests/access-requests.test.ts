import {
  type AccessRequestListResponse,
  APPROVAL,
  type ApiError,
  ERROR_CODES,
  type PendingAccessRequestsResponse,
  type ProjectAccessRequestResponse,
  type UserProjectsResponse,
} from '@offplan/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  inAppMessages,
  outboxMessages,
  projectAccessRequests,
  projectMembers,
  projects,
  session,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof projectFixtures>;
type Person = Awaited<ReturnType<ReturnType<typeof projectFixtures>['person']>>;
let orgA: string;
let orgB: string;
let owner: Person; // owner of A
let manager: Person; // admin of A
let staff: Person; // member of A
let otherOwner: Person; // owner of B
let admin: Person;

const requestAccess = (cookie: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  t.request('/api/v1/projects/request', {
    method: 'POST',
    json: body,
    headers,
    ...(cookie ? { cookie } : {}),
  });
const decide = (cookie: string | undefined, id: number, body: unknown) =>
  t.request(`/api/access-requests/${id}/decision`, {
    method: 'POST',
    json: body,
    ...(cookie ? { cookie } : {}),
  });
const withdraw = (cookie: string | undefined, body: unknown) =>
  t.request('/api/project/memberupdate', { method: 'POST', json: body, ...(cookie ? { cookie } : {}) });
const state = async (cookie: string) =>
  ((await (await t.request('/api/user-projects', { cookie })).json()) as UserProjectsResponse).output;
const requestsFor = (projectId: number) =>
  t.db.select().from(projectAccessRequests).where(eq(projectAccessRequests.projectId, projectId));

/** A fresh listing of organisation A and a requester with a pending request for it. */
async function pendingRequest(title: string) {
  const projectId = await f.project(title, { organisationId: orgA, salesStatus: 'SELLING_NOW' });
  const requester = await f.person();
  const response = await requestAccess(requester.cookie, { drupal_project_id: projectId, status: 0 });
  expect(response.status).toBe(201);
  const { data } = (await response.json()) as ProjectAccessRequestResponse;
  return { projectId, requester, requestId: data.id };
}

beforeAll(async () => {
  t = await createTestApp();
  f = projectFixtures(t);
  orgA = await f.organisation('Alpha Developments');
  orgB = await f.organisation('Bravo Homes');
  owner = await f.person({ organisationId: orgA, role: 'owner' });
  manager = await f.person({ organisationId: orgA, role: 'admin' });
  staff = await f.person({ organisationId: orgA, role: 'member' });
  otherOwner = await f.person({ organisationId: orgB, role: 'owner' });
  admin = await f.person({ admin: true });
});
afterAll(() => t.close());

describe('POST /api/v1/projects/request', () => {
  it("creates a pending request, counts it as Awaiting Access and tells the organisation's owners and admins only", async () => {
    const projectId = await f.project('Requested Place', {
      organisationId: orgA,
      salesStatus: 'SELLING_NOW',
    });
    const requester = await f.person();
    const response = await requestAccess(requester.cookie, { drupal_project_id: projectId, status: 0 });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as ProjectAccessRequestResponse;
    expect(data).toMatchObject({ id: expect.any(Number), drupal_project_id: projectId, status: 0 });
    expect((await state(requester.cookie)).projectRequestsIds).toEqual([projectId]);

    const told = await t.db.select().from(inAppMessages).where(eq(inAppMessages.title, 'New access request'));
    const recipients = told.filter((m) => m.body.includes('Requested Place')).map((m) => m.audienceUserId);
    expect(new Set(recipients)).toEqual(new Set([owner.id, manager.id]));
  });

  it('refuses a duplicate pending request with 409 and writes nothing more', async () => {
    const { projectId, requester } = await pendingRequest('Duplicate Place');
    const again = await requestAccess(requester.cookie, { drupal_project_id: projectId });
    expect(again.status).toBe(409);
    expect(((await again.json()) as ApiError).error).toMatchObject({ code: 'CONFLICT' });
    expect(await requestsFor(projectId)).toHaveLength(1);
  });

  it('refuses a request from an approved member with 409', async () => {
    const projectId = await f.project('Member Place', { organisationId: orgA });
    await t.db.insert(projectMembers).values({ projectId, userId: staff.id });
    expect((await requestAccess(staff.cookie, { drupal_project_id: projectId })).status).toBe(409);
  });

  it('refuses the wrong callers: no session 401, admins 403', async () => {
    const projectId = await f.project('Guarded Place', { organisationId: orgA });
    expect((await requestAccess(undefined, { drupal_project_id: projectId })).status).toBe(401);
    expect((await requestAccess(admin.cookie, { drupal_project_id: projectId })).status).toBe(403);
    expect(await requestsFor(projectId)).toEqual([]);
  });

  it("answers 404 for an unknown project and another organisation's hidden one", async () => {
    const hidden = await f.project('Hidden Place', { organisationId: orgB, salesStatus: 'HIDDEN' });
    expect((await requestAccess(owner.cookie, { drupal_project_id: 999_999 })).status).toBe(404);
    expect((await requestAccess(owner.cookie, { drupal_project_id: hidden })).status).toBe(404);
    expect(await requestsFor(hidden)).toEqual([]);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const projectId = await f.project('Input Place', { organisationId: orgA });
    const requester = await f.person();
    for (const body of [
      { drupal_project_id: projectId, status: 1 },
      { drupal_project_id: String(projectId) },
      { drupal_project_id: -1 },
      { drupal_project_id: projectId, extra: true },
      {},
    ]) {
      const response = await requestAccess(requester.cookie, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as ApiError).error.message).toMatch(/Invalid/);
    }
    expect(await requestsFor(projectId)).toEqual([]);
  });

  it('accepts the portal token header (x-portal-token or Bearer) instead of the cookie', async () => {
    const requester = await f.person();
    const [row] = await t.db
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, requester.id));
    const first = await f.project('Token Place One', { organisationId: orgA });
    const second = await f.project('Token Place Two', { organisationId: orgA });
    expect(
      (await requestAccess(undefined, { drupal_project_id: first }, { 'x-portal-token': row!.token })).status,
    ).toBe(201);
    expect(
      (
        await requestAccess(
          undefined,
          { drupal_project_id: second },
          { authorization: `Bearer ${row!.token}` },
        )
      ).status,
    ).toBe(201);
    expect(
      (await requestAccess(undefined, { drupal_project_id: second }, { 'x-portal-token': 'forged-token' }))
        .status,
    ).toBe(401);
    const pending = await t.request(`/api/v1/user/user/agent/request/${requester.id}/pending`, {
      headers: { 'x-portal-token': row!.token },
    });
    expect(pending.status).toBe(200);
  });
});

describe('GET /api/v1/user/user/agent/request/{userId}/pending', () => {
  it("lists the user's own pending requests (spec §3 fields)", async () => {
    const { projectId, requester, requestId } = await pendingRequest('Pending Place');
    const response = await t.request(`/api/v1/user/user/agent/request/${requester.id}/pending`, {
      cookie: requester.cookie,
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as PendingAccessRequestsResponse;
    expect(data).toEqual([{ id: requestId, drupal_project_id: projectId, created_at: expect.any(String) }]);
  });

  it("refuses another user's list (403) and callers without a session (401); admins may read it", async () => {
    const { requester } = await pendingRequest('Private Pending');
    const path = `/api/v1/user/user/agent/request/${requester.id}/pending`;
    expect((await t.request(path, { cookie: owner.cookie })).status).toBe(403);
    expect((await t.request(path)).status).toBe(401);
    const asAdmin = await t.request(path, { cookie: admin.cookie });
    expect(asAdmin.status).toBe(200);
    expect(((await asAdmin.json()) as PendingAccessRequestsResponse).data).toHaveLength(1);
  });
});

describe('POST /api/project/memberupdate (withdraw)', () => {
  it('withdraws your own pending request; the count drops', async () => {
    const { requester, requestId, projectId } = await pendingRequest('Withdraw Place');
    const response = await withdraw(requester.cookie, { data: { op: 'delete', id: requestId } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      data: { id: requestId, status: APPROVAL.WITHDRAWN },
    });
    expect((await state(requester.cookie)).projectRequestsIds).toEqual([]);
    const [row] = await requestsFor(projectId);
    expect(row!.status).toBe(APPROVAL.WITHDRAWN);
    // Withdrawn already: 409.
    expect((await withdraw(requester.cookie, { data: { op: 'delete', id: requestId } })).status).toBe(409);
  });

  it("cannot withdraw another user's request: 404, nothing changes", async () => {
    const { requestId, projectId } = await pendingRequest('Not Yours Place');
    expect((await withdraw(owner.cookie, { data: { op: 'delete', id: requestId } })).status).toBe(404);
    expect((await withdraw(admin.cookie, { data: { op: 'delete', id: requestId } })).status).toBe(404);
    expect((await withdraw(undefined, { data: { op: 'delete', id: requestId } })).status).toBe(401);
    expect((await requestsFor(projectId))[0]!.status).toBe(APPROVAL.PENDING);
  });

  it('refuses an unknown op and a malformed body with 400', async () => {
    const { requester, requestId, projectId } = await pendingRequest('Bad Op Place');
    expect((await withdraw(requester.cookie, { data: { op: 'approve', id: requestId } })).status).toBe(400);
    expect((await withdraw(requester.cookie, { op: 'delete', id: requestId })).status).toBe(400);
    expect((await requestsFor(projectId))[0]!.status).toBe(APPROVAL.PENDING);
  });
});

describe('GET /api/access-requests', () => {
  it("gives an organisation owner or admin their organisation's pending requests only", async () => {
    const { requestId } = await pendingRequest('Listed Place');
    const bProject = await f.project('Bravo Listed', { organisationId: orgB, salesStatus: 'SELLING_NOW' });
    const bRequester = await f.person();
    await requestAccess(bRequester.cookie, { drupal_project_id: bProject });

    for (const cookie of [owner.cookie, manager.cookie]) {
      const response = await t.request('/api/access-requests', { cookie });
      expect(response.status).toBe(200);
      const { items } = (await response.json()) as AccessRequestListResponse;
      expect(items.map((item) => item.id)).toContain(requestId);
      expect(items.every((item) => item.project.organisationId === orgA)).toBe(true);
      expect(items.find((item) => item.id === requestId)).toMatchObject({
        status: 'pending',
        project: { title: 'Listed Place' },
        requester: { email: expect.stringContaining('@') },
      });
    }
    const theirs = (await (
      await t.request('/api/access-requests', { cookie: otherOwner.cookie })
    ).json()) as AccessRequestListResponse;
    expect(theirs.items.map((item) => item.project.title)).toEqual(['Bravo Listed']);
  });

  it('gives platform admins every pending request', async () => {
    const { requestId } = await pendingRequest('Admin Listed Place');
    const { items } = (await (
      await t.request('/api/access-requests', { cookie: admin.cookie })
    ).json()) as AccessRequestListResponse;
    expect(items.map((item) => item.id)).toContain(requestId);
    expect(new Set(items.map((item) => item.project.organisationId))).toEqual(new Set([orgA, orgB]));
  });

  it('refuses plain members, users without an organisation, and callers without a session', async () => {
    expect((await t.request('/api/access-requests', { cookie: staff.cookie })).status).toBe(403);
    expect((await t.request('/api/access-requests', { cookie: (await f.person()).cookie })).status).toBe(403);
    expect((await t.request('/api/access-requests')).status).toBe(401);
  });

  it('refuses an unknown status with 400', async () => {
    expect((await t.request('/api/access-requests?status=maybe', { cookie: owner.cookie })).status).toBe(400);
  });
});

describe('POST /api/access-requests/{id}/decision', () => {
  it('approval by the organisation owner makes the requester an approved member, told in-app and by email', async () => {
    const { requester, requestId, projectId } = await pendingRequest('Approve Place');
    const response = await decide(owner.cookie, requestId, { decision: 'approve', note: 'Welcome aboard' });
    expect(response.status).toBe(200);
    const { request } = (await response.json()) as { request: AccessRequestListResponse['items'][number] };
    expect(request).toMatchObject({
      id: requestId,
      status: 'approved',
      note: 'Welcome aboard',
      decidedBy: { id: owner.id },
    });
    const output = await state(requester.cookie);
    expect(output.projectIds).toEqual([projectId]);
    expect(output.projectRequestsIds).toEqual([]);
    const [message] = await t.db
      .select()
      .from(inAppMessages)
      .where(
        and(
          eq(inAppMessages.audienceUserId, requester.id),
          eq(inAppMessages.title, 'Access request approved'),
        ),
      );
    expect(message?.body).toContain('Approve Place');
    const emails = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, requester.email));
    expect(emails.some((email) => email.subject === 'Access request approved')).toBe(true);
  });

  it('decline by a platform admin, with a note: no membership, requester told either way', async () => {
    const { requester, requestId, projectId } = await pendingRequest('Decline Place');
    const response = await decide(admin.cookie, requestId, { decision: 'decline', note: 'Not your listing' });
    expect(response.status).toBe(200);
    expect(await t.db.select().from(projectMembers).where(eq(projectMembers.projectId, projectId))).toEqual(
      [],
    );
    const emails = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, requester.email));
    expect(emails.map((email) => email.subject)).toContain('Access request declined');
    expect(emails.find((email) => email.subject === 'Access request declined')?.text).toContain(
      'Not your listing',
    );
    expect((await state(requester.cookie)).projectRequestsIds).toEqual([]);
  });

  it("refuses another organisation's owner, a plain member, and the requester: 404, nothing changes", async () => {
    const { requester, requestId, projectId } = await pendingRequest('Guarded Decision');
    for (const cookie of [otherOwner.cookie, staff.cookie, requester.cookie]) {
      expect((await decide(cookie, requestId, { decision: 'approve' })).status).toBe(404);
    }
    expect((await decide(undefined, requestId, { decision: 'approve' })).status).toBe(401);
    expect((await requestsFor(projectId))[0]!.status).toBe(APPROVAL.PENDING);
    expect(await t.db.select().from(projectMembers).where(eq(projectMembers.projectId, projectId))).toEqual(
      [],
    );
  });

  it('refuses a second decision with 409', async () => {
    const { requestId } = await pendingRequest('Twice Place');
    expect((await decide(manager.cookie, requestId, { decision: 'decline' })).status).toBe(200);
    expect((await decide(owner.cookie, requestId, { decision: 'approve' })).status).toBe(409);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const { requestId, projectId } = await pendingRequest('Bad Decision Place');
    expect((await decide(owner.cookie, requestId, { decision: 'maybe' })).status).toBe(400);
    expect(
      (await decide(owner.cookie, requestId, { decision: 'approve', note: 'x'.repeat(1001) })).status,
    ).toBe(400);
    expect(
      (
        await t.request('/api/access-requests/abc/decision', {
          method: 'POST',
          json: { decision: 'approve' },
          cookie: owner.cookie,
        })
      ).status,
    ).toBe(400);
    expect((await requestsFor(projectId))[0]!.status).toBe(APPROVAL.PENDING);
  });
});

describe('audit rows commit with the change they record', () => {
  const auditedFor = (requestId: number) =>
    t.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId, data: auditLog.data })
      .from(auditLog)
      .where(
        and(
          sql`${auditLog.data} ->> 'requestId' = ${String(requestId)}`,
          // Not the row of the request itself.
          sql`${auditLog.action} <> 'project.access_request'`,
        ),
      );

  it('records approval and withdrawal with who did it', async () => {
    const approved = await pendingRequest('Audited Approval Place');
    expect((await decide(owner.cookie, approved.requestId, { decision: 'approve' })).status).toBe(200);
    expect(await auditedFor(approved.requestId)).toEqual([
      {
        action: 'project.access_request_approve',
        actor: owner.id,
        data: { requestId: approved.requestId, requesterId: approved.requester.id },
      },
    ]);
    const withdrawn = await pendingRequest('Audited Withdrawal Place');
    const body = { data: { op: 'delete', id: withdrawn.requestId } };
    expect((await withdraw(withdrawn.requester.cookie, body)).status).toBe(200);
    expect(await auditedFor(withdrawn.requestId)).toEqual([
      expect.objectContaining({ action: 'project.access_request_withdraw', actor: withdrawn.requester.id }),
    ]);
  });

  it('leaves the request pending when its audit row cannot be written', async () => {
    const { requestId, projectId } = await pendingRequest('Unauditable Place');
    await t.db.execute(sql`
      create function refuse_access_request_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit refused'; end $$`);
    await t.db.execute(sql`
      create trigger refuse_access_request_audit before insert on audit_log for each row
      when (new.action like 'project.access_request_%') execute function refuse_access_request_audit()`);
    try {
      expect((await decide(owner.cookie, requestId, { decision: 'approve' })).status).toBe(500);
      const [row] = await requestsFor(projectId);
      expect(row!.status).toBe(APPROVAL.PENDING);
      const members = await t.db.select().from(projectMembers).where(eq(projectMembers.projectId, projectId));
      expect(members).toEqual([]);
    } finally {
      await t.db.execute(sql`drop trigger refuse_access_request_audit on audit_log`);
      await t.db.execute(sql`drop function refuse_access_request_audit()`);
    }
  });
});

describe('ids beyond the database integer range (review R2)', () => {
  const tooBig = 3_000_000_000;
  it('answers 400 in the one error shape, not 500, on every route taking a project or request id', async () => {
    const requester = await f.person({ organisationId: orgB, role: 'owner' });
    const answers = [
      await requestAccess(requester.cookie, { drupal_project_id: tooBig }),
      await withdraw(requester.cookie, { data: { op: 'delete', id: tooBig } }),
      await decide(admin.cookie, tooBig, { decision: 'approve' }),
      await t.request(`/api/project?op=claim_project&project_id=${tooBig}`, {
        method: 'POST',
        json: {},
        cookie: requester.cookie,
      }),
      await t.request('/api/projects/search', {
        method: 'POST',
        json: { params: { project_ids: [tooBig] } },
        cookie: requester.cookie,
      }),
      await t.request('/api/admin/project-recommendations', {
        method: 'POST',
        json: { userId: requester.id, projectId: tooBig },
        cookie: admin.cookie,
      }),
      await t.request(`/api/admin/project-recommendations/${requester.id}/${tooBig}`, {
        method: 'DELETE',
        cookie: admin.cookie,
      }),
    ];
    for (const response of answers) {
      expect(response.status).toBe(400);
      expect(((await response.json()) as ApiError).error.code).toBe(ERROR_CODES.validation);
    }
  });
});

describe('races (review R2)', () => {
  it('two identical requests at once: one 201, one 409, one pending row', async () => {
    const projectId = await f.project('Race Request Place', { organisationId: orgA });
    const requester = await f.person();
    const body = { drupal_project_id: projectId };
    const statuses = (
      await Promise.all([requestAccess(requester.cookie, body), requestAccess(requester.cookie, body)])
    ).map((response) => response.status);
    expect(statuses.sort()).toEqual([201, 409]);
    expect(await requestsFor(projectId)).toHaveLength(1);
  });

  it('approve and decline at once: one 200, one 409, and the outcome matches the winner', async () => {
    const { requestId, projectId, requester } = await pendingRequest('Race Decision Place');
    const [approve, decline] = await Promise.all([
      decide(owner.cookie, requestId, { decision: 'approve' }),
      decide(manager.cookie, requestId, { decision: 'decline' }),
    ]);
    expect([approve.status, decline.status].sort()).toEqual([200, 409]);
    const members = await t.db
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, requester.id)));
    const [row] = await requestsFor(projectId);
    expect(row!.status).toBe(approve.status === 200 ? APPROVAL.APPROVED : APPROVAL.DECLINED);
    expect(members).toHaveLength(approve.status === 200 ? 1 : 0);
  });

  it('two organisations claiming one unclaimed project at once: one claims it, the other gets an access request', async () => {
    const projectId = await f.project('Race Claim Place', { salesStatus: 'SELLING_NOW' });
    const claimA = await f.person({ organisationId: orgA, role: 'owner' });
    const claimB = await f.person({ organisationId: orgB, role: 'owner' });
    const claim = (cookie: string) =>
      t.request(`/api/project?op=claim_project&project_id=${projectId}`, {
        method: 'POST',
        json: {},
        cookie,
      });
    const responses = await Promise.all([claim(claimA.cookie), claim(claimB.cookie)]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    const outcomes = await Promise.all(
      responses.map(async (response) => ((await response.json()) as { outcome: string }).outcome),
    );
    expect([...outcomes].sort()).toEqual(['claimed', 'requested']);
    const [project] = await t.db.select().from(projects).where(eq(projects.id, projectId));
    const winner = outcomes[0] === 'claimed' ? orgA : orgB;
    expect(project!.organisationId).toBe(winner);
    expect(await requestsFor(projectId)).toHaveLength(1);
  });
});

describe('bodies that are not JSON (review R2)', () => {
  it('answers 4xx (400 or 415), never 500, and writes nothing when the body is missing, malformed or not JSON', async () => {
    const projectId = await f.project('No Body Place', { organisationId: orgA });
    const requester = await f.person({ organisationId: orgB, role: 'owner' });
    const calls: [string, RequestInit][] = [
      ['/api/v1/projects/request', { method: 'POST' }],
      [
        '/api/v1/projects/request',
        { method: 'POST', body: 'drupal_project_id=1', headers: { 'content-type': 'text/plain' } },
      ],
      [
        '/api/v1/projects/request',
        { method: 'POST', body: '{"drupal_project_id":', headers: { 'content-type': 'application/json' } },
      ],
      [
        `/api/project?op=claim_project&project_id=${projectId}`,
        { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } },
      ],
      ['/api/project/memberupdate', { method: 'POST' }],
      [
        '/api/projects/search',
        { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } },
      ],
    ];
    for (const [path, init] of calls) {
      const response = await t.request(path, { ...init, cookie: requester.cookie });
      expect([400, 415], `${path} ${JSON.stringify(init)}`).toContain(response.status);
      expect(((await response.json()) as ApiError).error.code).toBeTruthy();
    }
    expect(await requestsFor(projectId)).toEqual([]);
  });
});

describe('claim race within one organisation (review R2)', () => {
  it('two members of one organisation claiming at once: one claims, the other 409, no access request made', async () => {
    const projectId = await f.project('Same Org Race Place', { salesStatus: 'SELLING_NOW' });
    const first = await f.person({ organisationId: orgB, role: 'member' });
    const second = await f.person({ organisationId: orgB, role: 'member' });
    const claim = (cookie: string) =>
      t.request(`/api/project?op=claim_project&project_id=${projectId}`, {
        method: 'POST',
        json: {},
        cookie,
      });
    const responses = await Promise.all([claim(first.cookie), claim(second.cookie)]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const [project] = await t.db.select().from(projects).where(eq(projects.id, projectId));
    expect(project!.organisationId).toBe(orgB);
    expect(await requestsFor(projectId)).toEqual([]);
  });
});
