import { createEmailVerificationToken } from 'better-auth/api';
import { describe, expect, it } from 'vitest';
import { cookiesOf, hasSessionCookie, sessionOf } from '../../test/sessions.ts';
import {
  errorOf,
  messagesTo,
  registration,
  sessionsOf,
  signUp,
  t,
  uniqueEmail,
  useAccountsTestApp,
  userRow,
  verifyTokenIn,
} from './account-test-helpers.ts';

// Email verification links (spec §4).
useAccountsTestApp();

describe('email verification', () => {
  it('verifies the email with the emailed link and signs the user in', async () => {
    const body = registration();
    expect((await signUp(body)).status).toBe(200);
    const [message] = await messagesTo(body.email);
    const token = verifyTokenIn(message!.text);

    const response = await t.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: true });
    expect((await userRow(body.email))?.emailVerified).toBe(true);
    const current = await sessionOf(t, cookiesOf(response));
    expect(current?.user).toMatchObject({ email: body.email, emailVerified: true });
  });

  it('grants nothing for a used link: no new session', async () => {
    const body = registration();
    expect((await signUp(body)).status).toBe(200);
    const [message] = await messagesTo(body.email);
    const token = verifyTokenIn(message!.text);
    expect((await t.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)).status).toBe(200);
    const row = await userRow(body.email);
    const sessionsBefore = await sessionsOf(row!.id);

    const reused = await t.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    // better-auth's verification links are stateless (signed, 24 hours): a second use is not
    // refused, but it signs nobody in and changes nothing.
    expect(hasSessionCookie(reused)).toBe(false);
    expect(await sessionsOf(row!.id)).toHaveLength(sessionsBefore.length);
    expect((await userRow(body.email))?.emailVerified).toBe(true);
  });

  it('refuses a forged or tampered link and leaves the email unverified', async () => {
    const body = registration();
    expect((await signUp(body)).status).toBe(200);
    const [message] = await messagesTo(body.email);
    const token = verifyTokenIn(message!.text);
    const row = await userRow(body.email);
    const sessionsBefore = await sessionsOf(row!.id);
    const tampered = `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;

    for (const forged of ['not-a-token', tampered]) {
      const response = await t.request(`/api/auth/verify-email?token=${encodeURIComponent(forged)}`);
      expect([400, 401]).toContain(response.status);
      expect((await errorOf(response)).message).toEqual(expect.any(String));
      expect(hasSessionCookie(response)).toBe(false);
    }
    expect((await userRow(body.email))?.emailVerified).toBe(false);
    expect(await sessionsOf(row!.id)).toHaveLength(sessionsBefore.length);
  });

  it('refuses a link older than 24 hours and leaves the email unverified', async () => {
    const { id, email } = await t.createUser({ email: uniqueEmail('verify-late'), emailVerified: false });
    const late = await createEmailVerificationToken(t.settings.authSecret!, email, undefined, -60);
    const response = await t.request(`/api/auth/verify-email?token=${encodeURIComponent(late)}`);
    expect([400, 401]).toContain(response.status);
    expect(hasSessionCookie(response)).toBe(false);
    expect((await userRow(email))?.emailVerified).toBe(false);
    expect(await sessionsOf(id)).toEqual([]);
  });

  it('emails links that last 24 hours', async () => {
    const body = registration();
    const asked = Math.floor(Date.now() / 1000);
    expect((await signUp(body)).status).toBe(200);
    const token = verifyTokenIn((await messagesTo(body.email))[0]!.text);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    expect(payload.exp - asked).toBeGreaterThan(23 * 60 * 60);
    expect(payload.exp - asked).toBeLessThanOrEqual(24 * 60 * 60 + 5);
  });

  it('names a forged link INVALID_TOKEN and an expired one TOKEN_EXPIRED, as the contract says', async () => {
    const { email } = await t.createUser({ email: uniqueEmail('verify-codes'), emailVerified: false });
    const forged = await t.request('/api/auth/verify-email?token=not-a-token');
    expect([400, 401]).toContain(forged.status);
    expect(await errorOf(forged)).toMatchObject({ code: 'INVALID_TOKEN' });

    const late = await createEmailVerificationToken(t.settings.authSecret!, email, undefined, -60);
    const expired = await t.request(`/api/auth/verify-email?token=${encodeURIComponent(late)}`);
    expect([400, 401]).toContain(expired.status);
    expect(await errorOf(expired)).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('resends the verify email at most 3 times in 10 minutes for one address', async () => {
    const { email } = await t.createUser({ email: uniqueEmail('resend'), emailVerified: false });
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await t.request('/api/auth/send-verification-email', {
        method: 'POST',
        json: { email },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: true });
    }
    expect(await messagesTo(email)).toHaveLength(3);

    // From another address and in another letter case: still the same email address.
    const limited = await t.request('/api/auth/send-verification-email', {
      method: 'POST',
      json: { email: email.toUpperCase() },
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await errorOf(limited)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await messagesTo(email)).toHaveLength(3);
  });
});
