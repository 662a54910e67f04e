import { randomBytes } from 'node:crypto';
import { IMPERSONATION_MAX_SECONDS } from '@offplan/shared';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { account, auditLog, impersonationTokens, session, user } from '../../db/schema/index.ts';
import { cookiesOf, hasSessionCookie, sessionOf } from '../../test/sessions.ts';
import { TEST_PASSWORD } from '../../test/test-app.ts';
import {
  errorOf,
  NEW_PASSWORD,
  sessionsOf,
  t,
  uniqueEmail,
  useAccountsTestApp,
} from './account-test-helpers.ts';
import { hashSecretToken } from './plugin-context.ts';

// Acting as a user: the audited magic-token flow (spec §6, design §1).
useAccountsTestApp();

async function adminAndTarget() {
  const admin = await t.createUser({ email: uniqueEmail('admin'), role: 'admin' });
  const target = await t.createUser({
    email: uniqueEmail('target'),
    firstName: 'Tara',
    lastName: 'Target',
  });
  const adminCookie = await t.signIn(admin.email);
  return { admin, target, adminCookie };
}

const start = (cookie: string, userId: string) =>
  t.request('/api/auth/impersonation/start', { method: 'POST', cookie, json: { userId } });
const connect = (token: string, headers?: Record<string, string>) =>
  t.request('/api/auth/impersonation/connect', {
    method: 'POST',
    json: { token },
    ...(headers ? { headers } : {}),
  });
const auditRows = (action: string, targetId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.id));

describe('impersonation: acting as a user', () => {
  it("starts a one-hour session of the user in place of the admin's, audited under the admin", async () => {
    const { admin, target, adminCookie } = await adminAndTarget();
    const started = Date.now();
    const response = await start(adminCookie, target.id);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { magicToken: string; userId: string };
    expect(body).toEqual({ magicToken: expect.any(String), userId: target.id });

    const actingCookie = cookiesOf(response);
    const acting = await sessionOf(t, actingCookie);
    expect(acting?.user.id).toBe(target.id);
    expect(acting?.session.impersonatedBy).toBe(admin.id);
    expect(new Date(acting!.session.expiresAt).getTime() - started).toBeLessThanOrEqual(
      IMPERSONATION_MAX_SECONDS * 1000 + 5_000,
    );

    // The admin's own session has ended.
    expect(await sessionOf(t, adminCookie)).toBeNull();
    expect(await sessionsOf(admin.id)).toEqual([]);

    // Only a hash of the magic token is kept.
    const tokens = await t.db.select().from(impersonationTokens);
    expect(tokens.some((row) => Object.values(row).includes(body.magicToken))).toBe(false);
    const [stored] = await t.db
      .select()
      .from(impersonationTokens)
      .where(eq(impersonationTokens.tokenHash, hashSecretToken(body.magicToken)));
    expect(stored).toMatchObject({ adminUserId: admin.id, targetUserId: target.id, usedAt: null });
    expect(stored!.expiresAt.getTime() - started).toBeLessThanOrEqual(
      IMPERSONATION_MAX_SECONDS * 1000 + 5_000,
    );

    const [row] = await t.db.select().from(session).where(eq(session.id, stored!.sessionId));
    expect(row).toMatchObject({ userId: target.id, impersonatedBy: admin.id });
    expect(row!.expiresAt.getTime() - started).toBeLessThanOrEqual(IMPERSONATION_MAX_SECONDS * 1000 + 5_000);

    expect(await auditRows('impersonation.start', target.id)).toEqual([
      expect.objectContaining({ actorUserId: admin.id, actingAsUserId: target.id, targetType: 'user' }),
    ]);
  });

  it('ends the impersonation session an hour after it started, whatever refreshed it, even with the session cookie sent alone', async () => {
    const { target, adminCookie } = await adminAndTarget();
    const started = Date.now();
    const response = await start(adminCookie, target.id);
    expect(response.status).toBe(200);
    // Without better-auth's dont_remember cookie, get-session "refreshes" the session to 7 days:
    // the hour must hold on the server, whatever cookies the client chooses to send.
    const sessionCookie = cookiesOf(response)
      .split('; ')
      .filter((pair) => pair.startsWith('better-auth.session_token='))
      .join('; ');
    const acting = await sessionOf(t, sessionCookie);
    expect(acting?.user.id).toBe(target.id);
    // An hour after it started, the session is refused and removed even if a refresh moved its expiry.
    const [row] = await t.db.select().from(session).where(eq(session.userId, target.id));
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(started - 5_000);
    await t.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - IMPERSONATION_MAX_SECONDS * 1000 - 1000) })
      .where(eq(session.id, row!.id));
    const late = await t.request('/api/user-update', {
      method: 'POST',
      cookie: sessionCookie,
      json: { first_name: 'Late', last_name: 'Write' },
    });
    expect(late.status).toBe(401);
    expect(await t.db.select().from(session).where(eq(session.id, row!.id))).toEqual([]);
  });

  it('audits writes made while acting under the admin, acting as the user', async () => {
    const { admin, target, adminCookie } = await adminAndTarget();
    const actingCookie = cookiesOf(await start(adminCookie, target.id));
    const response = await t.request('/api/user-update', {
      method: 'POST',
      cookie: actingCookie,
      json: { first_name: 'Tamsin', last_name: 'Target' },
    });
    expect(response.status).toBe(200);
    expect((await t.db.select().from(user).where(eq(user.id, target.id)))[0]?.firstName).toBe('Tamsin');
    expect(await auditRows('user.update_names', target.id)).toEqual([
      expect.objectContaining({ actorUserId: admin.id, actingAsUserId: target.id }),
    ]);
  });

  it("refuses changes to the user's sign-in while acting as them", async () => {
    const { target, adminCookie } = await adminAndTarget();
    const actingCookie = cookiesOf(await start(adminCookie, target.id));
    const [passwordBefore] = await t.db.select().from(account).where(eq(account.userId, target.id));
    const response = await t.request('/api/auth/change-password', {
      method: 'POST',
      cookie: actingCookie,
      json: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, revokeOtherSessions: false },
    });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({ code: 'FORBIDDEN' });
    const [passwordAfter] = await t.db.select().from(account).where(eq(account.userId, target.id));
    expect(passwordAfter?.password).toBe(passwordBefore?.password);
  });
});

