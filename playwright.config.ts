import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// End-to-end tests run against the PRODUCTION build (`npm run build` first), started on its own port
// with a fresh embedded database, driven by Debian's Chromium (never `npx playwright install`).

const root = path.dirname(fileURLToPath(import.meta.url));
const tmp = path.join(root, '.tmp');
const port = Number(process.env.E2E_PORT ?? 3107);
const baseURL = `http://127.0.0.1:${port}`;

// Playwright evaluates this file again in every worker process. Only the first evaluation (the runner)
// picks the data folder and cleans up; workers inherit the choice through the environment, so they
// never delete the folder the running server uses.
if (!process.env.E2E_DATA_DIR) {
  const serverEntry = path.join(root, 'apps/api/dist/index.js');
  if (!existsSync(serverEntry)) {
    throw new Error(
      `${path.relative(root, serverEntry)} is missing: run \`npm run build\` before the e2e tests.`,
    );
  }
  mkdirSync(tmp, { recursive: true });
  for (const entry of readdirSync(tmp)) {
    if (entry.startsWith('e2e-')) rmSync(path.join(tmp, entry), { recursive: true, force: true });
  }
  const freshDataDir = path.join(tmp, `e2e-${Date.now()}`);
  mkdirSync(freshDataDir, { recursive: true });
  process.env.E2E_DATA_DIR = freshDataDir;
}
const dataDir: string = process.env.E2E_DATA_DIR;

// The machines have no internet: these flags stop Chromium from phoning home and hanging on it.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const chromiumUse = {
  browserName: 'chromium' as const,
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: chromiumArgs,
  },
};

const GLOBAL_SETTINGS_SPECS = /roles\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  outputDir: './.tmp/playwright-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // Never retry: a retry would hide a flaky test instead of reporting it.
  retries: 0,
  // Two cores: one worker per core is the most this machine runs well beside the server.
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(tmp, 'playwright.json') }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', use: chromiumUse, testIgnore: GLOBAL_SETTINGS_SPECS },
    {
      // Specs that change what every other test relies on (a permission set at /roles) run alone, after
      // the rest: a set taken away mid-run would refuse another worker's calls.
      name: 'chromium-global-settings',
      use: chromiumUse,
      testMatch: GLOBAL_SETTINGS_SPECS,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: 'node apps/api/dist/index.js',
    cwd: root,
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    // The server closes its database cleanly on SIGTERM.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 6000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      // Always the embedded database with demo data, whatever the developer's shell exports.
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      BASE_URL: '',
      TRUSTED_ORIGINS: '',
      MAINTENANCE_MODE: 'false',
      // e2e/site.spec.ts opens the portal as the IBN tenant on this host (Chromium resolves *.localhost).
      TENANT_HOSTS: 'ibn.localhost=ibn',
      // The browser tests sign the shared demo accounts in many times a minute from two workers; the
      // per-account limit itself is proven by the API tests (apps/api/src/modules/auth/auth.test.ts).
      SIGN_IN_LIMIT_PER_ACCOUNT: '1000',
      // e2e/buyer-feedback.spec.ts: the buyer's feedback email goes out as soon as the lead is notified.
      FEEDBACK_REQUEST_DELAY_HOURS: '0',
    },
  },
});
