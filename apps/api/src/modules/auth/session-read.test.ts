import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { session } from '../../db/schema/index.ts';
import { cookiesOf } from '../../test/sessions.ts';
import { TEST_BASE_URL } from '../../test/test-app.ts';
import { sessionsOf, t, uniqueEmail, useAccountsTestApp } from './account-test-helpers.ts';

// GET /api/auth/get-session is answered by the session reader when that needs nothing of better-auth
// (decision 022, auth.handlers.ts `sessionReadAnswer`); these prove the answer is better-auth's own.
useAccountsTestApp();

const DAY_MS = 24 * 60 * 60 * 1000;

const readSession = (cookie?: string) =>
  t.request('/api/auth/get-session', cookie === undefined ? {} : { cookie });
/** The same call straight to better-auth, past the portal's routes. */
const betterAuthsAnswer = (cookie: string) =>
  t.auth.handler(new Request(`${TEST_BASE_URL}/api/auth/get-session`, { headers: { cookie } }));

/** Counts the calls that reach better-auth's own handler from here on. */
function watchBetterAuth() {
  const handler = vi.spyOn(t.auth, 'handler');
  onTestFinished(() => handler.mockRestore());
  return handler;
}

async function actingAsMember() {
  const admin = await t.createUser({ email: uniqueEmail('admin'), role: 'admin' });
  const member = await t.createUser({ email: uniqueEmail('member') });
  const started = await t.request('/api/auth/impersonation/start', {
    method: 'POST',
    json: { userId: member.id },
    cookie: await t.signIn(admin.email),
  });
  expect(started.status).toBe(200);
  return cookiesOf(started);
}

describe('GET /api/auth/get-session', () => {
  it('answers without better-auth what better-auth answers: a member, and an admin acting as one', async () => {
    const member = await t.signIn((await t.createUser({ email: uniqueEmail('member') })).email);
    const acting = await actingAsMember();
    for (const cookie of [member, acting]) {
      const expected = (await (await betterAuthsAnswer(cookie)).json()) as { session: { token?: string } };
      expect(expected).toMatchObject({
        session: { token: expect.any(String) },
        user: { id: expect.any(String) },
      });
      // Less the session token, which no answer of /api/auth/* carries (issue 15, finding 5).
      delete expected.session.token;
      const handler = watchBetterAuth();
      const response = await readSession(cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await response.json()).toEqual(expected);
      expect(handler).not.toHaveBeenCalled();
      handler.mockRestore();
    }
  });

  it('answers null at once when no session cookie is sent', async () => {
    const handler = watchBetterAuth();
    const response = await readSession();
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
    expect(handler).not.toHaveBeenCalled();
  });

  it('leaves a session due for its refresh to better-auth, which extends it and sends its cookie again', async () => {
    const user = await t.createUser({ email: uniqueEmail('refresh') });
    const cookie = await t.signIn(user.email);
    // Signed in six days ago: past better-auth's one-day update age, a day before the week's end.
    const expiresAt = new Date(Date.now() + DAY_MS);
    await t.db
      .update(session)
      .set({ expiresAt, updatedAt: new Date(Date.now() - 6 * DAY_MS) })
      .where(eq(session.userId, user.id));
    const handler = watchBetterAuth();
    const response = await readSession(cookie);
    expect(response.status).toBe(200);
    expect(handler).toHaveBeenCalledOnce();
    expect(response.headers.get('set-cookie')).toContain('better-auth.session_token=');
    const [row] = await sessionsOf(user.id);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(expiresAt.getTime() + DAY_MS);
  });

  it('leaves an ended session to better-auth, which answers null and clears its cookie', async () => {
    const user = await t.createUser({ email: uniqueEmail('ended') });
    const cookie = await t.signIn(user.email);
    expect(await (await readSession(cookie)).json()).not.toBeNull();
    await t.db.delete(session).where(eq(session.userId, user.id));
    const handler = watchBetterAuth();
    const response = await readSession(cookie);
    expect(await response.json()).toBeNull();
    expect(handler).toHaveBeenCalledOnce();
    expect(response.headers.get('set-cookie')).toMatch(/better-auth\.session_token=;/);
  });

  it('leaves a cookie with a bad signature, or a request with options, to better-auth', async () => {
    const cookie = await t.signIn((await t.createUser({ email: uniqueEmail('options') })).email);
    const handler = watchBetterAuth();
    const forged = cookie.replace(
      /better-auth\.session_token=([^.;]+)\.[^;]+/,
      'better-auth.session_token=$1.forged',
    );
    expect(await (await readSession(forged)).json()).toBeNull();
    const withOption = await t.request('/api/auth/get-session?disableRefresh=true', { cookie });
    expect(await withOption.json()).toMatchObject({ user: { email: expect.stringContaining('options-') } });
    expect(handler).toHaveBeenCalledTimes(2);
  });
});
