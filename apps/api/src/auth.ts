import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RESET_TOKEN_SECONDS,
  SIGN_IN_CODE,
} from '@offplan/shared';
import type { BetterAuthOptions } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { isAPIError } from 'better-auth/api';
// Minimal: the same auth over our Drizzle adapter, without the Kysely adapter and migrations we never
// use, which the full entry loads at every start (a tenth of a second of processor time, issue 21).
import { betterAuth } from 'better-auth/minimal';
import {
  admin,
  type OrganizationOptions,
  openAPI,
  organization,
  phoneNumber,
  twoFactor,
} from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER } from './auth-constants.ts';
import type { Db } from './db/client.ts';
import * as schema from './db/schema/index.ts';
import { type Branding, tenantBranding } from './lib/branding.ts';
import type { Logger } from './lib/logger.ts';
import { type EmailContent, emailTemplates, smsTemplates } from './lib/message-templates.ts';
import type { Outbox } from './lib/outbox.ts';
import { createAuthHooks, SIGN_IN_PER_ACCOUNT } from './modules/auth/auth.hooks.ts';
import { impersonationPlugin } from './modules/auth/impersonation.plugin.ts';
import { impersonationEndsAt } from './modules/auth/impersonation-cap.ts';
import { invitationPlugin } from './modules/auth/invitation.plugin.ts';
import { registrationPlacement } from './modules/organisation-joins/registration.ts';
import { refreshRecommendationsOf } from './modules/projects/recommendations.repository.ts';

export { AUTH_BASE_PATH, CLIENT_IP_HEADER };

export type AuthOptions = {
  db: Db;
  baseUrl: string;
  secret: string;
  productName: string;
  /** EMAIL_FROM: its address sends a tenant's emails when the tenant row names no sender. */
  emailFrom: string;
  trustedOrigins: string[];
  logger: Logger;
  outbox: Outbox;
  /** Sign-in tries a minute per account (settings; 5 by default). */
  signInLimitPerAccount?: number;
};

/**
 * better-auth endpoints the portal does not offer (docs/decisions/004 and 014): profile updates go
 * through /api/user-update; impersonation is the audited magic-token flow of the impersonation plugin;
 * phone numbers are for two-step codes only (no sign-in or reset by phone); the second step is by SMS
 * only (no authenticator apps or backup codes yet); users are removed by admins, never by themselves.
 */
export const CLOSED_AUTH_PATHS = [
  '/update-user',
  '/delete-user',
  '/admin/impersonate-user',
  '/admin/stop-impersonating',
  '/sign-in/phone-number',
  '/phone-number/request-password-reset',
  '/phone-number/reset-password',
  '/two-factor/get-totp-uri',
  '/two-factor/verify-totp',
  '/two-factor/generate-backup-codes',
  '/two-factor/verify-backup-code',
  '/sign-in/magic-link',
];

/** Sign-in tries allowed per client address in a minute (issue 3 adds the per-account limits). */
export const SIGN_IN_RATE_LIMIT = { window: 60, max: 5 } as const;
/** Per client address, on top of the per-account and per-number limits of auth.hooks.ts. */
export const E164_PHONE = /^\+[1-9]\d{7,14}$/;
const MESSAGE_SENDING_RATE_LIMIT = { window: 60, max: 3 } as const;

/** An impersonation session's expiry: the one asked for, but never past the hour from its start. */
function cappedExpiry(expiresAt: Date | string | undefined, createdAt: Date | string) {
  const cap = impersonationEndsAt(createdAt);
  return expiresAt && new Date(expiresAt) < cap ? new Date(expiresAt) : cap;
}

/** Sessions and users as better-auth stores them, adjusted first. */
const DATABASE_HOOKS = {
  // Issue 15, finding 6: whatever refreshes an impersonation session, its expiry stays within its hour.
  session: {
    create: {
      before: async (data) =>
        data.impersonatedBy
          ? { data: { ...data, expiresAt: cappedExpiry(data.expiresAt, new Date()) } }
          : undefined,
    },
    update: {
      before: async (data, ctx) => {
        // better-auth updates a session through the request that read it (a refresh, set-active).
        const current = ctx?.context.session?.session as
          | { impersonatedBy?: string | null; createdAt: Date }
          | undefined;
        if (!data.expiresAt || !current?.impersonatedBy) return;
        return { data: { ...data, expiresAt: cappedExpiry(data.expiresAt, current.createdAt) } };
      },
    },
  },
  user: {
    create: {
      // The before-hook has refused every registration without accepted terms: record when.
      before: async (data, ctx) =>
        ctx?.path === '/sign-up/email' ? { data: { ...data, termsAcceptedAt: new Date() } } : undefined,
    },
  },
} satisfies BetterAuthOptions['databaseHooks'];

