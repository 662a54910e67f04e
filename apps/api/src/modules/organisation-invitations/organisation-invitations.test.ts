import { ORGANISATION_INVITATION_MESSAGES as MESSAGES } from '@offplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { organisationInvitationFixtures } from './organisation-invitations.fixtures.ts';

// Invitations to an organisation (decision 030): invite, accept at /activate, resend, revoke, refusals.
let t: TestApp;
let fixtures: ReturnType<typeof organisationInvitationFixtures>;
let org: Awaited<ReturnType<ReturnType<typeof organisationInvitationFixtures>['organisation']>>;
let otherOrg: typeof org;

beforeAll(async () => {
  t = await createTestApp();
  fixtures = organisationInvitationFixtures(t);
  org = await fixtures.organisation('Harbourline Developments');
  otherOrg = await fixtures.organisation('Elsewhere Estates');
});
afterAll(() => t.close());

const PASSWORD = 'quiet orchard lantern 7291';
const invitations = () => t.client.api.organisation.invitations;
const activate = (token: string) =>
  t.request('/api/auth/invitation/activate', { method: 'POST', json: { token, password: PASSWORD } });
const preview = (token: string) => t.client.api.invitations[':token'].$get({ param: { token } });

async function invite(headers: { cookie: string }, values: Parameters<typeof fixtures.invitee>[0] = {}) {
  const input = fixtures.invitee(values);
  const response = await invitations().$post({ json: input }, { headers });
  if (response.status !== 201)
    throw new Error(`expected 201, got ${response.status}: ${await response.text()}`);
  return { input, invitation: await response.json() };
}

describe('inviting to the organisation and accepting at /activate', () => {
  it('emails an /activate link; accepting makes the invitee a member with the invited role', async () => {
    const { input, invitation } = await invite(org.owner.headers, { role: 'admin' });
    expect(invitation).toMatchObject({ email: input.email, role: 'admin', firstName: 'Ivy' });
    expect(new Date(invitation.expiresAt).getTime() - new Date(invitation.sentAt).getTime()).toBe(
      7 * 24 * 60 * 60 * 1000,
    );
    const token = await fixtures.activationTokenSentTo(input.email);
    expect(token).toBeTruthy();
    const shown = await preview(token!);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toMatchObject({
      email: input.email,
      organisationName: 'Harbourline Developments',
    });

    const accepted = await activate(token!);
    expect(accepted.status).toBe(200);
    const [row] = await fixtures.invitationRows(input.email);
    expect(row?.acceptedUserId).toBeTruthy();
    expect(await fixtures.membershipOf(row!.acceptedUserId!)).toMatchObject({
      organizationId: org.id,
      role: 'admin',
    });
    expect(await fixtures.auditRows('invitation.create', invitation.id)).toHaveLength(1);

    const list = await invitations().$get({}, { headers: org.member.headers });
    expect(list.status).toBe(200);
    if (list.status !== 200) return;
    expect((await list.json()).items.map((item) => item.id)).not.toContain(invitation.id);
  });

  it('lists pending invitations to any member, with who invited them', async () => {
    const { invitation } = await invite(org.admin.headers);
    const list = await invitations().$get({}, { headers: org.member.headers });
    expect(list.status).toBe(200);
    if (list.status !== 200) return;
    const items = (await list.json()).items;
    expect(items.find((item) => item.id === invitation.id)).toMatchObject({
      role: 'member',
      invitedBy: 'Test User',
    });
    const elsewhere = await invitations().$get({}, { headers: otherOrg.member.headers });
    if (elsewhere.status !== 200) throw new Error(`expected 200, got ${elsewhere.status}`);
    expect((await elsewhere.json()).items.map((item) => item.id)).not.toContain(invitation.id);
  });

  it('lets an owner invite an owner, and refuses an admin or a member inviting', async () => {
    const { invitation } = await invite(org.owner.headers, { role: 'owner' });
    expect(invitation.role).toBe('owner');

    const byAdmin = fixtures.invitee({ role: 'owner' });
    const refused = await invitations().$post({ json: byAdmin }, { headers: org.admin.headers });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { message: MESSAGES.ownerOnly } });
    expect(await fixtures.invitationRows(byAdmin.email)).toHaveLength(0);

    const byMember = fixtures.invitee();
    expect((await invitations().$post({ json: byMember }, { headers: org.member.headers })).status).toBe(403);
    expect(await fixtures.invitationRows(byMember.email)).toHaveLength(0);
  });
});

