import { PASSWORD_MESSAGES } from '@offplan/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user } from '../../db/schema/index.ts';
import { cookiesOf, hasSessionCookie, sessionOf, signInRaw } from '../../test/sessions.ts';
import {
  errorOf,
  messagesTo,
  NEW_PASSWORD,
  registration,
  sessionsOf,
  signUp,
  t,
  useAccountsTestApp,
  userRow,
  verifyTokenIn,
} from './account-test-helpers.ts';

// Registration (spec §4): terms, password policy, one account per email, same-site only.
useAccountsTestApp();

describe('registration', () => {
  it('creates an unverified user with the terms accepted and the organisation typed, signs them in and emails a verify link', async () => {
    const body = registration();
    const response = await signUp(body);
    expect(response.status).toBe(200);

    const row = await userRow(body.email);
    expect(row).toMatchObject({
      email: body.email,
      emailVerified: false,
      firstName: 'Rita',
      lastName: 'Register',
      companyName: 'Harbourline Developments',
      role: 'user',
    });

    const messages = await messagesTo(body.email);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: 'email', template: 'verifyEmail' });
    expect(verifyTokenIn(messages[0]!.text)).toEqual(expect.any(String));

    // Contract: the new user is signed in, unverified.
    const current = await sessionOf(t, cookiesOf(response));
    expect(current?.user).toMatchObject({ id: row!.id, emailVerified: false });
  });

  it('records when the terms were accepted', async () => {
    const body = registration();
    const before = Date.now();
    expect((await signUp(body)).status).toBe(200);
    const row = await userRow(body.email);
    expect(row?.termsAcceptedAt).toBeInstanceOf(Date);
    expect(row!.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('refuses a registration without accepted terms, naming the field, and creates nothing', async () => {
    for (const acceptTerms of [undefined, false, 'true']) {
      const body = registration({ acceptTerms });
      const response = await signUp(body);
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.fields).toMatchObject({ acceptTerms: expect.any(String) });
      expect(await userRow(body.email)).toBeUndefined();
      expect(await messagesTo(body.email)).toEqual([]);
      expect(hasSessionCookie(response)).toBe(false);
    }
  });

  it('refuses a photo linked from elsewhere at registration, and creates nothing', async () => {
    const body = registration({ image: 'https://tracker.example/pixel.gif' });
    const response = await signUp(body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toMatchObject({ image: expect.any(String) });
    expect(await userRow(body.email)).toBeUndefined();
  });

  it('refuses a common password, naming the field, and creates nothing', async () => {
    const body = registration({ password: 'password1234' });
    const response = await signUp(body);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.fields).toMatchObject({ password: PASSWORD_MESSAGES.common });
    expect(await userRow(body.email)).toBeUndefined();
    expect(await messagesTo(body.email)).toEqual([]);
  });

  it('refuses a common password in any letter case', async () => {
    const body = registration({ password: 'PassWord1234' });
    const response = await signUp(body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toMatchObject({ password: PASSWORD_MESSAGES.common });
    expect(await userRow(body.email)).toBeUndefined();
  });

  it('refuses an 11-character password and creates nothing', async () => {
    const body = registration({ password: 'abcdefghijk' });
    const response = await signUp(body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toMatchObject({ password: PASSWORD_MESSAGES.tooShort });
    expect(await userRow(body.email)).toBeUndefined();
  });

  it('refuses a second registration of an existing email without a second account or a session', async () => {
    const body = registration();
    expect((await signUp(body)).status).toBe(200);
    const first = await userRow(body.email);
    const sessionsBefore = await sessionsOf(first!.id);
    const mailsBefore = await messagesTo(body.email);

    for (const email of [body.email, body.email.toUpperCase()]) {
      const again = await signUp({ ...body, email, password: 'another unusual passphrase 88' });
      expect(again.status).not.toBe(200);
      expect(hasSessionCookie(again)).toBe(false);
      const error = await errorOf(again);
      expect(error.message).toEqual(expect.any(String));
    }
    expect(await t.db.select().from(user).where(eq(user.email, body.email))).toHaveLength(1);
    expect(await sessionsOf(first!.id)).toHaveLength(sessionsBefore.length);
    expect(await messagesTo(body.email)).toHaveLength(mailsBefore.length);
    // The first password still signs in: the second attempt changed nothing.
    expect((await signInRaw(t, body.email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe('cross-site requests', () => {
  const evil = { origin: 'https://evil.example' };
  it('refuses a registration from another site and creates nothing', async () => {
    const body = registration();
    const response = await signUp(body, evil);
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await userRow(body.email)).toBeUndefined();
    expect(await messagesTo(body.email)).toEqual([]);
  });
});