/**
 * Recommendations follow their inputs (issue 22 part 5): joining or leaving an organisation, and an
 * organisation's new name, change what matches its members.
 */
function recommendationHooks(db: Db) {
  return {
    afterAddMember: async ({ member }) => refreshRecommendationsOf(db, { userId: member.userId }),
    afterRemoveMember: async ({ member }) => refreshRecommendationsOf(db, { userId: member.userId }),
    afterAcceptInvitation: async ({ member }) => refreshRecommendationsOf(db, { userId: member.userId }),
    afterUpdateOrganization: async ({ organization }) => {
      if (organization) await refreshRecommendationsOf(db, { organisationId: organization.id });
    },
  } satisfies OrganizationOptions['organizationHooks'];
}

/** better-auth's per-address limits, per path. */
const RATE_LIMIT = {
  enabled: true,
  // Stored in the database so limits hold across processes.
  storage: 'database',
  window: 60,
  max: 100,
  customRules: {
    '/sign-in/email': SIGN_IN_RATE_LIMIT,
    '/sign-up/email': MESSAGE_SENDING_RATE_LIMIT,
    '/send-verification-email': MESSAGE_SENDING_RATE_LIMIT,
    '/request-password-reset': MESSAGE_SENDING_RATE_LIMIT,
    '/two-factor/send-otp': MESSAGE_SENDING_RATE_LIMIT,
    '/two-factor/verify-otp': SIGN_IN_RATE_LIMIT,
    '/phone-number/send-otp': MESSAGE_SENDING_RATE_LIMIT,
    '/impersonation/connect': SIGN_IN_RATE_LIMIT,
    '/invitation/activate': SIGN_IN_RATE_LIMIT,
    // Every page load reads the session, so an office behind one address would be signed out after
    // 100 page loads a minute, and each read paid a database write (the limit's row) before its
    // answer. It only reads: guessing a session token is not made easier by asking more often.
    '/get-session': false,
  },
} satisfies BetterAuthOptions['rateLimit'];

/**
 * What better-auth sends (reset and verification links, sign-in and phone codes), through the outbox
 * in the tenant's branding.
 */
function authMessages(options: AuthOptions) {
  const { db, outbox, baseUrl } = options;
  // Read on each message from the tenant row of the request being served (design §8, lib/branding.ts).
  const { productName, emailFrom } = options;
  const branding = () => tenantBranding({ db, productName, baseUrl, emailFrom });
  const sendEmail = (to: string, template: keyof typeof emailTemplates, content: EmailContent) =>
    outbox.send({ channel: 'email', to, template, ...content });
  const sendSms = async (to: string, template: keyof typeof smsTemplates, text: (b: Branding) => string) => {
    const brand = await branding();
    return outbox.send({ channel: 'sms', to, template, tenant: brand.tenant, text: text(brand) });
  };
  const nameOf = (user: { name?: string | null; firstName?: unknown }) =>
    (typeof user.firstName === 'string' && user.firstName) || user.name || 'there';

  return {
    sendResetPassword: async ({ user, token }: { user: { email: string; name: string }; token: string }) => {
      const url = `${baseUrl}/forgot-password/${encodeURIComponent(token)}`;
      await sendEmail(
        user.email,
        'resetPassword',
        emailTemplates.resetPassword(await branding(), nameOf(user), url),
      );
    },
    sendVerificationEmail: async ({
      user,
      token,
    }: {
      user: { id: string; email: string; name: string };
      token: string;
    }) => {
      const url = `${baseUrl}/verify?token=${encodeURIComponent(token)}`;
      // An email change sends the link to the new address, which is not yet the stored one.
      const [stored] = await db
        .select({ email: schema.user.email })
        .from(schema.user)
        .where(eq(schema.user.id, user.id));
      const changing = stored !== undefined && stored.email !== user.email;
      const brand = await branding();
      const content = changing
        ? emailTemplates.changeEmail(brand, nameOf(user), url)
        : emailTemplates.verifyEmail(brand, nameOf(user), url);
      await sendEmail(user.email, changing ? 'changeEmail' : 'verifyEmail', content);
    },
    sendSignInCode: async ({ user, otp }: { user: object; otp: string }) => {
      const phone = (user as { phoneNumber?: string | null }).phoneNumber;
      if (phone) await sendSms(phone, 'signInCode', (brand) => smsTemplates.signInCode(brand, otp));
    },
    sendPhoneCode: async ({ phoneNumber: phone, code }: { phoneNumber: string; code: string }) => {
      await sendSms(phone, 'phoneCode', (brand) => smsTemplates.phoneCode(brand, code));
    },
  };
}

