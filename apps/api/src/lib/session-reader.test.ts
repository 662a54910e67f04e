import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { member, organization, session, user as userTable } from '../db/schema/index.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test/test-app.ts';
import { SESSION_KEEP_MS } from './kept-sessions.ts';
import { createSessionReader, type SessionReader } from './session-reader.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

// One app and reader for both describes below (a fresh embedded database per file).
let t: TestApp;
let read: SessionReader;
/** What the reader makes of these cookies, through a real request context. */
const readWith = async (cookie: string) => {
  const probe = new Hono().get('/', async (c) => c.json(await read(c)));
  return (await probe.request('/', { headers: { cookie } })).json() as Promise<{
    session: { id: string; token: string; expiresAt: string };
    user: { id: string; email: string };
    organisationRole?: string | null;
  } | null>;
};
const betterAuthSession = async (cookie: string) =>
  JSON.parse(JSON.stringify(await t.auth.api.getSession({ headers: new Headers({ cookie }) })));
const storedSession = async (userId: string) => {
  const [row] = await t.db.select().from(session).where(eq(session.userId, userId));
  return row;
};

beforeAll(async () => {
  t = await createTestApp();
  read = await createSessionReader(t.auth, t.database);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** Deletes a user's sessions with the triggers off: a change no process hears of. */
const deleteUnheard = (userId: string) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.delete(session).where(eq(session.userId, userId));
  });

describe('session reader (decisions 022 and 023): reading through better-auth', () => {
  it('reads a valid session exactly as better-auth does, user fields included', async () => {
    const user = await t.createUser();
    const cookie = await t.signIn(user.email);
    const { organisationRole, ...ours } = (await readWith(cookie))!;
    expect(ours.user).toMatchObject({ id: user.id, email: user.email });
    expect(ours).toEqual(await betterAuthSession(cookie));
    // And what better-auth does not read: the role in the user's oldest organisation (none here).
    expect(organisationRole).toBeNull();
  });

  it('refuses a cookie whose signature was changed, or a token with no signature', async () => {
    const user = await t.createUser();
    const cookie = await t.signIn(user.email);
    const [name, value] = cookie.split('; ')[0]!.split('=') as [string, string];
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string];
    const forged = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await readWith(`${name}=${encodeURIComponent(`${token}.${forged}`)}`)).toBeNull();
    expect(await readWith(`${name}=${token}`)).toBeNull();
    // The API agrees: no session, 401.
    const refused = await t.request('/api/user-projects', {
      cookie: `${name}=${encodeURIComponent(`${token}.${forged}`)}`,
    });
    expect(refused.status).toBe(401);
  });

  it('takes a revoked session away on the next call', async () => {
    const user = await t.createUser();
    const cookie = await t.signIn(user.email);
    expect((await t.request('/api/user-projects', { cookie })).status).toBe(200);
    await t.db.delete(session).where(eq(session.userId, user.id));
    expect(await readWith(cookie)).toBeNull();
    expect((await t.request('/api/user-projects', { cookie })).status).toBe(401);
  });

  it('leaves an expired session to better-auth, which refuses and deletes it', async () => {
    const user = await t.createUser();
    const cookie = await t.signIn(user.email);
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, user.id));
    expect(await readWith(cookie)).toBeNull();
    expect(await storedSession(user.id)).toBeUndefined();
  });

  it('leaves a session due for its sliding refresh to better-auth, which extends it', async () => {
    const user = await t.createUser();
    const cookie = await t.signIn(user.email);
    // Two days into a seven-day session: past better-auth's one-day update age.
    const dueAt = new Date(Date.now() + 5 * DAY_MS);
    await t.db.update(session).set({ expiresAt: dueAt }).where(eq(session.userId, user.id));
    expect((await readWith(cookie))?.user.id).toBe(user.id);
    const refreshed = await storedSession(user.id);
    expect(refreshed!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS);
  });

  it('does not refresh a session whose user chose not to be remembered', async () => {
    const user = await t.createUser();
    const response = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: user.email, password: TEST_PASSWORD, rememberMe: false },
    });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    expect(cookie).toContain('dont_remember');
    const dueAt = new Date(Date.now() + 5 * DAY_MS);
    await t.db.update(session).set({ expiresAt: dueAt }).where(eq(session.userId, user.id));
    expect((await readWith(cookie))?.user.id).toBe(user.id);
    expect((await storedSession(user.id))!.expiresAt.getTime()).toBe(dueAt.getTime());
  });
});

