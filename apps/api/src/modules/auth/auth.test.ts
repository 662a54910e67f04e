import { type ApiError, MESSAGES } from '@offplan/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { createAuth } from '../../auth.ts';
import { defaultMigrationsFolder } from '../../db/migrate.ts';
import { rateLimit, session, user } from '../../db/schema/index.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestApp, TEST_BASE_URL, TEST_PASSWORD, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let member: { id: string; email: string };
let banned: { id: string; email: string };

beforeAll(async () => {
  t = await createTestApp();
  member = await t.createUser({ email: 'member@example.test' });
  banned = await t.createUser({ email: 'banned@example.test' });
  await t.db.update(user).set({ banned: true, banReason: 'test' }).where(eq(user.id, banned.id));
  // Signing up signed them in; a locked account starts with no session.
  await t.db.delete(session).where(eq(session.userId, banned.id));
});
afterAll(() => t.close());

const signInAttempt = (email: string, password: string, ip?: string) =>
  t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password }, ...(ip ? { ip } : {}) });

describe('sign-in', () => {
  it('signs in with the right password and sets an httpOnly session cookie', async () => {
    const response = await signInAttempt(member.email, TEST_PASSWORD);
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .find((value) => value.startsWith('better-auth.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('gives a wrong password, an unknown email and a locked account the same answer', async () => {
    const answers = await Promise.all([
      signInAttempt(member.email, 'not the right password'),
      signInAttempt('nobody@example.test', 'not the right password'),
      signInAttempt(banned.email, TEST_PASSWORD),
    ]);
    const bodies = await Promise.all(answers.map((response) => response.json()));
    for (const [index, response] of answers.entries()) {
      expect(response.status).toBe(401);
      expect(bodies[index]).toMatchObject({
        error: { code: 'INVALID_CREDENTIALS', message: MESSAGES.invalidCredentials },
      });
    }
    expect(await t.db.select().from(session).where(eq(session.userId, banned.id))).toEqual([]);
  });

  it('refuses a malformed email in the error shape, naming the field', async () => {
    const response = await signInAttempt('not-an-email', TEST_PASSWORD);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ApiError;
    expect(error.code).toEqual(expect.any(String));
    expect(error.message).toMatch(/email/i);
  });

  it('refuses sign-in from another site', async () => {
    const sessionsBefore = await t.db.select().from(session).where(eq(session.userId, member.id));
    const response = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      json: { email: member.email, password: TEST_PASSWORD },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      error: { code: 'FORBIDDEN', message: expect.any(String) },
    });
    expect(await t.db.select().from(session).where(eq(session.userId, member.id))).toHaveLength(
      sessionsBefore.length,
    );
  });

  it('signs out: the session cookie stops working', async () => {
    const cookie = await t.signIn(member.email);
    expect((await t.request('/api/user-projects', { cookie })).status).toBe(200);
    const out = await t.request('/api/auth/sign-out', { method: 'POST', cookie, json: {} });
    expect(out.status).toBe(200);
    expect((await t.request('/api/user-projects', { cookie })).status).toBe(401);
  });
});

describe('sign-in rate limit', () => {
  it('allows 5 tries a minute per address, kept in the database and shared by every app process', async () => {
    // A second app (own better-auth instance, as in another process) on the same database.
    const second = createApp(
      {
        settings: t.settings,
        database: t.database,
        auth: createAuth({
          db: t.db,
          baseUrl: t.settings.baseUrl,
          secret: t.settings.authSecret!,
          productName: t.settings.productName,
          trustedOrigins: t.settings.trustedOrigins,
        }),
        logger: createLogger('silent'),
        migrationsFolder: defaultMigrationsFolder,
      },
      { serveWeb: false },
    );
    const ip = '203.0.113.77';
    const viaSecond = () =>
      second.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { origin: TEST_BASE_URL, 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email: member.email, password: 'wrong password here' }),
      });

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++)
      statuses.push((await signInAttempt(member.email, 'wrong password here', ip)).status);
    for (let attempt = 0; attempt < 2; attempt++) statuses.push((await viaSecond()).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);

    // The sixth try, on either process, is refused even with the right password.
    const limited = await signInAttempt(member.email, TEST_PASSWORD, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', message: expect.stringMatching(/Try again in \d+ seconds/) },
    });
    expect((await viaSecond()).status).toBe(429);

    const rows = await t.db.select().from(rateLimit);
    expect(rows.some((row) => row.key.startsWith(ip))).toBe(true);

    // Another address is not affected.
    expect((await signInAttempt(member.email, TEST_PASSWORD, '203.0.113.78')).status).toBe(200);
  });

  it('cannot be dodged by sending the internal client-address header', async () => {
    const ip = '203.0.113.90';
    for (let attempt = 0; attempt < 5; attempt++)
      await signInAttempt(member.email, 'wrong password here', ip);
    const spoofed = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      ip,
      headers: { 'x-offplan-client-ip': '192.0.2.1' },
      json: { email: member.email, password: TEST_PASSWORD },
    });
    expect(spoofed.status).toBe(429);
  });
});