describe('impersonation: returning to the admin, and refusals', () => {
  it("trades the magic token once for a new session of the admin and ends the user's session", async () => {
    const { admin, target, adminCookie } = await adminAndTarget();
    const started = await start(adminCookie, target.id);
    const { magicToken } = (await started.json()) as { magicToken: string };
    const actingCookie = cookiesOf(started);

    const response = await connect(magicToken);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ redirectTo: '/users' });
    const back = await sessionOf(t, cookiesOf(response));
    expect(back?.user.id).toBe(admin.id);
    expect(back?.session.impersonatedBy ?? null).toBeNull();

    expect(await sessionOf(t, actingCookie)).toBeNull();
    expect(await t.db.select().from(session).where(eq(session.impersonatedBy, admin.id))).toEqual([]);
    expect(await auditRows('impersonation.stop', target.id)).toEqual([
      expect.objectContaining({ actorUserId: admin.id, actingAsUserId: target.id }),
    ]);

    const sessionsBefore = await sessionsOf(admin.id);
    const replay = await connect(magicToken);
    expect(replay.status).toBe(400);
    expect(await errorOf(replay)).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(hasSessionCookie(replay)).toBe(false);
    expect(await sessionsOf(admin.id)).toHaveLength(sessionsBefore.length);
    expect(await auditRows('impersonation.stop', target.id)).toHaveLength(1);
  });

  it('refuses a forged or expired magic token and changes nothing', async () => {
    const { admin, target, adminCookie } = await adminAndTarget();
    const started = await start(adminCookie, target.id);
    const { magicToken } = (await started.json()) as { magicToken: string };
    const actingCookie = cookiesOf(started);

    const forged = await connect(randomBytes(32).toString('base64url'));
    expect(forged.status).toBe(400);
    expect(await errorOf(forged)).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(hasSessionCookie(forged)).toBe(false);

    await t.db
      .update(impersonationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(impersonationTokens.tokenHash, hashSecretToken(magicToken)));
    const expired = await connect(magicToken);
    expect(expired.status).toBe(400);
    expect(await errorOf(expired)).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(hasSessionCookie(expired)).toBe(false);

    expect(await sessionsOf(admin.id)).toEqual([]);
    expect((await sessionOf(t, actingCookie))?.user.id).toBe(target.id);
    expect(await auditRows('impersonation.stop', target.id)).toEqual([]);
    const [stored] = await t.db
      .select()
      .from(impersonationTokens)
      .where(eq(impersonationTokens.tokenHash, hashSecretToken(magicToken)));
    expect(stored?.usedAt).toBeNull();
  });

  it('refuses to act as an admin or as a user who opted out, keeping the admin signed in', async () => {
    const { admin, adminCookie } = await adminAndTarget();
    const otherAdmin = await t.createUser({ email: uniqueEmail('other-admin'), role: 'admin' });
    const optedOut = await t.createUser({ email: uniqueEmail('opted-out') });
    await t.db.update(user).set({ impersonationOptOut: true }).where(eq(user.id, optedOut.id));

    for (const refused of [otherAdmin, optedOut]) {
      const response = await start(adminCookie, refused.id);
      expect(response.status).toBe(403);
      expect((await errorOf(response)).message).toEqual(expect.any(String));
      expect(hasSessionCookie(response)).toBe(false);
      expect(await sessionsOf(refused.id)).toEqual([]);
      expect(await auditRows('impersonation.start', refused.id)).toEqual([]);
    }
    expect(
      await t.db.select().from(impersonationTokens).where(eq(impersonationTokens.adminUserId, admin.id)),
    ).toEqual([]);
    expect((await sessionOf(t, adminCookie))?.user.id).toBe(admin.id);
  });

  it('refuses impersonation to a non-admin and while already acting as someone', async () => {
    const member = await t.createUser({ email: uniqueEmail('member') });
    const victim = await t.createUser({ email: uniqueEmail('victim') });
    const memberCookie = await t.signIn(member.email);
    const byMember = await start(memberCookie, victim.id);
    expect(byMember.status).toBe(403);
    expect(await sessionsOf(victim.id)).toEqual([]);
    expect((await sessionOf(t, memberCookie))?.user.id).toBe(member.id);

    const { target, adminCookie } = await adminAndTarget();
    const actingCookie = cookiesOf(await start(adminCookie, target.id));
    const nested = await start(actingCookie, victim.id);
    expect(nested.status).toBe(403);
    expect(await sessionsOf(victim.id)).toEqual([]);
    expect((await sessionOf(t, actingCookie))?.user.id).toBe(target.id);
    expect(await auditRows('impersonation.start', victim.id)).toEqual([]);
  });
});

