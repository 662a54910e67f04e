import {
  NOTIFICATION_TOKEN_HEADER,
  NOTIFICATION_TOKEN_LIFETIME_MS,
  type Notification,
} from '@offplan/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  inAppMessageReceipts,
  inAppMessages,
  member,
  organization,
  outboxMessages,
  session,
} from '../../db/schema/index.ts';
import { brandingSourceOf, tenantBranding } from '../../lib/branding.ts';
import { sendInAppMessage } from '../../lib/notifications.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createNotificationToken, verifyNotificationToken } from './notification-token.ts';

let t: TestApp;
type Person = { id: string; email: string; cookie: string };
let admin: Person;
let alice: Person; // member of org-a
let bob: Person; // member of org-b
let carol: Person; // no organisation

async function person(fields: Parameters<TestApp['createUser']>[0] = {}): Promise<Person> {
  const created = await t.createUser(fields);
  return { ...created, cookie: await t.signIn(created.email) };
}

async function tokenFor(p: Person, email = p.email) {
  return t.request('/api/notifications/token', {
    method: 'POST',
    cookie: p.cookie,
    json: { data: { email } },
  });
}

async function list(p: Person): Promise<Notification[]> {
  const { token } = (await (await tokenFor(p)).json()) as { token: string };
  const response = await t.request(`/api/notifications/${encodeURIComponent(p.email)}`, {
    cookie: p.cookie,
    headers: { [NOTIFICATION_TOKEN_HEADER]: token },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { notifications: Notification[] }).notifications;
}

const titles = async (p: Person) => (await list(p)).map((n) => n.customPayload.title);

async function rowCount(table: typeof inAppMessages | typeof inAppMessageReceipts | typeof auditLog) {
  const [row] = await t.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await person({ role: 'admin' });
  alice = await person({ email: 'alice@harbour.test' });
  bob = await person({ email: 'bob@ridge.test' });
  carol = await person({ email: 'carol@solo.test' });
  await t.db.insert(organization).values([
    { id: 'org-a', name: 'Harbour Developments', slug: 'harbour', createdAt: new Date() },
    { id: 'org-b', name: 'Ridge Living', slug: 'ridge', createdAt: new Date() },
  ]);
  await t.db.insert(member).values([
    { id: 'm-a', organizationId: 'org-a', userId: alice.id, role: 'owner', createdAt: new Date() },
    { id: 'm-b', organizationId: 'org-b', userId: bob.id, role: 'member', createdAt: new Date() },
  ]);
});
afterAll(() => t.close());

