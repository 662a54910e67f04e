import { describe, expect, it } from 'vitest';
import { parseSettings, SettingsError } from './env.ts';

const problemsOf = (source: Record<string, string>) => {
  try {
    parseSettings(source);
  } catch (error) {
    if (error instanceof SettingsError) return error.problems;
    throw error;
  }
  return [];
};

describe('settings', () => {
  it('has the documented defaults', () => {
    const settings = parseSettings({});
    expect(settings).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './.data',
      databaseUrl: undefined,
      baseUrl: 'http://127.0.0.1:3000',
      productName: 'Offplan',
      maintenanceMode: false,
      logLevel: 'info',
      seedDemo: true,
      trustProxy: false,
    });
  });

  it('names each bad setting', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      LOG_LEVEL: 'loud',
      MAINTENANCE_MODE: 'maybe',
    });
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL/);
    expect(problems.join('\n')).toMatch(/MAINTENANCE_MODE/);
  });

  it('lists every problem at once', () => {
    expect(problemsOf({ NODE_ENV: 'production', PORT: 'eighty' })).toEqual([
      'PORT must be a port number',
      'AUTH_SECRET is required when NODE_ENV=production',
    ]);
  });

  it('requires AUTH_SECRET in production, and a long one', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'AUTH_SECRET is required when NODE_ENV=production',
    ]);
    expect(problemsOf({ AUTH_SECRET: 'short' })[0]).toMatch(/AUTH_SECRET/);
  });

  it('fills demo data on the embedded database only, unless asked, and never in production', () => {
    expect(parseSettings({ DATABASE_URL: 'postgres://localhost/x' }).seedDemo).toBe(false);
    expect(parseSettings({ DATABASE_URL: 'postgres://localhost/x', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(
      parseSettings({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), SEED_DEMO: 'true' }).seedDemo,
    ).toBe(false);
  });

  it('derives the base URL and trusted origins', () => {
    const settings = parseSettings({
      PORT: '8080',
      HOST: '0.0.0.0',
      TRUSTED_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(settings.baseUrl).toBe('http://127.0.0.1:8080');
    expect(settings.trustedOrigins).toEqual([
      'http://127.0.0.1:8080',
      'https://a.example',
      'https://b.example',
    ]);
    expect(parseSettings({ BASE_URL: 'https://portal.example/' }).baseUrl).toBe('https://portal.example');
  });
});
