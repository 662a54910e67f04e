import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { organisationInvitationFixtures } from './organisation-invitations.fixtures.ts';

// /pending-invites (decision 030): platform admins see and act on every pending invitation.
let t: TestApp;
let fixtures: ReturnType<typeof organisationInvitationFixtures>;
let org: Awaited<ReturnType<ReturnType<typeof organisationInvitationFixtures>['organisation']>>;
let admin: Awaited<ReturnType<ReturnType<typeof organisationInvitationFixtures>['platformAdmin']>>;

beforeAll(async () => {
  t = await createTestApp();
  fixtures = organisationInvitationFixtures(t);
  org = await fixtures.organisation('Harbourline Developments');
  admin = await fixtures.platformAdmin();
});
afterAll(() => t.close());

const pending = () => t.client.api.admin['pending-invitations'];
const preview = (token: string) => t.client.api.invitations[':token'].$get({ param: { token } });

async function inviteToOrganisation(role: 'admin' | 'member' = 'member') {
  const input = fixtures.invitee({ role });
  const response = await t.client.api.organisation.invitations.$post(
    { json: input },
    { headers: org.owner.headers },
  );
  if (response.status !== 201) throw new Error(`expected 201, got ${response.status}`);
  return { input, invitation: await response.json() };
}

async function inviteToPortal() {
  const email = `portal-${Date.now()}@example.test`;
  const response = await t.client.api.admin.invitations.$post(
    { json: { email, firstName: 'Pat', lastName: 'Portal' } },
    { headers: admin.headers },
  );
  if (response.status !== 201) throw new Error(`expected 201, got ${response.status}`);
  return { email, invitation: await response.json() };
}

describe('GET /api/admin/pending-invitations', () => {
  it("lists every organisation's pending invitations and the admins' own, with the organisation", async () => {
    const { invitation: toOrganisation } = await inviteToOrganisation('admin');
    const { invitation: toPortal } = await inviteToPortal();
    const response = await pending().$get({}, { headers: admin.headers });
    expect(response.status).toBe(200);
    if (response.status !== 200) return;
    const items = (await response.json()).items;
    expect(items.find((item) => item.id === toOrganisation.id)).toMatchObject({
      organisationId: org.id,
      organisationName: 'Harbourline Developments',
      role: 'admin',
      invitedBy: 'Test User',
    });
    expect(items.find((item) => item.id === toPortal.id)).toMatchObject({
      organisationId: null,
      organisationName: null,
      role: 'member',
    });
  });

  it('refuses people who are not platform admins (403)', async () => {
    const { invitation } = await inviteToOrganisation();
    const param = { id: invitation.id };
    expect((await pending().$get({}, { headers: org.owner.headers })).status).toBe(403);
    expect((await pending()[':id'].resend.$post({ param }, { headers: org.owner.headers })).status).toBe(403);
    expect((await pending()[':id'].$delete({ param }, { headers: org.owner.headers })).status).toBe(403);
  });
});

describe('admin resend and revoke', () => {
  it('resends any pending invitation with a new link, the old one dead; audited', async () => {
    const { input, invitation } = await inviteToOrganisation();
    const oldToken = (await fixtures.activationTokenSentTo(input.email))!;
    const response = await pending()[':id'].resend.$post(
      { param: { id: invitation.id } },
      { headers: admin.headers },
    );
    expect(response.status).toBe(200);
    if (response.status !== 200) return;
    expect((await response.json()).organisationName).toBe('Harbourline Developments');
    const newToken = (await fixtures.activationTokenSentTo(input.email))!;
    expect(newToken).not.toBe(oldToken);
    expect((await preview(oldToken)).status).toBe(404);
    expect((await preview(newToken)).status).toBe(200);
    const [audit] = await fixtures.auditRows('invitation.resend', invitation.id);
    expect(audit?.actorUserId).toBe(admin.id);
  });

  it("revokes an admin's own portal invitation; it leaves the list and its link dies", async () => {
    const { email, invitation } = await inviteToPortal();
    const token = (await fixtures.activationTokenSentTo(email))!;
    const revoked = await pending()[':id'].$delete(
      { param: { id: invitation.id } },
      { headers: admin.headers },
    );
    expect(revoked.status).toBe(204);
    expect((await preview(token)).status).toBe(404);
    const list = await pending().$get({}, { headers: admin.headers });
    if (list.status !== 200) throw new Error(`expected 200, got ${list.status}`);
    expect((await list.json()).items.map((item) => item.id)).not.toContain(invitation.id);
    expect(await fixtures.auditRows('invitation.revoke', invitation.id)).toHaveLength(1);
    expect(
      (await pending()[':id'].$delete({ param: { id: invitation.id } }, { headers: admin.headers })).status,
    ).toBe(404);
    expect(
      (
        await pending()[':id'].resend.$post(
          { param: { id: 'no-such-invitation' } },
          { headers: admin.headers },
        )
      ).status,
    ).toBe(404);
  });
});
