import { randomBytes, randomUUID } from 'node:crypto';
import { PASSWORD_MESSAGES } from '@offplan/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user, userInvitations } from '../../db/schema/index.ts';
import { cookiesOf, hasSessionCookie, sessionOf, signInRaw } from '../../test/sessions.ts';
import {
  errorOf,
  NEW_PASSWORD,
  t,
  uniqueEmail,
  useAccountsTestApp,
  userRow,
} from './account-test-helpers.ts';
import { hashSecretToken } from './plugin-context.ts';

// Activating an account from an invitation.
useAccountsTestApp();

describe('invitations', () => {
  async function invite(overrides: Partial<typeof userInvitations.$inferInsert> = {}) {
    const token = randomBytes(32).toString('base64url');
    const email = uniqueEmail('invited');
    const [row] = await t.db
      .insert(userInvitations)
      .values({
        id: randomUUID(),
        email,
        firstName: 'Ivy',
        lastName: 'Invited',
        tokenHash: hashSecretToken(token),
        expiresAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
        ...overrides,
      })
      .returning();
    return { token, email, invitation: row! };
  }
  const activate = (token: string, password = NEW_PASSWORD) =>
    t.request('/api/auth/invitation/activate', { method: 'POST', json: { token, password } });
  const invitationRow = async (id: string) =>
    (await t.db.select().from(userInvitations).where(eq(userInvitations.id, id)))[0];

  it('creates a verified account from the invitation, signs it in and marks the invitation used', async () => {
    const { token, email, invitation } = await invite();
    const response = await activate(token);
    expect(response.status).toBe(200);

    const row = await userRow(email);
    expect(row).toMatchObject({ emailVerified: true, firstName: 'Ivy', lastName: 'Invited', role: 'user' });
    const current = await sessionOf(t, cookiesOf(response));
    expect(current?.user).toMatchObject({ id: row!.id, email, emailVerified: true });
    expect(await invitationRow(invitation.id)).toMatchObject({
      acceptedAt: expect.any(Date),
      acceptedUserId: row!.id,
    });
    expect((await signInRaw(t, email, NEW_PASSWORD)).status).toBe(200);

    const again = await activate(token, 'another unusual passphrase 88');
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(hasSessionCookie(again)).toBe(false);
    expect(await t.db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
    expect((await signInRaw(t, email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses an expired invitation and a forged token, creating nobody', async () => {
    const { token, email, invitation } = await invite({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await activate(token);
    expect(expired.status).toBe(400);
    expect(await errorOf(expired)).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(await userRow(email)).toBeUndefined();
    expect((await invitationRow(invitation.id))?.acceptedAt).toBeNull();

    const forged = await activate(randomBytes(32).toString('base64url'));
    expect(forged.status).toBe(400);
    expect(hasSessionCookie(forged)).toBe(false);
  });

  it('refuses a common password, creating nobody and keeping the invitation open', async () => {
    const { token, email, invitation } = await invite();
    const response = await activate(token, 'password1234');
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toMatchObject({ password: PASSWORD_MESSAGES.common });
    expect(await userRow(email)).toBeUndefined();
    expect(
      await t.db
        .select()
        .from(userInvitations)
        .where(and(eq(userInvitations.id, invitation.id), isNull(userInvitations.acceptedAt))),
    ).toHaveLength(1);
  });
});
