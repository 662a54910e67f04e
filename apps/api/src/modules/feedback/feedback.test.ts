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
