import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, openAPI, organization } from 'better-auth/plugins';
import type { Db } from './db/client.ts';
import * as schema from './db/schema/index.ts';
import type { Logger } from './lib/logger.ts';

export type AuthOptions = {
  db: Db;
  baseUrl: string;
  secret: string;
  productName: string;
  trustedOrigins: string[];
  logger: Logger;
};

/**
 * better-auth endpoints that stay closed until the capability that owns them is built with its
 * checks and audit trail: self sign-up (the /register flow with terms and email verification),
 * profile updates outside /api/user-update, and impersonation (the magic-token flow, with opt-out
 * and audit). See docs/decisions/004-authentication.md.
 */
export const CLOSED_AUTH_PATHS = [
  '/sign-up/email',
  '/update-user',
  '/admin/impersonate-user',
  '/admin/stop-impersonating',
];

export const AUTH_BASE_PATH = '/api/auth';
export const CLIENT_IP_HEADER = 'x-offplan-client-ip';

/** Sign-in tries allowed per client address in a minute (issue 3 adds the per-account limits). */
export const SIGN_IN_RATE_LIMIT = { window: 60, max: 5 } as const;

export function createAuth(options: AuthOptions) {
  return betterAuth({
    appName: `${options.productName} Portal`,
    baseURL: options.baseUrl,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(options.db, { provider: 'pg', schema }),
    disabledPaths: CLOSED_AUTH_PATHS,
    // One JSON log: better-auth's own messages go through pino too.
    logger: {
      level: 'warn',
      log: (level, message, ...args) => options.logger[level]({ source: 'better-auth', args }, message),
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 12,
      maxPasswordLength: 128,
      // Unverified users may sign in and are routed to /verify-email (spec §4).
      requireEmailVerification: false,
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
        title: { type: 'string', required: false },
        jobRoleId: { type: 'number', required: false, input: false },
        termsAcceptedAt: { type: 'date', required: false, input: false },
        impersonationOptOut: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    rateLimit: {
      enabled: true,
      // Stored in the database so limits hold across processes.
      storage: 'database',
      window: 60,
      max: 100,
      customRules: { '/sign-in/email': SIGN_IN_RATE_LIMIT },
    },
    advanced: {
      useSecureCookies: options.baseUrl.startsWith('https://'),
      // Set by the server from the socket (or a trusted proxy); any client-sent value is replaced.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      // Describes the auth endpoints; merged into /api/openapi.json (app.ts).
      openAPI({ disableDefaultReference: true }),
      organization({
        creatorRole: 'owner',
        // Organisations are created by admins and the onboarding flow, never deleted by a member:
        // their names drive recommendations and claims (design §2), and deletion would unclaim projects.
        allowUserToCreateOrganization: false,
        disableOrganizationDeletion: true,
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
