import { randomBytes, randomUUID } from 'node:crypto';
import { IMPERSONATION_MAX_SECONDS, NUL_MESSAGE } from '@offplan/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLOSED_AUTH_PATHS } from '../../auth.ts';
import {
  member as memberTable,
  organization,
  session,
  user,
  userInvitations,
} from '../../db/schema/index.ts';
import { cookiesOf, signInRaw } from '../../test/sessions.ts';
import {
  errorOf,
  latestSmsCode,
  messagesTo,
  NEW_PASSWORD,
  registration,
  resetTokenIn,
  signUp,
  t,
  uniqueEmail,
  useAccountsTestApp,
  userRow,
  verifyTokenIn,
} from './account-test-helpers.ts';
import { hashSecretToken } from './plugin-context.ts';

// Issue 15: what an outside probe found in the auth layer, one test (or table) per finding.
useAccountsTestApp();

const NUL = '\u0000';
const HOUR_MS = IMPERSONATION_MAX_SECONDS * 1000;

/** A user who owns an organisation (created in the database, as the onboarding flow would). */
async function organisationOwner() {
  const owner = await t.createUser({ email: uniqueEmail('owner') });
  const organizationId = `org_${randomBytes(4).toString('hex')}`;
  await t.db.insert(organization).values({
    id: organizationId,
    name: 'Harbourline Developments',
    slug: organizationId,
    createdAt: new Date(),
  });
  await t.db.insert(memberTable).values({
    id: randomUUID(),
    organizationId,
    userId: owner.id,
    role: 'owner',
    createdAt: new Date(),
  });
  return { ...owner, organizationId };
}

const organisationRow = async (id: string) =>
  (await t.db.select().from(organization).where(eq(organization.id, id)))[0];

const post = (path: string, json: unknown, cookie?: string) =>
  t.request(`/api/auth${path}`, { method: 'POST', json, ...(cookie ? { cookie } : {}) });

describe('finding 1: NUL and control characters sent to better-auth', () => {
  it('refuses an over-long email or value with 400 naming the field, not a 500 from an index (fuzz)', async () => {
    for (const [path, json, field] of [
      ['/sign-in/email', { email: `${'a'.repeat(1_000_000)}@x.com`, password: NEW_PASSWORD }, 'email'],
      ['/request-password-reset', { email: `${'a'.repeat(300)}@x.com` }, 'email'],
      ['/send-verification-email', { email: 'a@x.com', callbackURL: 'b'.repeat(5000) }, 'callbackURL'],
    ] as const) {
      const response = await post(path, json);
      expect(response.status, path).toBe(400);
      expect((await errorOf(response)).fields, path).toHaveProperty(field);
    }
  });

  it('refuses a callback that is neither a path nor an http(s) address (better-auth threw on it: 500)', async () => {
    const response = await t.request('/api/auth/verify-email?token=x&callbackURL=fuzz');
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual({
      callbackURL: 'must be a path starting with / or an http(s) address',
    });
    const path = await t.request('/api/auth/verify-email?token=x&callbackURL=/login');
    expect(path.status).toBe(302);
  });

  it('finding 1: a NUL in the sign-in email (no session) is refused with 400 VALIDATION_FAILED naming the field', async () => {
    const response = await post('/sign-in/email', { email: `a${NUL}@x.com`, password: NEW_PASSWORD });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('NUL'),
      fields: { email: NUL_MESSAGE },
    });
  });

  it('finding 1: a NUL anywhere in the body or query of an auth route is refused before it reaches the database', async () => {
    const owner = await organisationOwner();
    const cookie = await t.signIn(owner.email);
    const requests: [string, () => Promise<Response>, string][] = [
      ['sign-up name', () => signUp(registration({ firstName: `Ri${NUL}ta` })), 'firstName'],
      ['password reset email', () => post('/request-password-reset', { email: `a${NUL}@x.com` }), 'email'],
      ['verification email', () => post('/send-verification-email', { email: `a${NUL}@x.com` }), 'email'],
      ['revoked session token', () => post('/revoke-session', { token: `x${NUL}` }, cookie), 'token'],
      [
        'organisation update',
        () =>
          post('/organization/update', { organizationId: owner.organizationId, data: { name: NUL } }, cookie),
        'data.name',
      ],
      ['a key of the body', () => post('/sign-in/email', { [`e${NUL}`]: 'x', password: 'x' }), 'e'],
      [
        'query',
        () => t.request(`/api/auth/organization/get-full-organization?organizationId=a%00`, { cookie }),
        'organizationId',
      ],
      ['path', () => t.request('/api/auth/reset-password/a%00b'), 'path'],
    ];
    for (const [label, send, field] of requests) {
      const response = await send();
      expect(response.status, label).toBe(400);
      expect(await errorOf(response), label).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { [field]: NUL_MESSAGE },
      });
    }
    expect((await organisationRow(owner.organizationId))?.name).toBe('Harbourline Developments');
  });

  it('finding 1: control characters, bidi overrides and zero-width spaces are removed from names at sign-up', async () => {
    const body = registration({
      name: 'Rita\u0007 Register',
      firstName: '\u202eRi\u200bta\u001b[31m',
      lastName: 'Reg\u0001ister',
      companyName: 'Harbour\u2066line\u2069 Developments',
    });
    const response = await signUp(body);
    expect(response.status).toBe(200);
    expect(await userRow(body.email)).toMatchObject({
      name: 'Rita Register',
      firstName: 'Rita[31m',
      lastName: 'Register',
      companyName: 'Harbourline Developments',
    });
  });

  it('finding 1: an organisation "about" keeps its line breaks and loses its control characters', async () => {
    const owner = await organisationOwner();
    const cookie = await t.signIn(owner.email);
    const response = await post(
      '/organization/update',
      { organizationId: owner.organizationId, data: { about: 'First line\n\u202eSecond\u0007 line' } },
      cookie,
    );
    expect(response.status).toBe(200);
    expect((await organisationRow(owner.organizationId))?.about).toBe('First line\nSecond line');
  });
});

