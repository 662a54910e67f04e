import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  member,
  organization,
  outboxMessages,
  user,
  userInvitations,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: { id: string; email: string };
let developer: { id: string; email: string };
let adminCookie: string;
let developerCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  developer = await t.createUser({ email: 'dev@harbourline.test', firstName: 'Dana', lastName: 'Developer' });
  await t.db
    .insert(organization)
    .values({ id: 'org-1', name: 'Harbourline Developments', slug: 'harbourline', createdAt: new Date() });
  await t.db.insert(member).values({
    id: 'm-1',
    organizationId: 'org-1',
    userId: developer.id,
    role: 'owner',
    createdAt: new Date(),
  });
  adminCookie = await t.signIn(admin.email);
  developerCookie = await t.signIn(developer.email);
});
afterAll(() => t.close());

describe('GET /api/admin/users', () => {
  it('finds users by name, email or organisation, paged', async () => {
    for (const q of ['dana', 'harbourline.test', 'Harbourline Dev']) {
      const response = await t.request(`/api/admin/users?q=${encodeURIComponent(q)}`, {
        cookie: adminCookie,
      });
      expect(response.status, q).toBe(200);
      const page = (await response.json()) as {
        items: { id: string; organisation: unknown }[];
        total: number;
      };
      expect(
        page.items.map((item) => item.id),
        q,
      ).toEqual([developer.id]);
      expect(page.items[0]?.organisation).toEqual({ id: 'org-1', name: 'Harbourline Developments' });
    }
    const paged = (await (
      await t.request('/api/admin/users?perPage=1&page=2', { cookie: adminCookie })
    ).json()) as {
      items: unknown[];
      total: number;
      page: number;
    };
    expect(paged).toMatchObject({ total: 2, page: 2 });
    expect(paged.items).toHaveLength(1);
  });

  it('treats % and _ in the search as plain text', async () => {
    const page = (await (await t.request('/api/admin/users?q=%25', { cookie: adminCookie })).json()) as {
      total: number;
    };
    expect(page.total).toBe(0);
  });

  it('refuses a NUL in the search with 400 naming q (issue 15 finding 1)', async () => {
    const response = await t.request('/api/admin/users?q=dana%00', { cookie: adminCookie });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { q: expect.stringMatching(/NUL/) } });
  });

  it('refuses ordinary users and visitors', async () => {
    expect((await t.request('/api/admin/users', { cookie: developerCookie })).status).toBe(403);
    expect((await t.request(`/api/admin/users/${admin.id}`, { cookie: developerCookie })).status).toBe(403);
    expect((await t.request('/api/admin/users')).status).toBe(401);
  });
});

describe('GET /api/admin/users/{id}', () => {
  it('shows the user with why impersonation would be refused', async () => {
    const response = await t.request(`/api/admin/users/${developer.id}`, { cookie: adminCookie });
    expect(await response.json()).toMatchObject({
      id: developer.id,
      organisationRole: 'owner',
      impersonationRefusal: null,
      activeSessions: 1,
    });
    const other = (await (
      await t.request(`/api/admin/users/${admin.id}`, { cookie: adminCookie })
    ).json()) as {
      impersonationRefusal: string;
    };
    expect(other.impersonationRefusal).toMatch(/yourself/);
    expect((await t.request('/api/admin/users/nobody', { cookie: adminCookie })).status).toBe(404);
  });
});

describe('invitations', () => {
  it('sends an /activate link by email and lets the invitee preview it', async () => {
    const response = await t.request('/api/admin/invitations', {
      method: 'POST',
      cookie: adminCookie,
      json: {
        email: 'New.Marketer@Example.test',
        firstName: 'Nia',
        lastName: 'Marketer',
        organisationId: 'org-1',
      },
    });
    expect(response.status).toBe(201);
    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, 'new.marketer@example.test'));
    const token = /\/activate\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const [stored] = await t.db.select().from(userInvitations);
    expect(stored?.tokenHash).not.toBe(token);
    const preview = await t.request(`/api/invitations/${token}`);
    expect(await preview.json()).toMatchObject({
      email: 'new.marketer@example.test',
      organisationName: 'Harbourline Developments',
    });
    expect((await t.request('/api/invitations/forged-token')).status).toBe(404);
  });

  it('refuses an email that has an account, and ordinary users', async () => {
    const taken = await t.request('/api/admin/invitations', {
      method: 'POST',
      cookie: adminCookie,
      json: { email: developer.email, firstName: 'D', lastName: 'D' },
    });
    expect(taken.status).toBe(409);
    const byUser = await t.request('/api/admin/invitations', {
      method: 'POST',
      cookie: developerCookie,
      json: { email: 'x@example.test', firstName: 'X', lastName: 'Y' },
    });
    expect(byUser.status).toBe(403);
  });
});

