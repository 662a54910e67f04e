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
    .min(0)
    .max(65535)
    .default(3000),
  // Loopback by default: the demo data has published passwords. Deployments set HOST=0.0.0.0.
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: optionalString.pipe(
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
});

export type Settings = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
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
};

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Parses the process environment once at boot; nothing else reads `process.env`. */
export function parseSettings(source: Record<string, string | undefined>): Settings {
  const result = settingsSchema.safeParse(source);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
  // Checked apart from the schema so it is reported together with every other problem.
  if (source.NODE_ENV === 'production' && !source.AUTH_SECRET?.trim()) {
    problems.push('AUTH_SECRET is required when NODE_ENV=production');
  }
  if (!result.success || problems.length) throw new SettingsError(problems);
  const raw = result.data;
  const displayHost = raw.HOST === '0.0.0.0' || raw.HOST === '::' ? '127.0.0.1' : raw.HOST;
  const baseUrl = (raw.BASE_URL ?? `http://${displayHost}:${raw.PORT}`).replace(/\/$/, '');
  const production = raw.NODE_ENV === 'production';
  return {
    nodeEnv: raw.NODE_ENV,
    port: raw.PORT,
    host: raw.HOST,
    dataDir: raw.DATA_DIR,
    databaseUrl: raw.DATABASE_URL,
    baseUrl,
    productName: raw.PRODUCT_NAME,
    authSecret: raw.AUTH_SECRET,
    maintenanceMode: raw.MAINTENANCE_MODE,
    logLevel: raw.LOG_LEVEL,
    seedDemo: !production && (raw.SEED_DEMO ?? !raw.DATABASE_URL),
    trustProxy: raw.TRUST_PROXY,
    trustedOrigins: [baseUrl, ...(raw.TRUSTED_ORIGINS?.split(',').map((origin) => origin.trim()) ?? [])],
  };
}
