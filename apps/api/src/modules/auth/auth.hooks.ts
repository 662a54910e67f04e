import { ERROR_CODES } from '@offplan/shared';
import type { BetterAuthOptions } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { session as sessionTable } from '../../db/schema/index.ts';
import { passwordProblem } from '../../lib/password-policy.ts';
import { hitThrottle, peekThrottle, resetThrottle, type ThrottleWindow } from '../../lib/throttle.ts';
import { impersonationOver } from './impersonation-cap.ts';

/** Design §7 / issue 3: per account, across processes (the per-address limit is better-auth's own). */
export const SIGN_IN_PER_ACCOUNT: ThrottleWindow = { windowSeconds: 60, max: 5 };
export const SIGN_IN_FAILURES_PER_ACCOUNT: ThrottleWindow = { windowSeconds: 60 * 60, max: 100 };
/** Each SMS costs money: limited per phone number and per account. */
export const SMS_PER_NUMBER: ThrottleWindow = { windowSeconds: 60 * 60, max: 5 };
export const SMS_PER_ACCOUNT: ThrottleWindow = { windowSeconds: 60 * 60, max: 5 };
/** Emails a visitor can ask for on behalf of one address. */
export const EMAILS_PER_ADDRESS: ThrottleWindow = { windowSeconds: 10 * 60, max: 3 };

export const NOT_WHILE_IMPERSONATING = 'Not while acting as this user: only they can change this.';

/** Changes to how a person signs in: never made by an admin acting as them (design §1). */
const SIGN_IN_SECURITY_PATHS = new Set([
  '/change-password',
  '/change-email',
  '/two-factor/enable',
  '/two-factor/disable',
  '/phone-number/send-otp',
  '/phone-number/verify',
  '/revoke-other-sessions',
  '/revoke-sessions',
  '/revoke-session',
]);

const TWO_FACTOR_COOKIE = 'two_factor';

function tooMany(retryAfterSeconds: number, message?: string) {
  return new APIError(
    'TOO_MANY_REQUESTS',
    {
      code: ERROR_CODES.rateLimited,
      message: message ?? `Too many attempts. Try again in ${retryAfterSeconds} seconds.`,
    },
    { 'x-retry-after': String(retryAfterSeconds) },
  );
}

function badField(field: string, code: string, message: string) {
  return new APIError('BAD_REQUEST', { code, message, field });
}

async function throttle(db: Db, key: string, window: ThrottleWindow, message?: string) {
  const result = await hitThrottle(db, key, window);
  if (!result.allowed) throw tooMany(result.retryAfterSeconds, message);
}

const normaliseEmail = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

