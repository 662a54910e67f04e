import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productInterest } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: { id: string; email: string };
let member: { id: string; email: string };
let other: { id: string; email: string };
let adminCookie: string;
let memberCookie: string;
let otherCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  member = await t.createUser({ firstName: 'Ivy', lastName: 'Interested' });
  other = await t.createUser({ firstName: 'Oli', lastName: 'Other' });
  adminCookie = await t.signIn(admin.email);
  memberCookie = await t.signIn(member.email);
  otherCookie = await t.signIn(other.email);
});
afterAll(() => t.close());

const register = (cookie: string, json: unknown = {}) =>
  t.request('/api/interest/product-ai/me', { method: 'PUT', cookie, json });

describe('PUT /api/interest/product-ai/me', () => {
  it('registers interest once, however many clicks, and a note given later replaces the first', async () => {
    const before = await t.request('/api/interest/product-ai/me', { cookie: memberCookie });
    expect(await before.json()).toEqual({ registered: false, note: null, createdAt: null });

    const first = await register(memberCookie);
    expect(first.status).toBe(200);
    const registered = (await first.json()) as { registered: boolean; createdAt: string };
    expect(registered.registered).toBe(true);
    const second = await register(memberCookie);
    expect(((await second.json()) as { createdAt: string }).createdAt).toBe(registered.createdAt);
    const noted = await register(memberCookie, { note: 'Keen on AI-written listing copy' });
    expect(await noted.json()).toMatchObject({ registered: true, note: 'Keen on AI-written listing copy' });
    // Clicking again without a note keeps the note.
    await register(memberCookie);
    const rows = await t.db.select().from(productInterest).where(eq(productInterest.userId, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.note).toBe('Keen on AI-written listing copy');
  });

  it('refuses a note that is too long or an unknown product, writing nothing', async () => {
    expect((await register(otherCookie, { note: 'x'.repeat(501) })).status).toBe(400);
    const unknown = await t.request('/api/interest/teleport/me', {
      method: 'PUT',
      cookie: otherCookie,
      json: {},
    });
    expect(unknown.status).toBe(400);
    expect(
      await t.db.select().from(productInterest).where(eq(productInterest.userId, other.id)),
    ).toHaveLength(0);
  });

  it('refuses a NUL in the note with 400 naming the field, writing nothing (issue 15 finding 1)', async () => {
    const response = await register(otherCookie, { note: 'keen\u0000' });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { note: expect.stringMatching(/NUL/) },
    });
    expect(
      await t.db.select().from(productInterest).where(eq(productInterest.userId, other.id)),
    ).toHaveLength(0);
  });

  it('needs a session', async () => {
    const response = await t.request('/api/interest/product-ai/me', { method: 'PUT', json: {} });
    expect(response.status).toBe(401);
  });
});

describe('GET /api/interest/product-ai', () => {
  it('lists who registered for admins', async () => {
    await register(otherCookie);
    const response = await t.request('/api/interest/product-ai', { cookie: adminCookie });
    expect(response.status).toBe(200);
    const list = (await response.json()) as {
      total: number;
      items: { email: string; note: string | null }[];
    };
    expect(list.total).toBe(2);
    expect(list.items.map((item) => item.email).sort()).toEqual([member.email, other.email].sort());
  });

  it('refuses non-admins', async () => {
    expect((await t.request('/api/interest/product-ai', { cookie: memberCookie })).status).toBe(403);
    expect((await t.request('/api/interest/product-ai')).status).toBe(401);
  });
});
