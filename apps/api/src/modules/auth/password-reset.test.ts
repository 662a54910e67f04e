import { createHash } from 'node:crypto';
import { PASSWORD_MESSAGES } from '@offplan/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { account, verification } from '../../db/schema/index.ts';
import { sessionOf, signInRaw } from '../../test/sessions.ts';
import { TEST_PASSWORD } from '../../test/test-app.ts';
import {
  errorOf,
  messagesTo,
  NEW_PASSWORD,
  resetTokenIn,
  sessionsOf,
  t,
  uniqueEmail,
  useAccountsTestApp,
} from './account-test-helpers.ts';

// Password reset links (spec §4, design §7).
useAccountsTestApp();

describe('password reset', () => {
  it('answers the same for a known and an unknown email, and emails only the known one', async () => {
    const known = await t.createUser({ email: uniqueEmail('reset-known') });
    const unknown = uniqueEmail('reset-unknown');
    const answers = await Promise.all(
      [known.email, unknown].map((email) =>
        t.request('/api/auth/request-password-reset', { method: 'POST', json: { email } }),
      ),
    );
    expect(answers.map((response) => response.status)).toEqual([200, 200]);
    const [knownBody, unknownBody] = await Promise.all(answers.map((response) => response.json()));
    expect(knownBody).toMatchObject({ status: true });
    expect(unknownBody).toEqual(knownBody);

    const mails = await messagesTo(known.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'email', template: 'resetPassword' });
    expect(resetTokenIn(mails[0]!.text)).toEqual(expect.any(String));
    expect(await messagesTo(unknown)).toEqual([]);
  });

  it('sets the new password, signs out every session, and the link works once', async () => {
    const { id, email } = await t.createUser({ email: uniqueEmail('reset') });
    const cookies = [await t.signIn(email), await t.signIn(email)];
    for (const cookie of cookies) expect((await sessionOf(t, cookie))?.user.id).toBe(id);

    expect(
      (await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email } })).status,
    ).toBe(200);
    const [mail] = await messagesTo(email);
    const token = resetTokenIn(mail!.text);

    const reset = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { newPassword: NEW_PASSWORD, token },
    });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ status: true });

    for (const cookie of cookies) expect(await sessionOf(t, cookie)).toBeNull();
    expect(await sessionsOf(id)).toEqual([]);
    expect((await signInRaw(t, email, TEST_PASSWORD)).status).toBe(401);
    expect((await signInRaw(t, email, NEW_PASSWORD)).status).toBe(200);

    const [passwordBefore] = await t.db.select().from(account).where(eq(account.userId, id));
    const again = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { newPassword: 'yet another unusual passphrase', token },
    });
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toMatchObject({ code: 'INVALID_TOKEN' });
    const [passwordAfter] = await t.db.select().from(account).where(eq(account.userId, id));
    expect(passwordAfter?.password).toBe(passwordBefore?.password);
  });

  it('makes reset links last one hour and refuses an older one without changing the password', async () => {
    const { id, email } = await t.createUser({ email: uniqueEmail('reset-expired') });
    const cookie = await t.signIn(email);
    const asked = Date.now();
    await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email } });
    const [mail] = await messagesTo(email);
    const token = resetTokenIn(mail!.text);
    // Stored hashed (auth.ts `verification.storeIdentifier`): the plain token is nowhere in the database.
    const identifier = createHash('sha256').update(`reset-password:${token}`).digest('base64url');
    expect(
      await t.db
        .select()
        .from(verification)
        .where(eq(verification.identifier, `reset-password:${token}`)),
    ).toEqual([]);
    const [stored] = await t.db.select().from(verification).where(eq(verification.identifier, identifier));
    expect(stored).toBeDefined();
    expect(stored!.expiresAt.getTime() - asked).toBeLessThanOrEqual(60 * 60 * 1000 + 5_000);

    await t.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, identifier));
    const [passwordBefore] = await t.db.select().from(account).where(eq(account.userId, id));
    const response = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { newPassword: NEW_PASSWORD, token },
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'INVALID_TOKEN' });
    const [passwordAfter] = await t.db.select().from(account).where(eq(account.userId, id));
    expect(passwordAfter?.password).toBe(passwordBefore?.password);
    expect((await sessionOf(t, cookie))?.user.id).toBe(id);
  });

  it('refuses a forged token and a common new password', async () => {
    const { id, email } = await t.createUser({ email: uniqueEmail('reset-forged') });
    const [passwordBefore] = await t.db.select().from(account).where(eq(account.userId, id));
    const forged = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { newPassword: NEW_PASSWORD, token: 'forged-token-value' },
    });
    expect(forged.status).toBe(400);
    expect(await errorOf(forged)).toMatchObject({ code: 'INVALID_TOKEN' });

    await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email } });
    const token = resetTokenIn((await messagesTo(email))[0]!.text);
    const common = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { newPassword: 'password1234', token },
    });
    expect(common.status).toBe(400);
    expect((await errorOf(common)).fields).toMatchObject({ newPassword: PASSWORD_MESSAGES.common });
    const [passwordAfter] = await t.db.select().from(account).where(eq(account.userId, id));
    expect(passwordAfter?.password).toBe(passwordBefore?.password);
  });
});
