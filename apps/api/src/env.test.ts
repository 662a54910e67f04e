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
      CONTACT_URL: 'javascript:alert(1)',
    });
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL/);
    expect(problems.join('\n')).toMatch(/MAINTENANCE_MODE/);
    expect(problems.join('\n')).toMatch(/CONTACT_URL/);
  });

  it('asks buyers for feedback 72 hours after a new lead by default; 0 asks at once, a negative or a word is refused', () => {
    expect(parseSettings({}).feedbackRequestDelayHours).toBe(72);
    expect(parseSettings({ FEEDBACK_REQUEST_DELAY_HOURS: '0' }).feedbackRequestDelayHours).toBe(0);
    expect(parseSettings({ FEEDBACK_REQUEST_DELAY_HOURS: '1.5' }).feedbackRequestDelayHours).toBe(1.5);
    expect(problemsOf({ FEEDBACK_REQUEST_DELAY_HOURS: '-1' })[0]).toMatch(/FEEDBACK_REQUEST_DELAY_HOURS/);
    expect(problemsOf({ FEEDBACK_REQUEST_DELAY_HOURS: 'soon' })[0]).toMatch(/FEEDBACK_REQUEST_DELAY_HOURS/);
  });

  it('runs the CRM retry schedule at full length by default; a smaller scale shortens it, zero or a word is refused', () => {
    expect(parseSettings({}).crmRetryTimeScale).toBe(1);
    expect(parseSettings({ CRM_RETRY_TIME_SCALE: '0.0002' }).crmRetryTimeScale).toBe(0.0002);
    expect(problemsOf({ CRM_RETRY_TIME_SCALE: '0' })[0]).toMatch(/CRM_RETRY_TIME_SCALE/);
    expect(problemsOf({ CRM_RETRY_TIME_SCALE: 'fast' })[0]).toMatch(/CRM_RETRY_TIME_SCALE/);
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

  it('fills demo data only on a loopback embedded portal by default, when asked, and never in production', () => {
    const server = { DATABASE_URL: 'postgres://localhost/x', AUTH_SECRET: 'x'.repeat(32) };
    expect(parseSettings(server).seedDemo).toBe(false);
    expect(parseSettings({ ...server, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    // Published demo passwords are not put on the network unless asked for.
    expect(parseSettings({ HOST: '0.0.0.0' }).seedDemo).toBe(false);
    expect(parseSettings({ HOST: '0.0.0.0', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), SEED_DEMO: 'true' };
    expect(parseSettings(production).seedDemo).toBe(false);
  });

  it('requires AUTH_SECRET with a PostgreSQL server, which several processes share', () => {
    expect(problemsOf({ DATABASE_URL: 'postgres://localhost/x' })).toEqual([
      'AUTH_SECRET is required with DATABASE_URL',
    ]);
  });

  it('derives the base URL and trusted origins', () => {
    const settings = parseSettings({
      PORT: '8080',
      HOST: '0.0.0.0',
      TRUSTED_ORIGINS: 'https://a.example/, https://b.example/some/path,',
    });
    expect(settings.baseUrl).toBe('http://127.0.0.1:8080');
    expect(settings.trustedOrigins).toEqual([
      'http://127.0.0.1:8080',
      'https://a.example',
      'https://b.example',
    ]);
    expect(parseSettings({ BASE_URL: 'https://portal.example/' }).baseUrl).toBe('https://portal.example');
    expect(parseSettings({ BASE_URL: 'https://portal.example/app' }).trustedOrigins).toEqual([
      'https://portal.example',
    ]);
    expect(parseSettings({ HOST: '::1', PORT: '3001' }).baseUrl).toBe('http://[::1]:3001');
  });

  it('refuses a trusted origin that is not an http(s) address, and port 0', () => {
    expect(problemsOf({ TRUSTED_ORIGINS: 'https://ok.example,not a url' })).toEqual([
      "TRUSTED_ORIGINS 'not a url' is not an http(s) origin",
    ]);
    expect(problemsOf({ PORT: '0' })[0]).toMatch(/^PORT/);
  });
});