describe('POST /api/notifications/token', () => {
  it('gives a signed token for the own email (any case), valid 22 hours', async () => {
    const response = await tokenFor(alice, 'ALICE@Harbour.test');
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    const secret = (await t.auth.$context).secret;
    expect(verifyNotificationToken(secret, token, alice.email)).toBe(true);
    expect(verifyNotificationToken(secret, token, bob.email)).toBe(false);
    expect(
      verifyNotificationToken(secret, token, alice.email, Date.now() + NOTIFICATION_TOKEN_LIFETIME_MS + 1),
    ).toBe(false);
    expect(verifyNotificationToken(secret, `${token.slice(0, -2)}xx`, alice.email)).toBe(false);
    expect(verifyNotificationToken('another-secret-of-enough-length-123456', token, alice.email)).toBe(false);
  });

  it("refuses someone else's email with 403 and records nothing of theirs", async () => {
    const auditBefore = await rowCount(auditLog);
    const response = await tokenFor(alice, bob.email);
    expect(response.status).toBe(403);
    const text = await response.text();
    expect(text).not.toContain(bob.email);
    expect(await rowCount(auditLog)).toBe(auditBefore);
  });

  it('refuses visitors and bad bodies', async () => {
    expect(
      (
        await t.request('/api/notifications/token', {
          method: 'POST',
          json: { data: { email: alice.email } },
        })
      ).status,
    ).toBe(401);
    for (const json of [{}, { email: alice.email }, { data: { email: 'not-an-email' } }, { data: {} }]) {
      const response = await t.request('/api/notifications/token', {
        method: 'POST',
        cookie: alice.cookie,
        json,
      });
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /api/notifications/{email}', () => {
  it("refuses someone else's email with 403, even with a valid token of theirs, and shows nothing", async () => {
    await sendInAppMessage(t.db, {
      audience: { userId: bob.id },
      title: 'Bob only',
      body: 'x',
      source: 'system',
    });
    const secret = (await t.auth.$context).secret;
    const bobsToken = createNotificationToken(secret, bob.email);
    const response = await t.request(`/api/notifications/${encodeURIComponent(bob.email)}`, {
      cookie: alice.cookie,
      headers: { [NOTIFICATION_TOKEN_HEADER]: bobsToken },
    });
    expect(response.status).toBe(403);
    const text = await response.text();
    expect(text).not.toContain('Bob only');
    expect(text).not.toContain(bob.email);
  });

  it('needs a valid token for the own email', async () => {
    const path = `/api/notifications/${encodeURIComponent(carol.email)}`;
    expect((await t.request(path, { cookie: carol.cookie })).status).toBe(401);
    const secret = (await t.auth.$context).secret;
    const stale = createNotificationToken(
      secret,
      carol.email,
      Date.now() - NOTIFICATION_TOKEN_LIFETIME_MS - 1000,
    );
    expect(
      (await t.request(path, { cookie: carol.cookie, headers: { [NOTIFICATION_TOKEN_HEADER]: stale } }))
        .status,
    ).toBe(401);
    const alicesToken = createNotificationToken(secret, alice.email);
    expect(
      (await t.request(path, { cookie: carol.cookie, headers: { [NOTIFICATION_TOKEN_HEADER]: alicesToken } }))
        .status,
    ).toBe(401);
    expect((await t.request(path)).status).toBe(401);
  });

  it('answers the spec §3 shape with the pop-up display fields', async () => {
    await sendInAppMessage(t.db, {
      audience: { userId: carol.id },
      title: 'Shape check',
      body: '<p>Hello</p>',
      ctaLink: 'https://example.com/x',
      ctaLabel: 'Go',
      thumbnail: 'https://example.com/t.png',
      priorityLevel: 3,
      trigger: 'never',
      position: 'TopRight',
      source: 'system',
    });
    const [first] = await list(carol);
    expect(first).toMatchObject({
      read: false,
      customPayload: {
        title: 'Shape check',
        body: '<p>Hello</p>',
        cta_link: 'https://example.com/x',
        cta_label: 'Go',
        thumbnail: 'https://example.com/t.png',
      },
      priorityLevel: 3,
      trigger: 'never',
      position: 'TopRight',
    });
    expect(typeof first?.messageId).toBe('string');
    expect(Number.isInteger(first?.campaignId)).toBe(true);
    expect(Number.isNaN(Date.parse(first?.createdAt ?? ''))).toBe(false);
  });

  it('gives only the newest 10, newest first', async () => {
    const dave = await person();
    for (let i = 1; i <= 12; i += 1) {
      await sendInAppMessage(t.db, {
        audience: { userId: dave.id },
        title: `N${i}`,
        body: 'b',
        source: 'system',
      });
    }
    const seen = await titles(dave);
    // Everyone-messages sent by other tests may be interleaved; only dave's own are counted here.
    expect(seen).toHaveLength(10);
    const own = seen.filter((title) => /^N\d+$/.test(title));
    expect(own).toEqual(own.slice().sort((a, b) => Number(b.slice(1)) - Number(a.slice(1))));
    expect(own[0]).toBe('N12');
    expect(own).not.toContain('N1');
    expect(own).not.toContain('N2');
  });
});

describe('audiences', () => {
  it('everyone, one organisation, one user: another organisation never sees an organisation message', async () => {
    await sendInAppMessage(t.db, { audience: 'everyone', title: 'All hands', body: 'b', source: 'admin' });
    await sendInAppMessage(t.db, {
      audience: { organisationId: 'org-a' },
      title: 'Harbour news',
      body: 'b',
      source: 'admin',
    });
    await sendInAppMessage(t.db, {
      audience: { userId: alice.id },
      title: 'For Alice',
      body: 'b',
      source: 'admin',
    });
    const aliceSees = await titles(alice);
    expect(aliceSees).toEqual(expect.arrayContaining(['All hands', 'Harbour news', 'For Alice']));
    const bobSees = await titles(bob);
    expect(bobSees).toContain('All hands');
    expect(bobSees).not.toContain('Harbour news');
    expect(bobSees).not.toContain('For Alice');
    const carolSees = await titles(carol);
    expect(carolSees).toContain('All hands');
    expect(carolSees).not.toContain('Harbour news');
  });
});

describe('open, read and click tracking', () => {
  it('records per-user receipts: an everyone-message read by one user stays unread for another', async () => {
    const { messageId } = await sendInAppMessage(t.db, {
      audience: 'everyone',
      title: 'Per user state',
      body: 'b',
      source: 'admin',
    });
    const post = (p: Person, event: string, json: unknown) =>
      t.request(`/api/notifications/${event}`, { method: 'POST', cookie: p.cookie, json });
    expect((await post(alice, 'open', { messageIds: [messageId] })).status).toBe(200);
    expect((await post(alice, 'open', { messageIds: [messageId] })).status).toBe(200);
    let [receipt] = await t.db
      .select()
      .from(inAppMessageReceipts)
      .where(eq(inAppMessageReceipts.messageId, messageId));
    expect(receipt).toMatchObject({ userId: alice.id, openCount: 2, readAt: null });
    expect(receipt?.openedAt).toBeInstanceOf(Date);

    expect((await post(alice, 'read', { messageIds: [messageId] })).status).toBe(200);
    expect((await list(alice)).find((n) => n.messageId === messageId)?.read).toBe(true);
    expect((await list(bob)).find((n) => n.messageId === messageId)?.read).toBe(false);

    const click = await post(bob, 'click', { messageId });
    expect(click.status).toBe(200);
    [receipt] = await t.db.select().from(inAppMessageReceipts).where(eq(inAppMessageReceipts.userId, bob.id));
    expect(receipt).toMatchObject({ messageId, clickCount: 1 });
    expect(receipt?.readAt).toBeInstanceOf(Date);
    expect((await list(bob)).find((n) => n.messageId === messageId)?.read).toBe(true);
  });

  it('records nothing while an admin acts as the user: the user has not seen the message', async () => {
    const dave = await person({ email: 'dave@acting.test' });
    await t.db.update(session).set({ impersonatedBy: admin.id }).where(eq(session.userId, dave.id));
    const { messageId } = await sendInAppMessage(t.db, {
      audience: { userId: dave.id },
      title: 'For Dave',
      body: 'b',
      source: 'admin',
    });
    for (const [event, json] of [
      ['open', { messageIds: [messageId] }],
      ['read', { messageIds: [messageId] }],
      ['click', { messageId }],
    ] as const) {
      const response = await t.request(`/api/notifications/${event}`, {
        method: 'POST',
        cookie: dave.cookie,
        json,
      });
      expect(response.status, event).toBe(200);
      expect(await response.json(), event).toEqual({ recorded: 0 });
    }
    expect(
      await t.db.select().from(inAppMessageReceipts).where(eq(inAppMessageReceipts.messageId, messageId)),
    ).toEqual([]);
  });

  it("refuses to track another user's or organisation's message, and writes nothing", async () => {
    const { messageId } = await sendInAppMessage(t.db, {
      audience: { organisationId: 'org-a' },
      title: 'Harbour only',
      body: 'b',
      source: 'admin',
    });
    const before = await rowCount(inAppMessageReceipts);
    for (const [event, json] of [
      ['open', { messageIds: [messageId] }],
      ['read', { messageIds: [messageId] }],
      ['click', { messageId }],
      ['open', { messageIds: ['no-such-id'] }],
    ] as const) {
      const response = await t.request(`/api/notifications/${event}`, {
        method: 'POST',
        cookie: bob.cookie,
        json,
      });
      expect(response.status, event).toBe(404);
    }
    expect(await rowCount(inAppMessageReceipts)).toBe(before);
  });

  it('refuses bad bodies with 400 and writes nothing', async () => {
    const before = await rowCount(inAppMessageReceipts);
    for (const [event, json] of [
      ['open', {}],
      ['open', { messageIds: [] }],
      ['read', { messageIds: 'x' }],
      ['click', { messageIds: ['x'] }],
      ['click', { messageId: '' }],
    ] as const) {
      const response = await t.request(`/api/notifications/${event}`, {
        method: 'POST',
        cookie: alice.cookie,
        json,
      });
      expect(response.status, `${event} ${JSON.stringify(json)}`).toBe(400);
    }
    expect(await rowCount(inAppMessageReceipts)).toBe(before);
  });

  it('refuses a NUL in the read ids or the clicked id with 400 naming the field (issue 15 finding 1)', async () => {
    const before = await rowCount(inAppMessageReceipts);
    for (const [event, json, field] of [
      ['read', { messageIds: ['a\u0000b'] }, 'messageIds.0'],
      ['click', { messageId: 'a\u0000b' }, 'messageId'],
    ] as const) {
      const response = await t.request(`/api/notifications/${event}`, {
        method: 'POST',
        cookie: alice.cookie,
        json,
      });
      expect(response.status, event).toBe(400);
      const { error } = (await response.json()) as {
        error: { code: string; fields: Record<string, string> };
      };
      expect(error.code, event).toBe('VALIDATION_FAILED');
      expect(error.fields[field], event).toMatch(/NUL/);
    }
    expect(await rowCount(inAppMessageReceipts)).toBe(before);
  });
});

describe('admin composer', () => {
  const compose = (p: Person, json: unknown) =>
    t.request('/api/admin/messages', { method: 'POST', cookie: p.cookie, json });

  it('sends to everyone, an organisation and a user by email, and lists them with counts', async () => {
    const erin = await person({ email: 'erin@harbour.test' });
    const everyone = await compose(admin, {
      audience: 'everyone',
      title: 'Composer everyone',
      body: '<p>Hi <b>all</b></p>',
      ctaLink: 'https://example.com',
      ctaLabel: 'Read more',
      thumbnail: 'https://example.com/t.png',
      priorityLevel: 1,
      trigger: 'immediate',
      position: 'BottomRight',
    });
    expect(everyone.status).toBe(201);
    const { messageId } = (await everyone.json()) as { messageId: string };
    expect(
      (
        await compose(admin, {
          audience: 'organisation',
          organisationId: 'org-b',
          title: 'Composer ridge',
          body: 'b',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await compose(admin, {
          audience: 'user',
          userEmail: 'ERIN@harbour.test',
          title: 'Composer erin',
          body: 'b',
        })
      ).status,
    ).toBe(201);
    expect(await titles(erin)).toEqual(expect.arrayContaining(['Composer everyone', 'Composer erin']));
    expect(await titles(erin)).not.toContain('Composer ridge');
    expect(await titles(bob)).toContain('Composer ridge');

    await t.request('/api/notifications/open', {
      method: 'POST',
      cookie: erin.cookie,
      json: { messageIds: [messageId] },
    });
    await t.request('/api/notifications/click', { method: 'POST', cookie: erin.cookie, json: { messageId } });
    const sent = await t.request('/api/admin/messages', { cookie: admin.cookie });
    expect(sent.status).toBe(200);
    const { items } = (await sent.json()) as {
      items: {
        messageId: string;
        opens: number;
        clicks: number;
        reads: number;
        audienceLabel: string;
        title: string;
      }[];
    };
    expect(items.find((item) => item.messageId === messageId)).toMatchObject({
      opens: 1,
      clicks: 1,
      reads: 1,
      audienceLabel: 'Everyone',
    });
    expect(items.find((item) => item.title === 'Composer ridge')?.audienceLabel).toBe('Ridge Living');
    expect(items.find((item) => item.title === 'Composer erin')?.audienceLabel).toBe('erin@harbour.test');
    const orgs = (await (
      await t.request('/api/admin/messages/organisations', { cookie: admin.cookie })
    ).json()) as {
      items: { id: string; name: string }[];
    };
    expect(orgs.items).toEqual([
      { id: 'org-a', name: 'Harbour Developments' },
      { id: 'org-b', name: 'Ridge Living' },
    ]);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, messageId));
    expect(row).toMatchObject({ action: 'in_app_message.sent', actorUserId: admin.id });
  });

  it('is refused for non-admins (organisation owners too) and visitors, writing nothing', async () => {
    const before = await rowCount(inAppMessages);
    const message = { audience: 'everyone', title: 'Sneaky', body: 'b' };
    expect((await compose(alice, message)).status).toBe(403);
    expect((await compose(bob, message)).status).toBe(403);
    expect((await t.request('/api/admin/messages', { method: 'POST', json: message })).status).toBe(401);
    expect((await t.request('/api/admin/messages', { cookie: alice.cookie })).status).toBe(403);
    expect((await t.request('/api/admin/messages/organisations', { cookie: alice.cookie })).status).toBe(403);
    expect(await rowCount(inAppMessages)).toBe(before);
  });

  it('refuses bad input with 4xx naming the field, writing nothing', async () => {
    const before = await rowCount(inAppMessages);
    const cases: [unknown, string][] = [
      [{ audience: 'everyone', title: '', body: 'b' }, 'title'],
      [{ audience: 'everyone', title: 't' }, 'body'],
      [{ audience: 'organisation', title: 't', body: 'b' }, 'organisationId'],
      [{ audience: 'organisation', organisationId: 'nope', title: 't', body: 'b' }, 'organisationId'],
      [{ audience: 'user', title: 't', body: 'b' }, 'userEmail'],
      [{ audience: 'user', userEmail: 'nobody@nowhere.test', title: 't', body: 'b' }, 'userEmail'],
      [{ audience: 'everyone', title: 't', body: 'b', ctaLink: 'javascript:alert(1)' }, 'ctaLink'],
      [{ audience: 'everyone', title: 't', body: 'b', thumbnail: 'javascript:alert(1)' }, 'thumbnail'],
      // Browsers read `/\host` and `//host` as another site: not "a path inside the portal".
      [{ audience: 'everyone', title: 't', body: 'b', ctaLink: '/\\evil.example' }, 'ctaLink'],
      [{ audience: 'everyone', title: 't', body: 'b', ctaLink: '//evil.example' }, 'ctaLink'],
      [{ audience: 'everyone', title: 't', body: 'b', thumbnail: '/\\evil.example/x.png' }, 'thumbnail'],
      [{ audience: 'everyone', title: 't', body: 'b', position: 'Left' }, 'position'],
      [{ audience: 'everyone', title: 't', body: 'b', trigger: 'sometimes' }, 'trigger'],
      [{ audience: 'team', title: 't', body: 'b' }, 'audience'],
      [{ audience: 'everyone', title: 't', body: 'b', extra: 1 }, ''],
    ];
    for (const [json, field] of cases) {
      const response = await compose(admin, json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      const { error } = (await response.json()) as { error: { fields?: Record<string, string> } };
      if (field) expect(Object.keys(error.fields ?? {}), JSON.stringify(json)).toContain(field);
    }
    expect(await rowCount(inAppMessages)).toBe(before);
  });
});

describe('sendInAppMessage', () => {
  it('e-mails a user-audience message through the outbox when asked, never everyone', async () => {
    await sendInAppMessage(
      t.db,
      {
        audience: { userId: carol.id },
        title: 'Access approved',
        body: '<p>Your request was <b>approved</b>.</p>',
        ctaLink: 'https://example.com/p/1',
        ctaLabel: 'Open project',
        source: 'system',
      },
      { email: { outbox: t.outbox, branding: await tenantBranding(brandingSourceOf(t), 'offplan') } },
    );
    const rows = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, 'in-app-message'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ to: carol.email, subject: 'Access approved' });
    expect(rows[0]?.text).toContain('Your request was approved.');
    expect(rows[0]?.text).not.toContain('<');
    expect(rows[0]?.text).toContain('Open project: https://example.com/p/1');
    await sendInAppMessage(
      t.db,
      { audience: 'everyone', title: 'x', body: 'y', source: 'system' },
      { email: { outbox: t.outbox, branding: await tenantBranding(brandingSourceOf(t), 'offplan') } },
    );
    expect(
      await t.db.select().from(outboxMessages).where(eq(outboxMessages.template, 'in-app-message')),
    ).toHaveLength(1);
  });
});