describe('cross-site requests', () => {
  const evil = { origin: 'https://evil.example' };

  it('refuses to trade a magic token from another site and leaves it usable', async () => {
    const admin = await t.createUser({ email: uniqueEmail('xs-admin'), role: 'admin' });
    const target = await t.createUser({ email: uniqueEmail('xs-target') });
    const started = await t.request('/api/auth/impersonation/start', {
      method: 'POST',
      cookie: await t.signIn(admin.email),
      json: { userId: target.id },
    });
    const { magicToken } = (await started.json()) as { magicToken: string };

    const response = await t.request('/api/auth/impersonation/connect', {
      method: 'POST',
      headers: evil,
      json: { token: magicToken },
    });
    expect(response.status).toBe(403);
    expect(hasSessionCookie(response)).toBe(false);
    expect(await sessionsOf(admin.id)).toEqual([]);
    const [stored] = await t.db
      .select()
      .from(impersonationTokens)
      .where(eq(impersonationTokens.tokenHash, hashSecretToken(magicToken)));
    expect(stored?.usedAt).toBeNull();
    expect(await sessionsOf(target.id)).toHaveLength(1);

    // From our own site it still works.
    expect(
      (await t.request('/api/auth/impersonation/connect', { method: 'POST', json: { token: magicToken } }))
        .status,
    ).toBe(200);
  });
});
