import { type ApiError, MESSAGES } from '@offplan/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { auditLog, organization, rateLimit, session, throttleCounters, user } from '../../db/schema/index.ts';
import { buildApp, createTestApp, TEST_BASE_URL, TEST_PASSWORD, type TestApp } from '../../test/test-app.ts';

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

describe('sign-in rate limits', () => {
  it('allows 5 tries a minute per address, kept in the database and shared by every app process', async () => {
    // A second app (own better-auth instance, as in another process) on the same database.
    const { app: second, deps } = await buildApp(t.database, t.settings);
    onTestFinished(() => deps.queue.stop({ graceful: false, timeout: 1000 }));
    const ip = '203.0.113.77';
    // A different account each time, so only the per-address limit is at work.
    const accounts = await Promise.all(Array.from({ length: 7 }, () => t.createUser()));
    const viaSecond = (email: string) =>
      second.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { origin: TEST_BASE_URL, 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email, password: 'wrong password here' }),
      });

    const statuses: number[] = [];
    for (const account of accounts.slice(0, 3))
      statuses.push((await signInAttempt(account.email, 'wrong password here', ip)).status);
    for (const account of accounts.slice(3, 5)) statuses.push((await viaSecond(account.email)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);

    // The sixth try, on either process, is refused even with the right password.
    const limited = await signInAttempt(accounts[5]!.email, TEST_PASSWORD, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', message: expect.stringMatching(/Try again in \d+ seconds/) },
    });
    expect((await viaSecond(accounts[6]!.email)).status).toBe(429);

    const rows = await t.db.select().from(rateLimit);
    expect(rows.some((row) => row.key.startsWith(ip))).toBe(true);

    // Another address is not affected.
    expect((await signInAttempt(accounts[5]!.email, TEST_PASSWORD, '203.0.113.78')).status).toBe(200);
  });

  it('never limits reading the session: an office behind one address loads many pages a minute', async () => {
    const ip = '203.0.113.90';
    const cookie = await t.signIn(member.email);
    const statuses = new Set<number>();
    // With one of better-auth's options, so each read reaches better-auth's limiter rather than being
    // answered by the session reader first (auth.handlers.ts `sessionReadAnswer`).
    for (let read = 0; read < 110; read++)
      statuses.add((await t.request('/api/auth/get-session?disableCookieCache=true', { cookie, ip })).status);
    expect([...statuses]).toEqual([200]);
    // Nothing is counted for it either: no database write before the answer.
    const rows = await t.db.select().from(rateLimit);
    expect(rows.filter((row) => row.key.startsWith(ip))).toEqual([]);
  });

  it('allows 5 tries a minute per account from any addresses, across app processes', async () => {
    const { app: second, deps } = await buildApp(t.database, t.settings);
    onTestFinished(() => deps.queue.stop({ graceful: false, timeout: 1000 }));
    const victim = await t.createUser();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++)
      statuses.push((await signInAttempt(victim.email, 'wrong password here', `198.18.0.${attempt}`)).status);
    for (let attempt = 3; attempt < 5; attempt++) {
      const response = await second.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: {
          origin: TEST_BASE_URL,
          'content-type': 'application/json',
          'x-forwarded-for': `198.18.0.${attempt}`,
        },
        body: JSON.stringify({ email: victim.email.toUpperCase(), password: 'wrong password here' }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const limited = await signInAttempt(victim.email, TEST_PASSWORD, '198.18.0.99');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('set-cookie')).toBeNull();
    // An unknown email is limited the same way, so the limit tells nothing about which emails exist.
    for (let attempt = 0; attempt < 5; attempt++)
      await signInAttempt('nobody-here@example.test', 'wrong password here', `198.18.1.${attempt}`);
    expect((await signInAttempt('nobody-here@example.test', 'x'.repeat(12), '198.18.1.99')).status).toBe(429);
  });

  it('locks an account for the hour after 100 failures, and a success clears the count', async () => {
    const victim = await t.createUser();
    const key = `sign-in-failures:${victim.email}`;
    await t.db.insert(throttleCounters).values({ key, windowStartedAt: new Date(), hits: 99 });
    expect((await signInAttempt(victim.email, 'wrong password here', '198.19.0.1')).status).toBe(401);
    const [counter] = await t.db.select().from(throttleCounters).where(eq(throttleCounters.key, key));
    expect(counter?.hits).toBe(100);
    const locked = await signInAttempt(victim.email, TEST_PASSWORD, '198.19.0.2');
    expect(locked.status).toBe(429);
    expect(locked.headers.get('set-cookie')).toBeNull();

    const other = await t.createUser();
    const otherKey = `sign-in-failures:${other.email}`;
    await t.db.insert(throttleCounters).values({ key: otherKey, windowStartedAt: new Date(), hits: 50 });
    expect((await signInAttempt(other.email, TEST_PASSWORD, '198.19.0.3')).status).toBe(200);
    expect(await t.db.select().from(throttleCounters).where(eq(throttleCounters.key, otherKey))).toEqual([]);
  });

  it('cannot be dodged by writing addresses into x-forwarded-for: the proxy-appended entry counts', async () => {
    const realAddress = '203.0.113.200';
    const accounts = await Promise.all(Array.from({ length: 7 }, () => t.createUser()));
    const statuses: number[] = [];
    for (const [attempt, account] of accounts.entries()) {
      const response = await t.request('/api/auth/sign-in/email', {
        method: 'POST',
        // The client wrote the first entry; the proxy appended the real address.
        ip: `10.9.9.${attempt}, ${realAddress}`,
        json: { email: account.email, password: 'wrong password here' },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('cannot be dodged by sending the internal client-address header', async () => {
    const ip = '203.0.113.90';
    const accounts = await Promise.all(Array.from({ length: 6 }, () => t.createUser()));
    for (const account of accounts.slice(0, 5)) await signInAttempt(account.email, 'wrong password here', ip);
    const spoofed = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      ip,
      headers: { 'x-offplan-client-ip': '192.0.2.1' },
      json: { email: accounts[5]!.email, password: TEST_PASSWORD },
    });
    expect(spoofed.status).toBe(429);
  });
});

describe('better-auth endpoints kept closed or guarded', () => {
  it('lets no ordinary user create or delete organisations', async () => {
    const cookie = await t.signIn(member.email);
    const created = await t.request('/api/auth/organization/create', {
      method: 'POST',
      cookie,
      json: { name: 'Harbourline Developments', slug: 'harbourline-copy' },
    });
    expect(created.status).toBe(403);
    expect(await t.db.select().from(organization)).toEqual([]);
  });

  it('refuses every admin endpoint to an ordinary user', async () => {
    const cookie = await t.signIn(member.email);
    for (const [path, body] of [
      ['/api/auth/admin/list-users', undefined],
      ['/api/auth/admin/set-role', { userId: member.id, role: 'admin' }],
      ['/api/auth/admin/ban-user', { userId: banned.id }],
      ['/api/auth/admin/create-user', { email: 'x@example.test', password: TEST_PASSWORD, name: 'X' }],
    ] as const) {
      const response = body
        ? await t.request(path, { method: 'POST', cookie, json: body })
        : await t.request(path, { cookie });
      expect(response.status, path).toBe(403);
    }
    const [me] = await t.db.select({ role: user.role }).from(user).where(eq(user.id, member.id));
    expect(me?.role).toBe('user');
  });

  it("refuses better-auth's own impersonation: only the audited magic-token flow exists", async () => {
    const admin = await t.createUser({ role: 'admin' });
    const cookie = await t.signIn(admin.email);
    for (const path of ['/api/auth/admin/impersonate-user', '/api/auth/admin/stop-impersonating']) {
      const response = await t.request(path, { method: 'POST', cookie, json: { userId: member.id } });
      expect(response.status, path).toBe(404);
    }
  });

  it("records an admin's writes through better-auth in the audit log, without secrets", async () => {
    const admin = await t.createUser({ role: 'admin' });
    const target = await t.createUser();
    const cookie = await t.signIn(admin.email);
    const response = await t.request('/api/auth/admin/set-user-password', {
      method: 'POST',
      cookie,
      json: { userId: target.id, newPassword: 'another long password' },
    });
    expect(response.status).toBe(200);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetId, target.id));
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'admin.set-user-password',
        actorUserId: admin.id,
        data: { userId: target.id },
      }),
    ]);
  });

  it('closes profile updates that bypass /api/user-update', async () => {
    const cookie = await t.signIn(member.email);
    const response = await t.request('/api/auth/update-user', {
      method: 'POST',
      cookie,
      json: { image: 'javascript:x' },
    });
    expect(response.status).toBe(404);
  });

  it('never puts session tokens in answer bodies', async () => {
    const signIn = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: member.email, password: TEST_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const body = (await signIn.json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty('token');
    expect(body).toHaveProperty('user');
    const cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const current = (await (await t.request('/api/auth/get-session', { cookie })).json()) as {
      session: object;
    };
    expect(current.session).not.toHaveProperty('token');
    const sessions = (await (await t.request('/api/auth/list-sessions', { cookie })).json()) as object[];
    expect(sessions.length).toBeGreaterThan(0);
    for (const listed of sessions) expect(listed).not.toHaveProperty('token');
  });

  it('answers SessionRequired when an auth call needs a session', async () => {
    const response = await t.request('/api/auth/list-sessions');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'SessionRequired' } });
  });

  it('names the fields of an invalid auth request', async () => {
    const response = await signInAttempt('not-an-email', TEST_PASSWORD);
    const { error } = (await response.json()) as ApiError;
    expect(error).toMatchObject({
      message: expect.stringMatching(/email/i),
      fields: { email: expect.any(String) },
    });
  });
});
