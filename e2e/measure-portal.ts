import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '@offplan/shared';
import { type Browser, chromium } from '@playwright/test';

/**
 * What the page-measuring scripts (`npm run measure:web`, `npm run profile:web`) share: the production
 * build on its own port with a fresh embedded database and the demo data, Debian's Chromium, and the
 * demo developer's session.
 */
export const repositoryRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const serverEntry = path.join(repositoryRoot, 'apps/api/dist/index.js');

export type MeasuredPortal = { baseURL: string; stop: () => Promise<void> };

async function waitUntilReady(baseURL: string, server: ReturnType<typeof spawn>) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ready = await fetch(`${baseURL}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill('SIGTERM');
  throw new Error(`the server was not ready on ${baseURL} within five minutes`);
}

/** Starts `apps/api/dist` (run `npm run build` first) and resolves once `/readyz` answers. */
export async function startMeasuredPortal(port: number): Promise<MeasuredPortal> {
  if (!existsSync(serverEntry))
    throw new Error('apps/api/dist/index.js is missing: run `npm run build` first.');
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'offplan-measure-'));
  const server = spawn(process.execPath, [serverEntry], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      BASE_URL: '',
      TRUSTED_ORIGINS: '',
      MAINTENANCE_MODE: 'false',
      SIGN_IN_LIMIT_PER_ACCOUNT: '1000',
    },
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(baseURL, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}

export function launchMeasuringBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
}

/** Signs the demo developer in through the form; their session and one of their listings selling now. */
export async function signInDemoDeveloper(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/^\s*Email/).fill('developer@demo.offplan.test');
  await page.getByLabel(/^\s*Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  const state = await context.storageState();
  const { output } = (await (await page.request.get('/api/user-projects')).json()) as {
    output: { projects: { prefix: string; slug: string; salesStatus: string }[] };
  };
  const listing = output.projects.find((project) => project.salesStatus === 'SELLING_NOW');
  if (!listing) throw new Error('the demo developer has no listing selling now');
  await context.close();
  return { state, listingPath: `/${listing.prefix}/${listing.slug}` };
}
