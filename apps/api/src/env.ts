import { DEFAULT_CONTACT_URL, TENANTS, type Tenant } from '@offplan/shared';
import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const optionalString = z
  .string()
  .transform((value) => value.trim() || undefined)
  .optional();

const settingsSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be from 1 to 65535')
    .max(65535)
    .default(3000),
  // Loopback by default: the demo data has published passwords. Deployments set HOST=0.0.0.0.
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// URL' }).optional(),
  ),
  /**
   * Issue 20: with DATABASE_URL pointing at a transaction-pooling proxy (PgBouncer), the direct server
   * address for what needs a session of its own: LISTEN, the job queue, migrations and their lock.
   */
  DIRECT_DATABASE_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// URL' }).optional(),
  ),
  BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  PRODUCT_NAME: z.string().trim().min(1).default('Offplan'),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  MAINTENANCE_MODE: booleanish.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanish.optional(),
  TRUSTED_ORIGINS: optionalString,
  TRUST_PROXY: booleanish.default(false),
  SMTP_URL: optionalString.pipe(
    z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  EMAIL_FROM: z.string().trim().min(3).optional(),
  /** Show sent email and SMS to admins at /dev/mailbox; on by default outside production. */
  DEV_MAILBOX: booleanish.optional(),
  /** Sign-in tries a minute per account (design §7: 5). Raised only for test servers that share demo accounts. */
  SIGN_IN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  /** Analytics leave the portal only when a vendor key is set (issue 6). */
  AMPLITUDE_API_KEY: optionalString,
  AMPLITUDE_URL: z.url().default('https://api2.amplitude.com/2/httpapi'),
  POSTHOG_KEY: optionalString,
  POSTHOG_HOST: z.url().default('https://us.i.posthog.com'),
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  /** Listings (issue 5): object storage for media, address geocoder, page purges (H5). */
  S3_BUCKET: optionalString,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Path-style `{endpoint}/{bucket}/{key}` (MinIO and most S3-compatible servers); false: `{bucket}.{endpoint host}/{key}`. */
  S3_FORCE_PATH_STYLE: booleanish.default(true),
  GEOCODER_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  PURGE_TOKEN: optionalString,
  PUBLIC_SITE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  PUBLIC_SITE_PURGE_TOKEN: optionalString,
  /** Design §8: host names of tenants other than the default, "host=tenant,host=tenant" (issue 4). */
  TENANT_HOSTS: optionalString,
  /** Where /feedback messages are emailed (issue 4). */
  FEEDBACK_EMAIL: z.email().optional(),
  CONTACT_URL: z.url({ protocol: /^https?$/ }).default(DEFAULT_CONTACT_URL),
  /** Hours after a new lead before the buyer is asked for feedback (issue 17); 0 in the browser tests. */
  FEEDBACK_REQUEST_DELAY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 90)
    .default(72),
  /** Multiplies the CRM delivery retry schedule (decision 029: 5 s … 24 h); tests make it small. */
  CRM_RETRY_TIME_SCALE: z.coerce.number().positive('must be more than 0').max(100).default(1),
  /** Issue 20: `/metrics` answers only a caller sending `Authorization: Bearer <token>`; unset: 404. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /**
   * Issue 20: on SIGTERM the process answers not-ready at /readyz and goes on serving for this long, so
   * a load balancer's health check takes it out before it stops listening (rolling deploys drop nothing).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
});

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export type Settings = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Set when `databaseUrl` is a transaction-pooling proxy: the server itself, for sessions (issue 20). */
  directDatabaseUrl: string | undefined;
  baseUrl: string;
  productName: string;
  /** Undefined means: generate one and keep it in DATA_DIR (see lib/auth-secret.ts). */
  authSecret: string | undefined;
  maintenanceMode: boolean;
  logLevel: string;
  /** Fill an empty database with demo data: on by default for the embedded database, never in production. */
  seedDemo: boolean;
  trustedOrigins: string[];
  /** Take the client address from x-forwarded-for (only behind a proxy that sets it). */
  trustProxy: boolean;
  /** Email goes out by SMTP when set; it is always kept in the outbox. */
  smtpUrl: string | undefined;
  emailFrom: string;
  devMailbox: boolean;
  signInLimitPerAccount: number;
  /** Listing media, geocoder and public-page purges (see lib/media-storage.ts, lib/page-cache.ts). */
  listings: {
    s3:
      | {
          bucket: string;
          region: string;
          endpoint: string;
          accessKeyId: string;
          secretAccessKey: string;
          publicUrl: string;
          forcePathStyle: boolean;
        }
      | undefined;
    geocoderUrl: string | undefined;
    purgeToken: string | undefined;
    publicSite: { url: string; token: string } | undefined;
  };
  /** Host name (lower case, no port) → tenant; any other host is the default tenant, offplan. */
  tenantHosts: Record<string, Tenant>;
  feedbackEmail: string;
  /** The sidebar's external contact-us page (spec §2). */
  contactUrl: string;
  /** Hours after a new lead before its buyer's feedback request is written (decision 028). */
  feedbackRequestDelayHours: number;
  /** Multiplies every wait of the CRM delivery retry schedule (decision 029); 1 in production. */
  crmRetryTimeScale: number;
  /** Bearer token for `/metrics`; undefined: the endpoint answers 404 (issue 20). */
  metricsToken: string | undefined;
  /** Milliseconds between answering not-ready and closing the listener on SIGTERM (issue 20). */
  shutdownDrainMs: number;
  analytics: {
    retentionDays: number;
    amplitude: { apiKey: string; url: string } | undefined;
    posthog: { apiKey: string; host: string } | undefined;
  };
};

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/**
 * The S3 bucket for listing media when its three S3_* settings are set. The public URL defaults to
 * where the object is written: `{endpoint}/{bucket}` path-style, else `{scheme}//{bucket}.{host}`.
 */