describe('session reader (decisions 022 and 023): keeping and forgetting sessions', () => {
  it('keeps a session it has read, reading it again after SESSION_KEEP_MS', async () => {
    const user = await t.createUser();
    const cookie = await t.signIn(user.email);
    expect((await readWith(cookie))?.user.id).toBe(user.id);
    await deleteUnheard(user.id);
    // Kept: the database is not asked again (it would say the session is gone).
    expect((await readWith(cookie))?.user.id).toBe(user.id);
    // Past the bound, the database is asked, however quiet the change was.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + SESSION_KEEP_MS + 1);
    expect(await readWith(cookie)).toBeNull();
  });

  it('drops a kept session when its user changes, and shows the change on the next call', async () => {
    const user = await t.createUser();
    const cookie = await t.signIn(user.email);
    expect((await readWith(cookie))?.user).toMatchObject({ id: user.id, role: 'user' });
    await t.db.update(userTable).set({ role: 'admin', name: 'Renamed' }).where(eq(userTable.id, user.id));
    expect((await readWith(cookie))?.user).toMatchObject({ role: 'admin', name: 'Renamed' });
  });

  it("drops a kept session when the user's memberships change, and reads their organisation role again", async () => {
    const user = await t.createUser();
    const cookie = await t.signIn(user.email);
    expect((await readWith(cookie))?.organisationRole).toBeNull();
    const organisationId = `org-${user.id}`;
    await t.db
      .insert(organization)
      .values({ id: organisationId, name: `Org ${user.id}`, slug: organisationId, createdAt: new Date() });
    await t.db.insert(member).values({
      id: `m-${user.id}`,
      organizationId: organisationId,
      userId: user.id,
      role: 'member',
      createdAt: new Date(),
    });
    expect((await readWith(cookie))?.organisationRole).toBe('member');
    await t.db.update(member).set({ role: 'owner' }).where(eq(member.userId, user.id));
    expect((await readWith(cookie))?.organisationRole).toBe('owner');
    await t.db.delete(member).where(eq(member.userId, user.id));
    expect((await readWith(cookie))?.organisationRole).toBeNull();
  });

  it('refuses a session signed out through the API on its very next call', async () => {
    const user = await t.createUser();
    const cookie = await t.signIn(user.email);
    expect((await t.request('/api/user-projects', { cookie })).status).toBe(200);
    const signOut = await t.request('/api/auth/sign-out', { method: 'POST', cookie, json: {} });
    expect(signOut.status).toBe(200);
    expect((await t.request('/api/user-projects', { cookie })).status).toBe(401);
  });

  it('forgets every kept session when a table is truncated', async () => {
    const user = await t.createUser();
    const cookie = await t.signIn(user.email);
    expect((await readWith(cookie))?.user.id).toBe(user.id);
    await deleteUnheard(user.id);
    // Any other session row will do: truncating a table announces "everything changed".
    await t.db.execute(sql`truncate table ${session}`);
    expect(await readWith(cookie)).toBeNull();
  });

  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    "hears another process's revocation within a second",
    async () => {
      const user = await t.createUser();
      const cookie = await t.signIn(user.email);
      expect((await readWith(cookie))?.user.id).toBe(user.id);
      const other = await openDatabase({ databaseUrl: t.database.connectionString! });
      try {
        await other.db.delete(session).where(eq(session.userId, user.id));
      } finally {
        await other.close();
      }
      await expect.poll(() => readWith(cookie), { timeout: 1000, interval: 20 }).toBeNull();
    },
  );

  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'keeps nothing while its listening connection is down, and listens again',
    async () => {
      const user = await t.createUser();
      const cookie = await t.signIn(user.email);
      const changes = t.database.authChanges;
      expect(changes.live).toBe(true);
      // Every connection of this database that listens, the lasting one among them, is cut off.
      await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN auth_changed' and pid <> pg_backend_pid()`,
      );
      await expect.poll(() => changes.live, { timeout: 1000, interval: 10 }).toBe(false);
      // Read while down (it would be kept), changed without a word: the next read still asks.
      expect((await readWith(cookie))?.user.id).toBe(user.id);
      await deleteUnheard(user.id);
      expect(await readWith(cookie)).toBeNull();
      await expect.poll(() => changes.live, { timeout: 5000, interval: 20 }).toBe(true);
    },
  );

  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'hears its own change on the connection that made it, before the statement returns',
    async () => {
      const user = await t.createUser();
      await t.signIn(user.email);
      const other = await openDatabase({ databaseUrl: t.database.connectionString! });
      try {
        // Without its lasting listener, only the pooled connection that deletes can tell.
        const heard: string[] = [];
        other.authChanges.subscribe((payload) => heard.push(payload));
        await other.authChanges.close();
        const { rows } = await other.pool!.query<{ id: string }>(
          'delete from session where user_id = $1 returning id',
          [user.id],
        );
        expect(rows).toHaveLength(1);
        expect(heard).toContain(`s:${rows[0]!.id}`);
      } finally {
        await other.close();
      }
    },
  );
});
