import {
  type ApiError,
  MESSAGE_RECEIPTS_PAGE_SIZE,
  type MessageReceipts,
  NOTIFICATION_STREAM_EVENTS,
  NOTIFICATION_TOKEN_HEADER,
  type Notification,
  IN_APP_MESSAGE_API_PATHS as PATHS,
  type SentMessage,
} from '@offplan/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { auditLog, inAppMessageReceipts, inAppMessages, session, user } from '../../db/schema/index.ts';
import { sendInAppMessage } from '../../lib/notifications.ts';
import { buildApp, createTestApp, TEST_BASE_URL, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
type Person = { id: string; email: string; cookie: string };
let admin: Person;
let reader: Person;
let actingAdmin: Person;

async function person(fields: Parameters<TestApp['createUser']>[0] = {}): Promise<Person> {
  const created = await t.createUser(fields);
  return { ...created, cookie: await t.signIn(created.email) };
}

type Requester = (
  path: string,
  init?: RequestInit & { cookie?: string; json?: unknown },
) => Promise<Response>;

/** The bell's list of a person, through the app given (either process). */
async function bellOf(p: Person, request: Requester = t.request): Promise<Notification[]> {
  const tokenAnswer = await request('/api/notifications/token', {
    method: 'POST',
    cookie: p.cookie,
    json: { data: { email: p.email } },
  });
  const { token } = (await tokenAnswer.json()) as { token: string };
  const response = await request(`/api/notifications/${encodeURIComponent(p.email)}`, {
    cookie: p.cookie,
    headers: { [NOTIFICATION_TOKEN_HEADER]: token },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { notifications: Notification[] }).notifications;
}

const retract = (messageId: string, cookie?: string) =>
  t.request(PATHS.retract(messageId), { method: 'POST', ...(cookie ? { cookie } : {}) });
const receipts = (messageId: string, cookie?: string, query = '') =>
  t.request(`${PATHS.receipts(messageId)}${query}`, cookie ? { cookie } : {});

async function announcement(title: string) {
  const { messageId } = await sendInAppMessage(t.db, {
    audience: 'everyone',
    title,
    body: '<p>News</p>',
    source: 'admin',
    createdById: admin.id,
  });
  return messageId;
}

/**
 * Reads a server-sent event stream: `next(event)` answers the data of the next event of that name
 * (others are skipped), failing after a few seconds.
 */
async function openStream(request: Requester, cookie: string) {
  const response = await request(PATHS.stream, { cookie, headers: { accept: 'text/event-stream' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const body = response.body;
  if (!body) throw new Error('no stream');
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: { event: string; data: string }[] = [];
  const next = async (event: string, timeoutMs = 5000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = events.findIndex((item) => item.event === event);
      if (index >= 0) return events.splice(0, index + 1).at(-1)?.data ?? '';
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${event} event`);
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
      ]);
      if (!chunk || chunk.done) continue;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const field = (name: string) =>
          block
            .split('\n')
            .find((line) => line.startsWith(`${name}:`))
            ?.slice(name.length + 1)
            .trim();
        const name = field('event');
        if (name) events.push({ event: name, data: field('data') ?? '' });
        end = buffer.indexOf('\n\n');
      }
    }
  };
  await next('ready');
  onTestFinished(() => reader.cancel().catch(() => {}));
  return { next };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await person({ role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  reader = await person({ firstName: 'Rita', lastName: 'Reader' });
  actingAdmin = await person();
  // The admin acting as this user: the session's user is the (non-admin) user.
  await t.db.update(session).set({ impersonatedBy: admin.id }).where(eq(session.userId, actingAdmin.id));
});
afterAll(() => t.close());

describe('message retraction and receipts: who may call', () => {
  it('answers 401 without a session, 403 to a user and to an admin acting as a user, and retracts nothing', async () => {
    const messageId = await announcement('Not to be retracted by them');
    for (const [cookie, status] of [
      [undefined, 401],
      [reader.cookie, 403],
      [actingAdmin.cookie, 403],
    ] as const) {
      expect((await retract(messageId, cookie)).status).toBe(status);
      expect((await receipts(messageId, cookie)).status).toBe(status);
    }
    const [row] = await t.db.select().from(inAppMessages).where(eq(inAppMessages.id, messageId));
    expect(row?.retractedAt).toBeNull();
    expect((await bellOf(reader)).map((n) => n.messageId)).toContain(messageId);
  });
});

describe('POST /api/admin/messages/{messageId}/retract', () => {
  it('takes the message out of every list and tracking call at once, audited, and shows who retracted it', async () => {
    const messageId = await announcement('Wrong date announced');
    const kept = await announcement('Right date');
    expect((await bellOf(reader)).map((n) => n.messageId)).toContain(messageId);

    const response = await retract(messageId, admin.cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ messageId, retractedBy: 'Ada Admin' });

    const bell = (await bellOf(reader)).map((n) => n.messageId);
    expect(bell).not.toContain(messageId);
    expect(bell).toContain(kept);
    for (const event of ['open', 'read'] as const) {
      const tracked = await t.request(`/api/notifications/${event}`, {
        method: 'POST',
        cookie: reader.cookie,
        json: { messageIds: [kept, messageId] },
      });
      expect(tracked.status).toBe(404);
    }
    const click = await t.request('/api/notifications/click', {
      method: 'POST',
      cookie: reader.cookie,
      json: { messageId },
    });
    expect(click.status).toBe(404);
    // Refused as a whole: nothing recorded for the message that is still there either.
    expect(
      await t.db.select().from(inAppMessageReceipts).where(eq(inAppMessageReceipts.messageId, kept)),
    ).toEqual([]);

    const sent = (await (await t.request('/api/admin/messages', { cookie: admin.cookie })).json()) as {
      items: SentMessage[];
    };
    expect(sent.items.find((item) => item.messageId === messageId)).toMatchObject({
      retractedAt: expect.any(String),
      retractedBy: 'Ada Admin',
    });
    expect(sent.items.find((item) => item.messageId === kept)).toMatchObject({
      retractedAt: null,
      retractedBy: null,
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'in_app_message.retracted'), eq(auditLog.targetId, messageId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actorUserId).toBe(admin.id);
  });

  it('answers 409 to a second retraction and 404 to an unknown message, changing nothing', async () => {
    const messageId = await announcement('Retracted twice');
    expect((await retract(messageId, admin.cookie)).status).toBe(200);
    const [before] = await t.db.select().from(inAppMessages).where(eq(inAppMessages.id, messageId));
    const again = await retract(messageId, admin.cookie);
    expect(again.status).toBe(409);
    expect(((await again.json()) as ApiError).error.message).toBe('This message is already retracted.');
    const [after] = await t.db.select().from(inAppMessages).where(eq(inAppMessages.id, messageId));
    expect(after?.retractedAt).toEqual(before?.retractedAt);
    expect((await retract('no-such-message', admin.cookie)).status).toBe(404);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.targetId, messageId));
    expect(audits.filter((row) => row.action === 'in_app_message.retracted')).toHaveLength(1);
  });
});

describe('GET /api/admin/messages/{messageId}/receipts', () => {
  it('names who opened, read and clicked it with first times and counts, a page at a time', async () => {
    const messageId = await announcement('Counted');
    const track = (event: string, json: unknown) =>
      t.request(`/api/notifications/${event}`, { method: 'POST', cookie: reader.cookie, json });
    expect((await track('open', { messageIds: [messageId] })).status).toBe(200);
    await track('open', { messageIds: [messageId] });
    await track('click', { messageId });
    // A page and one more of readers who opened it later (written directly: signing in each is slow).
    const later = new Date(Date.now() + 60_000);
    const others = Array.from({ length: MESSAGE_RECEIPTS_PAGE_SIZE }, (_, index) => ({
      id: `receipt-reader-${index}`,
      name: `Reader ${index}`,
      email: `receipt-reader-${index}@example.test`,
    }));
    await t.db.insert(user).values(others.map((other) => ({ ...other, emailVerified: true })));
    await t.db.insert(inAppMessageReceipts).values(
      others.map((other, index) => ({
        messageId,
        userId: other.id,
        openedAt: new Date(later.getTime() + index * 1000),
        openCount: 1,
        readAt: index === 0 ? later : null,
      })),
    );
    const readers = [reader, ...others];

    const first = (await (await receipts(messageId, admin.cookie)).json()) as MessageReceipts;
    expect(first.message).toMatchObject({
      messageId,
      title: 'Counted',
      audienceLabel: 'Everyone',
      retractedAt: null,
    });
    expect(first.totals).toEqual({ readers: readers.length, opened: readers.length, read: 2, clicked: 1 });
    expect(first.items).toHaveLength(MESSAGE_RECEIPTS_PAGE_SIZE);
    expect(first.items[0]).toMatchObject({
      userId: reader.id,
      name: 'Rita Reader',
      email: reader.email,
      openCount: 2,
      clickCount: 1,
      firstOpenedAt: expect.any(String),
      firstClickedAt: expect.any(String),
      readAt: expect.any(String),
    });
    const second = (await (await receipts(messageId, admin.cookie, '?page=2')).json()) as MessageReceipts;
    expect(second).toMatchObject({ page: 2, pageSize: MESSAGE_RECEIPTS_PAGE_SIZE });
    expect(second.items).toHaveLength(1);
    expect(first.items.map((item) => item.userId)).not.toContain(second.items[0]?.userId);

    // Retracted, its figures stay, with who retracted it.
    await retract(messageId, admin.cookie);
    const after = (await (await receipts(messageId, admin.cookie)).json()) as MessageReceipts;
    expect(after.message).toMatchObject({ retractedBy: 'Ada Admin', retractedAt: expect.any(String) });
    expect(after.totals.opened).toBe(readers.length);
  });

  it('answers 404 for an unknown message and 400 for a page that is not a positive number', async () => {
    expect((await receipts('no-such-message', admin.cookie)).status).toBe(404);
    const bad = await receipts(await announcement('Paged'), admin.cookie, '?page=0');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiError).error.fields).toHaveProperty('page');
  });
});

describe('GET /api/notification-events', () => {
  it('tells an open browser of a retraction at once', async () => {
    const stream = await openStream(t.request, reader.cookie);
    const messageId = await announcement('Pulled back');
    expect((await retract(messageId, admin.cookie)).status).toBe(200);
    expect(JSON.parse(await stream.next(NOTIFICATION_STREAM_EVENTS.retracted))).toEqual({ messageId });
  });

  it('needs a session, and answers 406 to a caller that does not ask for events', async () => {
    expect((await t.request(PATHS.stream, { headers: { accept: 'text/event-stream' } })).status).toBe(401);
    const plain = await t.request(PATHS.stream, { cookie: reader.cookie });
    expect(plain.status).toBe(406);
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('two processes on one database', () => {
  it('retracted through one app: the other’s stream delivers it and its list excludes it', async () => {
    const otherDatabase = await openDatabase({ databaseUrl: t.database.connectionString! });
    const other = await buildApp(otherDatabase, t.settings);
    onTestFinished(async () => {
      await other.deps.queue.stop({ graceful: false, timeout: 1000 });
      await otherDatabase.close();
    });
    const requestOther: Requester = async (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('origin', TEST_BASE_URL);
      headers.set('x-forwarded-for', '198.51.100.77');
      if (init.cookie) headers.set('cookie', init.cookie);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      return other.app.request(path, { ...init, headers, body });
    };
    const messageId = await announcement('Seen by both processes');
    expect((await bellOf(reader, requestOther)).map((n) => n.messageId)).toContain(messageId);
    const stream = await openStream(requestOther, reader.cookie);

    expect((await retract(messageId, admin.cookie)).status).toBe(200);
    expect(JSON.parse(await stream.next(NOTIFICATION_STREAM_EVENTS.retracted))).toEqual({ messageId });
    expect((await bellOf(reader, requestOther)).map((n) => n.messageId)).not.toContain(messageId);
  });
});