function checkPassword(field: string, value: unknown) {
  const problem = passwordProblem(typeof value === 'string' ? value : '');
  if (problem) throw badField(field, ERROR_CODES.passwordPolicy, problem);
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The user a two-step sign-in is for, from better-auth's signed two-factor cookie. */
async function twoFactorUserId(ctx: HookContext): Promise<string | null> {
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const verification = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return verification?.value ?? null;
}

/**
 * What a member may change through /organization/update: better-auth drops the rest (abn, visibility
 * and tenant are not input) and then fails on an empty update with a 500 (issue 15, finding 3).
 */
export const WRITABLE_ORGANISATION_FIELDS = [
  'name',
  'slug',
  'logo',
  'metadata',
  'website',
  'phone',
  'address',
  'about',
] as const;
const WRITABLE_ORGANISATION_FIELD_SET = new Set<string>(WRITABLE_ORGANISATION_FIELDS);

function refuseEmptyOrganisationUpdate(data: unknown) {
  const changes =
    data && typeof data === 'object' && !Array.isArray(data)
      ? Object.entries(data).filter(
          ([key, value]) => WRITABLE_ORGANISATION_FIELD_SET.has(key) && value !== undefined,
        )
      : [];
  if (changes.length === 0) {
    throw badField(
      'data',
      ERROR_CODES.validation,
      `Nothing to change: send at least one of ${WRITABLE_ORGANISATION_FIELDS.join(', ')}.`,
    );
  }
}

/**
 * Issue 15, finding 6: an impersonation session past its hour ends before any better-auth endpoint
 * reads it (the portal's own routes check the same in `loadSession`), so no route of better-auth's
 * serves or refreshes it. A plain read by token: better-auth's own session read could refresh it.
 */
async function endImpersonationPastItsHour(ctx: HookContext, db: Db) {
  const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
  if (!token) return;
  const [row] = await db
    .select({ impersonatedBy: sessionTable.impersonatedBy, createdAt: sessionTable.createdAt })
    .from(sessionTable)
    .where(eq(sessionTable.token, token));
  if (row && impersonationOver(row)) await db.delete(sessionTable).where(eq(sessionTable.token, token));
}

/** /sign-up/email: what better-auth does not check itself (terms, names, organisation, password policy). */
function checkRegistration(body: Record<string, unknown>) {
  // A photo is uploaded through /api/account/photo (checked and stored by us), never linked from elsewhere.
  if (body.image !== undefined)
    throw badField('image', ERROR_CODES.validation, 'Add a photo from your profile.');
  if (body.acceptTerms !== true) {
    throw badField(
      'acceptTerms',
      ERROR_CODES.termsNotAccepted,
      'Accept the terms and conditions to continue.',
    );
  }
  for (const field of ['firstName', 'lastName'] as const) {
    const value = body[field];
    if (typeof value !== 'string' || !value.trim() || value.length > 100) {
      throw badField(
        field,
        ERROR_CODES.validation,
        `Enter your ${field === 'firstName' ? 'first' : 'last'} name.`,
      );
    }
  }
  const company = body.companyName;
  if (typeof company !== 'string' || !company.trim() || company.length > 200) {
    throw badField('companyName', ERROR_CODES.validation, 'Enter the name of your organisation.');
  }
  checkPassword('password', body.password);
}

/** /change-email: the current password first, so a session left open cannot move the account away. */
async function confirmCurrentPassword(ctx: HookContext, body: Record<string, unknown>) {
  const session = await getSessionFromCtx(ctx);
  if (!session) return; // better-auth refuses it as not signed in
  const accounts = await ctx.context.internalAdapter.findAccounts(session.user.id);
  const hash = accounts.find((account) => account.providerId === 'credential')?.password;
  const password = typeof body.password === 'string' ? body.password : '';
  if (!hash || !password || !(await ctx.context.password.verify({ hash, password }))) {
    throw badField('password', ERROR_CODES.invalidPassword, 'Your current password is not correct.');
  }
}

/** /two-factor/enable: the codes go to the mobile number, so it must be confirmed first. */
async function requireConfirmedPhone(ctx: HookContext) {
  const session = await getSessionFromCtx(ctx);
  const user = session?.user as
    | { phoneNumber?: string | null; phoneNumberVerified?: boolean | null }
    | undefined;
  if (session && !(user?.phoneNumber && user.phoneNumberVerified)) {
    throw new APIError('BAD_REQUEST', {
      code: ERROR_CODES.phoneNotVerified,
      message: 'Add and confirm your mobile number first: the sign-in codes are sent to it.',
    });
  }
}

/** /two-factor/send-otp: each SMS costs money, so codes are limited per account and per number. */
async function throttleSignInCodes(ctx: HookContext, db: Db) {
  const userId = await twoFactorUserId(ctx);
  if (!userId) return; // better-auth refuses it with its own message
  const user = (await ctx.context.internalAdapter.findUserById(userId)) as {
    phoneNumber?: string | null;
  } | null;
  await throttle(db, `sms-account:${userId}`, SMS_PER_ACCOUNT, 'Too many codes sent. Try again later.');
  if (user?.phoneNumber) {
    await throttle(
      db,
      `sms-number:${user.phoneNumber}`,
      SMS_PER_NUMBER,
      'Too many codes sent. Try again later.',
    );
  }
}

/**
 * The account a /sign-up/email call created: its new session's user. A refused sign-up (an existing
 * email) made no session, so it places nobody.
 */
function registeredUserId(ctx: HookContext): string | null {
  if (ctx.context.returned instanceof APIError) return null;
  return ctx.context.newSession?.user.id ?? null;
}

/**
 * Policies better-auth does not have, run before its endpoints: per-account and per-number limits,
 * the password policy, terms at registration, the current password before an email change, a verified
 * phone before two-step sign-in, nothing about signing in changed by an impersonating admin, no
 * impersonation past its hour, and no organisation update that changes nothing.
 */
export function createAuthHooks(
  db: Db,
  limits: { signInPerAccount: number },
  /** Decision 030: where a new account goes (a join request or its own organisation). */
  onRegistered?: (userId: string) => Promise<void>,
): NonNullable<BetterAuthOptions['hooks']> {
  const signInPerAccount = { ...SIGN_IN_PER_ACCOUNT, max: limits.signInPerAccount };
  return {
    before: createAuthMiddleware(async (ctx) => {
      const body = (ctx.body ?? {}) as Record<string, unknown>;
      await endImpersonationPastItsHour(ctx, db);
      if (SIGN_IN_SECURITY_PATHS.has(ctx.path)) {
        const session = await getSessionFromCtx(ctx);
        if (session?.session.impersonatedBy) {
          throw new APIError('FORBIDDEN', { code: ERROR_CODES.forbidden, message: NOT_WHILE_IMPERSONATING });
        }
      }
      switch (ctx.path) {
        case '/sign-in/email': {
          const email = normaliseEmail(body.email);
          if (!email) return;
          const failures = await peekThrottle(db, `sign-in-failures:${email}`, SIGN_IN_FAILURES_PER_ACCOUNT);
          if (!failures.allowed) throw tooMany(failures.retryAfterSeconds);
          await throttle(db, `sign-in:${email}`, signInPerAccount);
          return;
        }
        case '/sign-up/email': {
          checkRegistration(body);
          return;
        }
        case '/organization/update':
          refuseEmptyOrganisationUpdate(body.data);
          return;
        case '/reset-password':
        case '/change-password':
          checkPassword('newPassword', body.newPassword);
          return;
        case '/invitation/activate':
        case '/admin/create-user':
          checkPassword('password', body.password);
          return;
        case '/admin/set-user-password':
          checkPassword('newPassword', body.newPassword);
          return;
        case '/change-email': {
          await confirmCurrentPassword(ctx, body);
          return;
        }
        case '/two-factor/enable': {
          await requireConfirmedPhone(ctx);
          return;
        }
        case '/two-factor/send-otp': {
          await throttleSignInCodes(ctx, db);
          return;
        }
        case '/phone-number/send-otp': {
          const session = await getSessionFromCtx(ctx);
          if (!session)
            throw new APIError('UNAUTHORIZED', { message: 'You need to be signed in to do that.' });
          await throttle(
            db,
            `sms-account:${session.user.id}`,
            SMS_PER_ACCOUNT,
            'Too many codes sent. Try again later.',
          );
          const number = typeof body.phoneNumber === 'string' ? body.phoneNumber.replace(/\s/g, '') : '';
          if (number)
            await throttle(
              db,
              `sms-number:${number}`,
              SMS_PER_NUMBER,
              'Too many codes sent. Try again later.',
            );
          return;
        }
        case '/send-verification-email':
        case '/request-password-reset': {
          const email = normaliseEmail(body.email);
          if (email)
            await throttle(
              db,
              `email:${ctx.path}:${email}`,
              EMAILS_PER_ADDRESS,
              'Too many emails asked for. Try again in a few minutes.',
            );
          return;
        }
      }
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (ctx.path === '/sign-up/email') {
        const userId = registeredUserId(ctx);
        if (userId && onRegistered) await onRegistered(userId);
        return;
      }
      if (ctx.path !== '/sign-in/email') return;
      const email = normaliseEmail((ctx.body as Record<string, unknown> | undefined)?.email);
      if (!email) return;
      const returned = ctx.context.returned;
      const failed = returned instanceof APIError && returned.statusCode === 401;
      if (failed) await hitThrottle(db, `sign-in-failures:${email}`, SIGN_IN_FAILURES_PER_ACCOUNT);
      else if (!(returned instanceof APIError)) await resetThrottle(db, `sign-in-failures:${email}`);
    }),
  };
}