describe('resending and revoking', () => {
  it('resend emails a new link with a new expiry; the old link stops working', async () => {
    const { input, invitation } = await invite(org.owner.headers);
    const oldToken = (await fixtures.activationTokenSentTo(input.email))!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const resent = await invitations()[':id'].resend.$post(
      { param: { id: invitation.id } },
      { headers: org.admin.headers },
    );
    expect(resent.status).toBe(200);
    if (resent.status !== 200) return;
    expect(new Date((await resent.json()).expiresAt).getTime()).toBeGreaterThan(
      new Date(invitation.expiresAt).getTime(),
    );
    expect(await fixtures.emailsTo(input.email)).toBe(2);
    const newToken = (await fixtures.activationTokenSentTo(input.email))!;
    expect(newToken).not.toBe(oldToken);
    expect((await preview(oldToken)).status).toBe(404);
    expect((await activate(oldToken)).status).toBe(400);
    expect((await preview(newToken)).status).toBe(200);
    expect((await activate(newToken)).status).toBe(200);
    expect(await fixtures.auditRows('invitation.resend', invitation.id)).toHaveLength(1);
  });

  it('revoke stops the link working at the preview and at acceptance, and keeps the row', async () => {
    const { input, invitation } = await invite(org.owner.headers);
    const token = (await fixtures.activationTokenSentTo(input.email))!;
    const revoked = await invitations()[':id'].$delete(
      { param: { id: invitation.id } },
      { headers: org.admin.headers },
    );
    expect(revoked.status).toBe(204);
    expect((await preview(token)).status).toBe(404);
    const accepting = await activate(token);
    expect(accepting.status).toBe(400);
    const [row] = await fixtures.invitationRows(input.email);
    expect(row).toMatchObject({ revokedAt: expect.any(Date), acceptedAt: null });
    expect(await fixtures.auditRows('invitation.revoke', invitation.id)).toHaveLength(1);
    const again = await invitations()[':id'].$delete(
      { param: { id: invitation.id } },
      { headers: org.admin.headers },
    );
    expect(again.status).toBe(404);
    // A revoked invitation no longer blocks inviting the same email again.
    expect((await invitations().$post({ json: input }, { headers: org.owner.headers })).status).toBe(201);
  });

  it("answers 404 for another organisation's invitation, changing nothing", async () => {
    const { input, invitation } = await invite(otherOrg.owner.headers);
    const param = { id: invitation.id };
    expect((await invitations()[':id'].resend.$post({ param }, { headers: org.owner.headers })).status).toBe(
      404,
    );
    expect((await invitations()[':id'].$delete({ param }, { headers: org.owner.headers })).status).toBe(404);
    expect(await fixtures.emailsTo(input.email)).toBe(1);
    const [row] = await fixtures.invitationRows(input.email);
    expect(row?.revokedAt).toBeNull();
    expect((await preview((await fixtures.activationTokenSentTo(input.email))!)).status).toBe(200);
  });

  it('refuses a member resending or revoking (403)', async () => {
    const { invitation } = await invite(org.owner.headers);
    const param = { id: invitation.id };
    expect((await invitations()[':id'].resend.$post({ param }, { headers: org.member.headers })).status).toBe(
      403,
    );
    expect((await invitations()[':id'].$delete({ param }, { headers: org.member.headers })).status).toBe(403);
  });
});

describe('refusals, with nothing written', () => {
  async function refusal(email: string, status: number, message?: string) {
    const before = (await fixtures.invitationRows(email.toLowerCase())).length;
    const response = await invitations().$post(
      { json: { ...fixtures.invitee(), email } },
      { headers: org.owner.headers },
    );
    expect(response.status, email).toBe(status);
    if (message) expect(await response.json()).toMatchObject({ error: { fields: { email: message } } });
    expect((await fixtures.invitationRows(email.toLowerCase())).length).toBe(before);
    expect(await fixtures.emailsTo(email.toLowerCase())).toBe(0);
  }

  it('refuses a member of this organisation, an account elsewhere and an account without one', async () => {
    await refusal(org.member.email, 409, MESSAGES.alreadyMember);
    await refusal(otherOrg.member.email.toUpperCase(), 409, MESSAGES.otherOrganisation);
    const loner = await t.createUser();
    await refusal(loner.email, 409, MESSAGES.accountExists);
  });

  it('refuses an email with a pending invitation, whoever sent it', async () => {
    const { input } = await invite(otherOrg.owner.headers);
    const response = await invitations().$post({ json: { ...input } }, { headers: org.owner.headers });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: { fields: { email: MESSAGES.alreadyInvited } } });
    expect(await fixtures.invitationRows(input.email)).toHaveLength(1);
  });

  it('lets only one of two invitations sent at once to the same email through', async () => {
    const input = fixtures.invitee();
    const answers = await Promise.all([
      invitations().$post({ json: input }, { headers: org.owner.headers }),
      invitations().$post({ json: input }, { headers: otherOrg.owner.headers }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await fixtures.invitationRows(input.email)).toHaveLength(1);
  });

  it('refuses an invalid email or role (400)', async () => {
    await refusal('not-an-email', 400, MESSAGES.emailInvalid);
    const badRole = await t.request('/api/organisation/invitations', {
      method: 'POST',
      cookie: org.owner.cookie,
      json: { ...fixtures.invitee(), role: 'superuser' },
    });
    expect(badRole.status).toBe(400);
  });

  it('refuses people without an organisation (403) and without a session (401)', async () => {
    const admin = await fixtures.platformAdmin();
    expect((await invitations().$get({}, { headers: admin.headers })).status).toBe(403);
    expect((await invitations().$post({ json: fixtures.invitee() }, { headers: admin.headers })).status).toBe(
      403,
    );
    expect((await invitations().$get({})).status).toBe(401);
  });
});
