import { ERROR_CODES } from '@offplan/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback, outboxMessages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { FEEDBACK_PER_HOUR } from './feedback.routes.ts';

let t: TestApp;
let admin: { id: string; email: string };
let member: { id: string; email: string };
let adminCookie: string;
let memberCookie: string;

beforeAll(async () => {
  t = await createTestApp({ FEEDBACK_EMAIL: 'team@offplan.test', TENANT_HOSTS: 'ibn.localhost=ibn' });
  admin = await t.createUser({ role: 'admin' });
  member = await t.createUser({ firstName: 'Fay', lastName: 'Feedback' });
  adminCookie = await t.signIn(admin.email);
  memberCookie = await t.signIn(member.email);
});
afterAll(() => t.close());

const send = (json: unknown, cookie?: string, headers?: Record<string, string>) =>
  t.request('/api/feedback', {
    method: 'POST',
    json,
    ...(cookie ? { cookie } : {}),
    ...(headers ? { headers } : {}),
  });

describe('POST /api/feedback', () => {
  it('keeps the feedback and emails it to FEEDBACK_EMAIL through the outbox', async () => {
    const response = await send(
      { category: 'idea', message: 'Please add a map view.\nThanks!', page: '/projects' },
      memberCookie,
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [row] = await t.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row).toMatchObject({
      userId: member.id,
      email: member.email,
      category: 'idea',
      message: 'Please add a map view.\nThanks!',
      page: '/projects',
      tenant: 'offplan',
    });
    const [mail] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, 'team@offplan.test'));
    expect(mail).toMatchObject({ channel: 'email', template: 'feedback', tenant: 'offplan' });
    expect(mail?.subject).toBe('Offplan Portal feedback: Idea or feature request');
    expect(mail?.text).toContain('Please add a map view.');
    expect(mail?.text).toContain(member.email);
    // The outbox sends from the portal's own address (no Reply-To): the email says whom to write to.
    expect(mail?.text).not.toContain('Reply to this email');
    expect(mail?.text).toContain(`Write to ${member.email} to answer them.`);
  });

  it('records the tenant of the host it was sent from', async () => {
    const response = await send({ category: 'general', message: 'Hello from IBN' }, memberCookie, {
      host: 'ibn.localhost',
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [row] = await t.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row?.tenant).toBe('ibn');
    expect(row?.page).toBeNull();
  });

  it('refuses bad input with 400 and the fields, writing nothing', async () => {
    const before = (await t.db.select().from(feedback)).length;
    const mailsBefore = (await t.db.select().from(outboxMessages)).length;
    for (const body of [
      { category: 'rant', message: 'x' },
      { category: 'bug', message: '   ' },
      { category: 'bug', message: 'x'.repeat(2001) },
      { category: 'bug', message: 'ok', page: 'p'.repeat(256) },
      { category: 'bug', message: 'ok', extra: true },
    ]) {
      const response = await send(body, memberCookie);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      const error = ((await response.json()) as { error: { code: string; fields?: object } }).error;
      expect(error.code).toBe(ERROR_CODES.validation);
    }
    expect(await t.db.select().from(feedback)).toHaveLength(before);
    expect(await t.db.select().from(outboxMessages)).toHaveLength(mailsBefore);
  });

  it('refuses a NUL in the message or the page with 400 naming the field, writing nothing (issue 15 finding 1)', async () => {
    // Its own sender: each call counts towards the hourly limit the last test measures.
    const cookie = await t.signIn((await t.createUser()).email);
    const before = (await t.db.select().from(feedback)).length;
    for (const [body, field] of [
      [{ category: 'bug', message: 'a\u0000b' }, 'message'],
      [{ category: 'bug', message: 'ok', page: '/projects\u0000' }, 'page'],
    ] as const) {
      const response = await send(body, cookie);
      expect(response.status, field).toBe(400);
      const { error } = (await response.json()) as {
        error: { code: string; fields: Record<string, string> };
      };
      expect(error.code).toBe(ERROR_CODES.validation);
      expect(error.fields[field]).toMatch(/NUL/);
    }
    expect(await t.db.select().from(feedback)).toHaveLength(before);
  });

  it('stores control, bidi and zero-width characters removed, line breaks kept (issue 15 finding 7)', async () => {
    const response = await send(
      {
        category: 'bug',
        message: 'Red\u0001\u0007\u001b[31m text\u202e\u200b\nsecond line',
        page: '/pro\u0007jects',
      },
      await t.signIn((await t.createUser()).email),
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [row] = await t.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row?.message).toBe('Red[31m text\nsecond line');
    expect(row?.page).toBe('/projects');
    // Out of the lists the tests below read.
    await t.db.delete(feedback).where(eq(feedback.id, id));
  });

  it('needs a session', async () => {
    expect((await send({ category: 'bug', message: 'anonymous' })).status).toBe(401);
  });
});

describe('GET /api/feedback', () => {
  it('lists feedback newest first for admins', async () => {
    const response = await t.request('/api/feedback', { cookie: adminCookie });
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as { items: { message: string; userName: string }[] };
    expect(items.map((item) => item.message)).toEqual(['Hello from IBN', 'Please add a map view.\nThanks!']);
    expect(items[0]?.userName).toBe('Fay Feedback');
  });

  it('refuses non-admins', async () => {
    expect((await t.request('/api/feedback', { cookie: memberCookie })).status).toBe(403);
    expect((await t.request('/api/feedback')).status).toBe(401);
  });
});

// Last: its rows would otherwise head the admin list the tests above read.
describe('POST /api/feedback: limit', () => {
  it(`takes at most ${FEEDBACK_PER_HOUR} an hour from one user, each emailed, then answers 429`, async () => {
    const sender = await t.createUser();
    const cookie = await t.signIn(sender.email);
    for (let i = 0; i < FEEDBACK_PER_HOUR; i++) {
      expect((await send({ category: 'idea', message: `Idea ${i}` }, cookie)).status).toBe(201);
    }
    const refused = await send({ category: 'idea', message: 'One more' }, cookie);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(ERROR_CODES.rateLimited);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    const kept = await t.db.select().from(feedback).where(eq(feedback.userId, sender.id));
    expect(kept).toHaveLength(FEEDBACK_PER_HOUR);
    // Another user is not held back by this one.
    expect((await send({ category: 'idea', message: 'Mine' }, memberCookie)).status).toBe(201);
  });
});