describe('GET /api/dev/mailbox', () => {
  it('lists sent messages with their links, for admins only', async () => {
    const response = await t.request('/api/dev/mailbox', { cookie: adminCookie });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { items: { links: string[] }[] };
    expect(page.items[0]?.links[0]).toMatch(/\/activate\?token=/);
    expect((await t.request('/api/dev/mailbox', { cookie: developerCookie })).status).toBe(403);
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({ DEV_MAILBOX: 'false' });
    try {
      const someone = await production.createUser({ role: 'admin' });
      const cookie = await production.signIn(someone.email);
      expect((await production.request('/api/dev/mailbox', { cookie })).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('profile photo', () => {
  const upload = (cookie: string, body: Blob, name: string) => {
    const form = new FormData();
    form.set('file', body, name);
    return t.request('/api/account/photo', { method: 'POST', cookie, body: form });
  };

  it('stores a resized WebP and serves it', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const response = await upload(
      developerCookie,
      new Blob([new Uint8Array(png)], { type: 'image/png' }),
      'me.png',
    );
    expect(response.status).toBe(200);
    const { image } = (await response.json()) as { image: string };
    const [row] = await t.db.select({ image: user.image }).from(user).where(eq(user.id, developer.id));
    expect(row?.image).toBe(image);
    const served = await t.request(image);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('checks the content, not the name: a script named .png is refused and nothing changes', async () => {
    const [before] = await t.db.select({ image: user.image }).from(user).where(eq(user.id, developer.id));
    const fake = new Blob(['<script>alert(1)</script>'], { type: 'image/png' });
    const response = await upload(developerCookie, fake, 'photo.png');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: 'UNSUPPORTED_IMAGE', fields: { file: expect.any(String) } },
    });
    const [after] = await t.db.select({ image: user.image }).from(user).where(eq(user.id, developer.id));
    expect(after?.image).toBe(before?.image);
  });

  it('refuses a photo over 5 MB', async () => {
    const big = new Blob([new Uint8Array(5 * 1024 * 1024 + 10)], { type: 'image/jpeg' });
    expect((await upload(developerCookie, big, 'big.jpg')).status).toBe(413);
  });
});

describe('account settings', () => {
  it('sets the job role chosen at /role, refusing one that is not listed', async () => {
    expect(
      (await t.request('/api/account/role', { method: 'POST', cookie: developerCookie, json: { roleId: 4 } }))
        .status,
    ).toBe(400);
    const response = await t.request('/api/account/role', {
      method: 'POST',
      cookie: developerCookie,
      json: { roleId: 8 },
    });
    expect(await response.json()).toEqual({ jobRoleId: 8 });
  });

  it("lists the own sessions and signs one out, never another user's", async () => {
    const second = await t.signIn(developer.email);
    const list = (await (await t.request('/api/account/sessions', { cookie: second })).json()) as {
      sessions: { id: string; current: boolean }[];
    };
    expect(list.sessions.filter((row) => row.current)).toHaveLength(1);
    const other = list.sessions.find((row) => !row.current)!;
    const adminSessions = (await (
      await t.request('/api/account/sessions', { cookie: adminCookie })
    ).json()) as {
      sessions: { id: string }[];
    };
    expect(
      (
        await t.request(`/api/account/sessions/${adminSessions.sessions[0]!.id}`, {
          method: 'DELETE',
          cookie: second,
        })
      ).status,
    ).toBe(404);
    expect((await t.request('/api/account/sessions', { cookie: adminCookie })).status).toBe(200);
    expect(
      (await t.request(`/api/account/sessions/${other.id}`, { method: 'DELETE', cookie: second })).status,
    ).toBe(200);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.revoke_session'));
    expect(audited).toHaveLength(1);
  });
});
