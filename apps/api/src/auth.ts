import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, organization } from 'better-auth/plugins';
import type { Db } from './db/client.ts';
import * as schema from './db/schema/index.ts';

export type AuthOptions = {
  db: Db;
  baseUrl: string;
  secret: string;
  productName: string;
  trustedOrigins: string[];
};

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
    emailAndPassword: {
      enabled: true,
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
      organization({
        creatorRole: 'owner',
        schema: {
          organization: {
            additionalFields: {
              abn: { type: 'string', required: false },
              website: { type: 'string', required: false },
              phone: { type: 'string', required: false },
              address: { type: 'string', required: false },
              about: { type: 'string', required: false },
              visibility: { type: 'string', required: false, defaultValue: 'public' },
              tenant: { type: 'string', required: false, defaultValue: 'offplan' },
            },
          },
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;