function s3Settings(raw: z.output<typeof settingsSchema>): Settings['listings']['s3'] {
  if (!raw.S3_BUCKET || !raw.S3_ACCESS_KEY_ID || !raw.S3_SECRET_ACCESS_KEY) return undefined;
  const endpoint = (raw.S3_ENDPOINT ?? `https://s3.${raw.S3_REGION}.amazonaws.com`).replace(/\/$/, '');
  const { protocol, host } = new URL(endpoint);
  const bucketUrl = raw.S3_FORCE_PATH_STYLE
    ? `${endpoint}/${raw.S3_BUCKET}`
    : `${protocol}//${raw.S3_BUCKET}.${host}`;
  return {
    bucket: raw.S3_BUCKET,
    region: raw.S3_REGION,
    endpoint,
    accessKeyId: raw.S3_ACCESS_KEY_ID,
    secretAccessKey: raw.S3_SECRET_ACCESS_KEY,
    publicUrl: (raw.S3_PUBLIC_URL ?? bucketUrl).replace(/\/$/, ''),
    forcePathStyle: raw.S3_FORCE_PATH_STYLE,
  };
}

/** Parses the process environment once at boot; nothing else reads `process.env`. */
export function parseSettings(source: Record<string, string | undefined>): Settings {
  const result = settingsSchema.safeParse(source);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
  // Checked apart from the schema so they are reported together with every other problem.
  if (!source.AUTH_SECRET?.trim()) {
    if (source.NODE_ENV === 'production') problems.push('AUTH_SECRET is required when NODE_ENV=production');
    // Processes sharing a server must share the secret: one kept in a DATA_DIR would be each one's own.
    else if (source.DATABASE_URL?.trim()) problems.push('AUTH_SECRET is required with DATABASE_URL');
  }
  const trustedOrigins: string[] = [];
  for (const entry of source.TRUSTED_ORIGINS?.split(',') ?? []) {
    if (!entry.trim()) continue;
    const origin = originOf(entry.trim());
    if (origin) trustedOrigins.push(origin);
    else problems.push(`TRUSTED_ORIGINS '${entry.trim()}' is not an http(s) origin`);
  }
  const tenantHosts: Record<string, Tenant> = {};
  for (const entry of source.TENANT_HOSTS?.split(',') ?? []) {
    if (!entry.trim()) continue;
    const [host, tenant] = entry.split('=').map((part) => part.trim().toLowerCase());
    if (host && tenant && (TENANTS as readonly string[]).includes(tenant))
      tenantHosts[host] = tenant as Tenant;
    else
      problems.push(
        `TENANT_HOSTS '${entry.trim()}' is not host=tenant with a tenant of ${TENANTS.join(', ')}`,
      );
  }
  if (source.DIRECT_DATABASE_URL?.trim() && !source.DATABASE_URL?.trim()) {
    problems.push('DIRECT_DATABASE_URL needs DATABASE_URL (the pooler it bypasses)');
  }
  if (!result.success || problems.length) throw new SettingsError(problems);
  const raw = result.data;
  const displayHost = WILDCARD_HOSTS.has(raw.HOST)
    ? '127.0.0.1'
    : raw.HOST.includes(':')
      ? `[${raw.HOST}]`
      : raw.HOST;
  const baseUrl = (raw.BASE_URL ?? `http://${displayHost}:${raw.PORT}`).replace(/\/$/, '');
  const loopback = LOOPBACK_HOSTS.has(raw.HOST);
  const production = raw.NODE_ENV === 'production';
  return {
    nodeEnv: raw.NODE_ENV,
    port: raw.PORT,
    host: raw.HOST,
    dataDir: raw.DATA_DIR,
    databaseUrl: raw.DATABASE_URL,
    directDatabaseUrl: raw.DATABASE_URL ? raw.DIRECT_DATABASE_URL : undefined,
    baseUrl,
    productName: raw.PRODUCT_NAME,
    authSecret: raw.AUTH_SECRET,
    maintenanceMode: raw.MAINTENANCE_MODE,
    logLevel: raw.LOG_LEVEL,
    // Demo accounts have published passwords: by default only on a loopback-only embedded portal.
    seedDemo: !production && (raw.SEED_DEMO ?? (!raw.DATABASE_URL && loopback)),
    trustProxy: raw.TRUST_PROXY,
    smtpUrl: raw.SMTP_URL,
    emailFrom: raw.EMAIL_FROM ?? `${raw.PRODUCT_NAME} Portal <no-reply@${new URL(baseUrl).hostname}>`,
    devMailbox: raw.DEV_MAILBOX ?? !production,
    signInLimitPerAccount: raw.SIGN_IN_LIMIT_PER_ACCOUNT,
    listings: {
      s3: s3Settings(raw),
      geocoderUrl: raw.GEOCODER_URL,
      purgeToken: raw.PURGE_TOKEN,
      publicSite:
        raw.PUBLIC_SITE_URL && raw.PUBLIC_SITE_PURGE_TOKEN
          ? { url: raw.PUBLIC_SITE_URL.replace(/\/$/, ''), token: raw.PUBLIC_SITE_PURGE_TOKEN }
          : undefined,
    },
    tenantHosts,
    feedbackEmail: raw.FEEDBACK_EMAIL ?? `feedback@${new URL(baseUrl).hostname}`,
    contactUrl: raw.CONTACT_URL,
    feedbackRequestDelayHours: raw.FEEDBACK_REQUEST_DELAY_HOURS,
    crmRetryTimeScale: raw.CRM_RETRY_TIME_SCALE,
    metricsToken: raw.METRICS_TOKEN,
    shutdownDrainMs: raw.SHUTDOWN_DRAIN_MS,
    analytics: {
      retentionDays: raw.ANALYTICS_RETENTION_DAYS,
      amplitude: raw.AMPLITUDE_API_KEY
        ? { apiKey: raw.AMPLITUDE_API_KEY, url: raw.AMPLITUDE_URL }
        : undefined,
      posthog: raw.POSTHOG_KEY
        ? { apiKey: raw.POSTHOG_KEY, host: raw.POSTHOG_HOST.replace(/\/$/, '') }
        : undefined,
    },
    trustedOrigins: [...new Set([new URL(baseUrl).origin, ...trustedOrigins])],
  };
}