export function createAuth(options: AuthOptions) {
  const { db } = options;
  const messages = authMessages(options);
  return betterAuth({
    appName: `${options.productName} Portal`,
    baseURL: options.baseUrl,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    // Reset tokens are kept as hashes: a copy of the database cannot be used to take over accounts.
    verification: { storeIdentifier: { default: 'plain', overrides: { 'reset-password:': 'hashed' } } },
    databaseHooks: {
      ...DATABASE_HOOKS,
      user: {
        ...DATABASE_HOOKS.user,
        // A new email domain can match other listings (design §2): recommendations follow it.
        update: { after: async (updated) => refreshRecommendationsOf(options.db, { userId: updated.id }) },
      },
    },
    hooks: createAuthHooks(
      db,
      { signInPerAccount: options.signInLimitPerAccount ?? SIGN_IN_PER_ACCOUNT.max },
      registrationPlacement({
        db,
        outbox: options.outbox,
        brandingSource: {
          db,
          productName: options.productName,
          baseUrl: options.baseUrl,
          emailFrom: options.emailFrom,
        },
        logger: options.logger,
      }),
    ),
    disabledPaths: CLOSED_AUTH_PATHS,
    // One JSON log: better-auth's own messages go through pino too.
    logger: {
      level: 'warn',
      log: (level, message, ...args) => options.logger[level]({ source: 'better-auth', args }, message),
    },
    // Refusals (4xx) are answers, not faults: only failures of the server are logged as errors.
    onAPIError: {
      onError: (error) => {
        if (isAPIError(error) && error.statusCode < 500) return;
        options.logger.error({ source: 'better-auth', err: error }, 'auth endpoint failed');
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Unverified users may sign in and are routed to /verify-email (spec §4).
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: messages.sendResetPassword,
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: messages.sendVerificationEmail,
    },
    user: {
      changeEmail: { enabled: true },
      additionalFields: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
        title: { type: 'string', required: false },
        /** The organisation typed at /register: a join request or a new organisation (decision 030). */
        companyName: { type: 'string', required: false },
        jobRoleId: { type: 'number', required: false, input: false },
        termsAcceptedAt: { type: 'date', required: false, input: false },
        impersonationOptOut: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    rateLimit: RATE_LIMIT,
    advanced: {
      useSecureCookies: options.baseUrl.startsWith('https://'),
      // Set by the server from the socket (or a trusted proxy); any client-sent value is replaced.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      twoFactor({
        issuer: `${options.productName} Portal`,
        // The phone was confirmed before two-step could be turned on (auth.hooks.ts).
        skipVerificationOnEnable: true,
        otpOptions: {
          digits: SIGN_IN_CODE.digits,
          period: SIGN_IN_CODE.minutes,
          allowedAttempts: SIGN_IN_CODE.attempts,
          storeOTP: 'hashed',
          sendOTP: messages.sendSignInCode,
        },
      }),
      phoneNumber({
        otpLength: SIGN_IN_CODE.digits,
        expiresIn: SIGN_IN_CODE.minutes * 60,
        allowedAttempts: SIGN_IN_CODE.attempts,
        // International (E.164) form without spaces, as SMS providers need it; the web converts 04… numbers.
        phoneNumberValidator: (phone) => E164_PHONE.test(phone),
        sendOTP: messages.sendPhoneCode,
      }),
      impersonationPlugin(db),
      invitationPlugin(db),
      // Describes the auth endpoints; merged into /api/openapi.json (app.ts).
      openAPI({ disableDefaultReference: true }),
      organization({
        creatorRole: 'owner',
        // Organisations are created by admins and the onboarding flow, never deleted by a member:
        // their names drive recommendations and claims (design §2), and deletion would unclaim projects.
        allowUserToCreateOrganization: false,
        disableOrganizationDeletion: true,
        organizationHooks: recommendationHooks(options.db),
        schema: {
          organization: {
            additionalFields: {
              // Validated (checksum) by the organisation page's own calls, not writable here.
              abn: { type: 'string', required: false, input: false },
              website: { type: 'string', required: false },
              phone: { type: 'string', required: false },
              address: { type: 'string', required: false },
              about: { type: 'string', required: false },
              visibility: { type: 'string', required: false, defaultValue: 'public', input: false },
              tenant: { type: 'string', required: false, defaultValue: 'offplan', input: false },
            },
          },
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;
