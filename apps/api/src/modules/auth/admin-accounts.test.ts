import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user } from '../../db/schema/index.ts';
import { sessionOf, signInRaw } from '../../test/sessions.ts';
import { sessionsOf, t, uniqueEmail, useAccountsTestApp } from './account-test-helpers.ts';

// better-auth's admin endpoints: who may call them, bans and signing out everywhere.
useAccountsTestApp();

describe('admin endpoints', () => {
  it("refuses better-auth's admin endpoints and impersonation to an ordinary user, changing nothing", async () => {
    const member = await t.createUser({ email: uniqueEmail('plain') });
    const other = await t.createUser({ email: uniqueEmail('other') });
    const memberCookie = await t.signIn(member.email);
    const otherCookie = await t.signIn(other.email);

    const listed = await t.request('/api/auth/admin/list-users', { cookie: memberCookie });
    expect(listed.status).toBe(403);
    for (const [path, body] of [
      ['/api/auth/admin/ban-user', { userId: other.id }],
      ['/api/auth/admin/revoke-user-sessions', { userId: other.id }],
      ['/api/auth/admin/set-role', { userId: member.id, role: 'admin' }],
      ['/api/auth/impersonation/start', { userId: other.id }],
    ] as const) {
      const response = await t.request(path, { method: 'POST', cookie: memberCookie, json: body });
      expect(response.status, path).toBe(403);
    }

    const [me] = await t.db.select().from(user).where(eq(user.id, member.id));
    expect(me?.role).toBe('user');
    const [them] = await t.db.select().from(user).where(eq(user.id, other.id));
    expect(them?.banned).toBe(false);
    expect((await sessionOf(t, otherCookie))?.user.id).toBe(other.id);
    expect((await sessionOf(t, memberCookie))?.user.id).toBe(member.id);
    expect(await sessionsOf(other.id)).toHaveLength(1);
  });

  it('ends every session of a user at once when an admin bans them', async () => {
    const admin = await t.createUser({ email: uniqueEmail('ban-admin'), role: 'admin' });
    const person = await t.createUser({ email: uniqueEmail('to-ban') });
    const adminCookie = await t.signIn(admin.email);
    const personCookie = await t.signIn(person.email);
    expect((await t.request('/api/user-projects', { cookie: personCookie })).status).toBe(200);

    const response = await t.request('/api/auth/admin/ban-user', {
      method: 'POST',
      cookie: adminCookie,
      json: { userId: person.id, banReason: 'Testing' },
    });
    expect(response.status).toBe(200);
    expect(await sessionOf(t, personCookie)).toBeNull();
    expect((await t.request('/api/user-projects', { cookie: personCookie })).status).toBe(401);
    expect(await sessionsOf(person.id)).toEqual([]);
    expect((await signInRaw(t, person.email)).status).toBe(401);
  });

  it('signs a user out everywhere', async () => {
    const admin = await t.createUser({ email: uniqueEmail('revoke-admin'), role: 'admin' });
    const person = await t.createUser({ email: uniqueEmail('to-revoke') });
    const adminCookie = await t.signIn(admin.email);
    const cookies = [await t.signIn(person.email), await t.signIn(person.email)];

    const response = await t.request('/api/auth/admin/revoke-user-sessions', {
      method: 'POST',
      cookie: adminCookie,
      json: { userId: person.id },
    });
    expect(response.status).toBe(200);
    for (const cookie of cookies) expect(await sessionOf(t, cookie)).toBeNull();
    expect(await sessionsOf(person.id)).toEqual([]);
    expect((await sessionOf(t, adminCookie))?.user.id).toBe(admin.id);
    // They can sign in again: signing out is not a ban.
    expect((await signInRaw(t, person.email)).status).toBe(200);
  });
});
