import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, hasSessionCookie, sessionOf, signedInUser, signIn, signInRaw } from './sessions.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('session helpers', () => {
  it('signIn returns headers whose cookie get-session reads back as that user', async () => {
    const person = await t.createUser();
    const headers = await signIn(t, person.email);
    expect((await sessionOf(t, headers.cookie))?.user.id).toBe(person.id);
  });

  it('signedInUser creates a user with a working session', async () => {
    const person = await signedInUser(t, { firstName: 'Sam' });
    expect((await sessionOf(t, person.cookie))?.user.email).toBe(person.email);
  });

  it('signInRaw hands back a refused sign-in instead of throwing, and signIn throws on it', async () => {
    const person = await t.createUser();
    const refused = await signInRaw(t, person.email, 'not the password at all');
    expect(refused.status).toBe(401);
    expect(hasSessionCookie(refused)).toBe(false);
    await expect(signIn(t, person.email, 'not the password at all')).rejects.toThrow(/sign-in failed: 401/);
  });

  it('sessionOf answers null for a cookie that stands for no session', async () => {
    expect(await sessionOf(t, 'better-auth.session_token=nothing.here')).toBeNull();
  });

  it('cookiesOf keeps earlier cookies and drops the ones a response clears', () => {
    const response = new Response(null, {
      headers: [
        ['set-cookie', 'kept=new; Path=/'],
        ['set-cookie', 'gone=; Max-Age=0; Path=/'],
      ],
    });
    expect(cookiesOf(response, 'kept=old; gone=1; other=2')).toBe('kept=new; other=2');
  });
});
