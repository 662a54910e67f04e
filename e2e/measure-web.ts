/**
 * `npm run measure:web`: issue 21's table rows (compressed JavaScript, script files, LCP) for /login
 * signed out, /dashboard signed in and a public listing page, medians of three cold loads each.
 * Runs the production build (`npm run build` first) on its own port with a fresh embedded database,
 * in Debian's Chromium. MEASURE_PORT picks the port (3390 by default), MEASURE_RUNS the loads per page.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '@offplan/shared';
import { type Browser, chromium, type Page } from '@playwright/test';
import { describeWeight, measurePage, median, type PageWeight, type WeightTarget } from './web-weight.ts';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const port = Number(process.env.MEASURE_PORT ?? 3390);
const runs = Number(process.env.MEASURE_RUNS ?? 3);
const baseURL = `http://127.0.0.1:${port}`;
const serverEntry = path.join(root, 'apps/api/dist/index.js');

async function startServer(dataDir: string) {
  const server = spawn(process.execPath, [serverEntry], {
    cwd: root,
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
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ready = await fetch(`${baseURL}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill('SIGTERM');
  throw new Error(`the server was not ready on ${baseURL} within five minutes`);
}

async function signedInState(browser: Browser) {
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

const headingReady = (name: string) => async (page: Page) => {
  await page.getByRole('heading', { name, exact: true }).first().waitFor();
};

async function medianWeight(browser: Browser, target: WeightTarget): Promise<PageWeight> {
  const weights: PageWeight[] = [];
  for (let run = 0; run < runs; run++) weights.push(await measurePage(browser, baseURL, target));
  return {
    scriptBytes: median(weights.map((weight) => weight.scriptBytes)),
    scripts: median(weights.map((weight) => weight.scripts)),
    lcpMs: median(weights.map((weight) => weight.lcpMs)),
  };
}

async function main() {
  if (!existsSync(serverEntry))
    throw new Error('apps/api/dist/index.js is missing: run `npm run build` first.');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'offplan-measure-'));
  const server = await startServer(dataDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  try {
    const { state, listingPath } = await signedInState(browser);
    const rows: [string, WeightTarget][] = [
      ['`/login` signed out', { path: '/login', ready: headingReady('Sign in') }],
      [
        '`/dashboard` signed in',
        { path: '/dashboard', ready: headingReady('Dashboard'), storageState: state },
      ],
      [
        `public listing page \`${listingPath}\``,
        { path: listingPath, ready: (page) => page.locator('#enquiry').waitFor() },
      ],
    ];
    console.log(`Medians of ${runs} cold loads, ${baseURL} (load average ${os.loadavg()[0]?.toFixed(2)}):`);
    for (const [label, target] of rows)
      console.log(describeWeight(label, await medianWeight(browser, target)));
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