describe('finding 3: the auth layer answers wrong input with a 4xx in the one error shape', () => {
  it('finding 3: an organisation update with nothing writable is a 400 naming `data`, and changes nothing', async () => {
    const owner = await organisationOwner();
    const cookie = await t.signIn(owner.email);
    const before = await organisationRow(owner.organizationId);
    for (const data of [{}, { abn: '51824753556', visibility: 'hidden', tenant: 'other' }, { unknown: 1 }]) {
      const response = await post(
        '/organization/update',
        { organizationId: owner.organizationId, data },
        cookie,
      );
      expect(response.status, JSON.stringify(data)).toBe(400);
      expect(await errorOf(response)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('Nothing to change'),
        fields: { data: expect.stringContaining('name') },
      });
    }
    expect(await organisationRow(owner.organizationId)).toEqual(before);
    // A writable field still goes through.
    const renamed = await post(
      '/organization/update',
      { organizationId: owner.organizationId, data: { name: 'Harbourline Homes' } },
      cookie,
    );
    expect(renamed.status).toBe(200);
    expect((await organisationRow(owner.organizationId))?.name).toBe('Harbourline Homes');
  });

  it('finding 3: no better-auth endpoint the portal exposes answers 5xx to empty, malformed or wrong input', async () => {
    const doc = (await t.auth.api.generateOpenAPISchema()) as unknown as {
      paths: Record<string, Record<string, unknown>>;
    };
    const endpoints = Object.entries(doc.paths)
      .filter(([path]) => !CLOSED_AUTH_PATHS.includes(path))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ path, method })));
    expect(endpoints.length).toBeGreaterThan(50);

    const owner = await organisationOwner();
    const ids = {
      organizationId: owner.organizationId,
      userId: owner.id,
      memberId: 'no-such-member',
      invitationId: 'no-such-invitation',
      slug: owner.organizationId,
    };
    const queries = [
      '',
      new URLSearchParams(ids).toString(),
      'organizationId=&userId=&id=&token=&limit=-1&offset=x',
      `organizationId=a%00&token=%00`,
    ];
    const bodies = [
      undefined,
      '{',
      '[]',
      '{}',
      JSON.stringify({ ...ids, data: {} }),
      JSON.stringify({ ...ids, data: { abn: '1', visibility: 'x' } }),
      JSON.stringify({
        ...ids,
        email: '',
        name: '',
        role: '',
        password: '',
        token: '',
        code: '',
        data: { name: '' },
      }),
      JSON.stringify({
        ...ids,
        email: 1,
        name: [],
        role: {},
        password: true,
        token: 2,
        code: null,
        data: 'x',
      }),
      JSON.stringify({
        ...ids,
        email: `a${NUL}@x.com`,
        name: NUL,
        token: NUL,
        code: NUL,
        data: { name: NUL },
      }),
    ];
    // Without a session most endpoints stop at the session check: the shapes of the body matter less there.
    const anonymousBodies = bodies.slice(0, 4);
    const anonymousQueries = [queries[0]!, queries[3]!];
    const failures: string[] = [];
    for (const { path, method } of endpoints) {
      const url = `/api/auth${path.replaceAll(/\{[^}]+\}/g, 'x')}`;
      for (const signedIn of [false, true]) {
        // Signed in afresh for each endpoint: sign-out and the revoke endpoints end the session.
        const cookie = signedIn ? await t.signIn(owner.email) : undefined;
        const requests =
          method === 'get'
            ? (signedIn ? queries : anonymousQueries).map((query) => ({
                url: query ? `${url}?${query}` : url,
              }))
            : (signedIn ? bodies : anonymousBodies).map((body) => ({ url, body }));
        for (const request of requests) {
          const body = 'body' in request ? (request.body as string | undefined) : undefined;
          const response = await t.request(request.url, {
            method: method.toUpperCase(),
            ...(cookie ? { cookie } : {}),
            ...(body !== undefined ? { body, headers: { 'content-type': 'application/json' } } : {}),
          });
          const text = await response.text();
          const shaped =
            response.status < 400 ||
            (() => {
              try {
                const { error } = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
                return typeof error?.code === 'string' && typeof error.message === 'string';
              } catch {
                return false;
              }
            })();
          if (response.status >= 500 || !shaped) {
            failures.push(
              `${method} ${request.url} ${body ?? ''} (${signedIn ? 'signed in' : 'no session'}) -> ${response.status} ${text.slice(0, 120)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

/** Finding 5: each route answers, and its body names no token and holds none of the stored session tokens. */
function itAnswersWithoutASessionToken(routes: [string, () => Promise<Response>][]) {
  it.each(routes)('finding 5: %s answers without a session token', async (_route, call) => {
    const response = await call();
    expect(response.status).toBeLessThan(400);
    const text = await response.text();
    // No field named token at any depth, and none of the session tokens that now exist.
    expect(text).not.toMatch(/"token"\s*:/);
    const tokens = (await t.db.select({ token: session.token }).from(session)).map((row) => row.token);
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) expect(text).not.toContain(token);
  });
}

/** A platform admin created once for the describe that calls this; each call signs them in afresh. */
function platformAdminSignIn() {
  let admin: { id: string; email: string };
  beforeAll(async () => {
    admin = await t.createUser({ email: uniqueEmail('admin'), role: 'admin' });
  });
  return () => t.signIn(admin.email);
}

describe('finding 5: no auth route returns a session token in its body', () => {
  const adminSignedIn = platformAdminSignIn();
  let phoneCounter = 0;
  const nextPhone = () => `+614123400${String(10 + phoneCounter++).padStart(2, '0')}`;

  itAnswersWithoutASessionToken([
    ['POST /sign-up/email', () => signUp(registration())],
    [
      'POST /sign-in/email',
      async () => signInRaw(t, (await t.createUser({ email: uniqueEmail('sign-in') })).email),
    ],
    ['GET /get-session', async () => t.request('/api/auth/get-session', { cookie: await adminSignedIn() })],
    [
      'GET /list-sessions',
      async () => t.request('/api/auth/list-sessions', { cookie: await adminSignedIn() }),
    ],
    [
      'GET /verify-email',
      async () => {
        const body = registration();
        await signUp(body);
        const [message] = await messagesTo(body.email);
        return t.request(`/api/auth/verify-email?token=${encodeURIComponent(verifyTokenIn(message!.text))}`);
      },
    ],
    [
      'POST /reset-password',
      async () => {
        const person = await t.createUser({ email: uniqueEmail('reset') });
        await post('/request-password-reset', { email: person.email });
        const [message] = await messagesTo(person.email);
        return post('/reset-password', { token: resetTokenIn(message!.text), newPassword: NEW_PASSWORD });
      },
    ],
    [
      'POST /two-factor/verify-otp',
      async () => {
        const person = await t.createUser({ email: uniqueEmail('two-step') });
        const phone = nextPhone();
        await t.db
          .update(user)
          .set({ phoneNumber: phone, phoneNumberVerified: true, twoFactorEnabled: true })
          .where(eq(user.id, person.id));
        const cookie = cookiesOf(await signInRaw(t, person.email));
        await post('/two-factor/send-otp', {}, cookie);
        return post('/two-factor/verify-otp', { code: await latestSmsCode(phone) }, cookie);
      },
    ],
    [
      'POST /phone-number/verify',
      async () => {
        const person = await t.createUser({ email: uniqueEmail('phone') });
        const cookie = await t.signIn(person.email);
        const phone = nextPhone();
        await post('/phone-number/send-otp', { phoneNumber: phone }, cookie);
        const code = await latestSmsCode(phone);
        return post('/phone-number/verify', { phoneNumber: phone, code, updatePhoneNumber: true }, cookie);
      },
    ],
    [
      'POST /invitation/activate',
      async () => {
        const token = randomBytes(32).toString('base64url');
        await t.db.insert(userInvitations).values({
          id: randomUUID(),
          email: uniqueEmail('invited'),
          firstName: 'Ivy',
          lastName: 'Invited',
          tokenHash: hashSecretToken(token),
          expiresAt: new Date(Date.now() + 60 * 60 * 1000),
        });
        return post('/invitation/activate', { token, password: NEW_PASSWORD });
      },
    ],
  ]);
});

describe('finding 5: no admin, impersonation or organisation route returns a session token in its body', () => {
  const adminSignedIn = platformAdminSignIn();

  itAnswersWithoutASessionToken([
    [
      'POST /impersonation/start',
      async () => {
        const target = await t.createUser({ email: uniqueEmail('target') });
        return post('/impersonation/start', { userId: target.id }, await adminSignedIn());
      },
    ],
    [
      'POST /impersonation/connect',
      async () => {
        const target = await t.createUser({ email: uniqueEmail('target') });
        const started = await post('/impersonation/start', { userId: target.id }, await adminSignedIn());
        const { magicToken } = (await started.json()) as { magicToken: string };
        return post('/impersonation/connect', { token: magicToken });
      },
    ],
    [
      'POST /admin/list-user-sessions',
      async () => {
        const person = await t.createUser({ email: uniqueEmail('listed') });
        await t.signIn(person.email);
        return post('/admin/list-user-sessions', { userId: person.id }, await adminSignedIn());
      },
    ],
    [
      'POST /admin/create-user',
      async () =>
        post(
          '/admin/create-user',
          { email: uniqueEmail('created'), password: NEW_PASSWORD, name: 'Cara Created' },
          await adminSignedIn(),
        ),
    ],
    [
      'POST /organization/set-active',
      async () => {
        const owner = await organisationOwner();
        return post(
          '/organization/set-active',
          { organizationId: owner.organizationId },
          await t.signIn(owner.email),
        );
      },
    ],
    [
      'GET /organization/get-full-organization',
      async () => {
        const owner = await organisationOwner();
        return t.request(
          `/api/auth/organization/get-full-organization?organizationId=${owner.organizationId}`,
          {
            cookie: await t.signIn(owner.email),
          },
        );
      },
    ],
  ]);
});

describe('finding 6: the impersonation hour holds on better-auth routes too', () => {
  /** An admin acting as a member of an organisation; the session cookie alone, without dont_remember. */
  async function actingSession() {
    const admin = await t.createUser({ email: uniqueEmail('admin'), role: 'admin' });
    const target = await organisationOwner();
    const started = await post('/impersonation/start', { userId: target.id }, await t.signIn(admin.email));
    expect(started.status).toBe(200);
    const cookie = cookiesOf(started)
      .split('; ')
      .filter((pair) => pair.startsWith('better-auth.session_token='))
      .join('; ');
    const [row] = await t.db.select().from(session).where(eq(session.userId, target.id));
    return { admin, target, cookie, sessionId: row!.id };
  }
  const sessionRow = async (id: string) => (await t.db.select().from(session).where(eq(session.id, id)))[0];

  it('finding 6: a session older than an hour is refused on get-session and organisation endpoints, and removed', async () => {
    const first = await actingSession();
    const organisations = await t.request('/api/auth/organization/list', { cookie: first.cookie });
    expect(organisations.status).toBe(200);
    // Started over an hour ago, with an expiry a refresh moved far ahead.
    const aged = {
      createdAt: new Date(Date.now() - HOUR_MS - 1000),
      expiresAt: new Date(Date.now() + 7 * 24 * HOUR_MS),
    };
    await t.db.update(session).set(aged).where(eq(session.id, first.sessionId));
    const late = await t.request('/api/auth/organization/list', { cookie: first.cookie });
    expect(late.status).toBe(401);
    expect(await errorOf(late)).toMatchObject({ code: 'SessionRequired' });
    expect(await sessionRow(first.sessionId)).toBeUndefined();

    const second = await actingSession();
    await t.db.update(session).set(aged).where(eq(session.id, second.sessionId));
    const current = await t.request('/api/auth/get-session', { cookie: second.cookie });
    expect(await current.json()).toBeNull();
    expect(await sessionRow(second.sessionId)).toBeUndefined();
  });

  it("finding 6: a refresh never moves an impersonation session's expiry past its hour", async () => {
    const { cookie, sessionId } = await actingSession();
    const started = (await sessionRow(sessionId))!.createdAt.getTime();
    // Due for better-auth's sliding refresh (its expiry is near), with the session cookie sent alone.
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 60_000), updatedAt: new Date(Date.now() - 2 * 24 * HOUR_MS) })
      .where(eq(session.id, sessionId));
    const response = await t.request('/api/auth/get-session', { cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { session: { expiresAt: string } };
    expect(new Date(body.session.expiresAt).getTime()).toBeLessThanOrEqual(started + HOUR_MS);
    expect((await sessionRow(sessionId))!.expiresAt.getTime()).toBeLessThanOrEqual(started + HOUR_MS);
  });
});
