#!/usr/bin/env node
// Issue 21 item 6: Lighthouse 12.8 (13 needs Node 22) on the installed Chromium against the production
// build, with Lighthouse's default mobile settings: performance, accessibility, best practices and SEO
// of /login (signed out), /dashboard (signed in as the demo developer) and one of the developer's
// public listing pages. Prints a table of the median scores and, for a score under its target (95 on
// the public page, 90 on the others), the failed audits that weigh most. Slow, so not part of CI.
//
//   npm run lighthouse -- [--runs 3] [--base-url http://127.0.0.1:3000] [--port 3199] [--json out.json]
//
// Without --base-url it starts apps/api/dist (run `npm run build` first) on a throw-away data folder
// with the demo data, and stops it at the end. With one, that server must have the demo accounts.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'base-url': { type: 'string' },
    port: { type: 'string', default: '3199' },
    json: { type: 'string' },
  },
});
const runs = Number(options.runs);

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const DEVELOPER = { email: 'developer@demo.offplan.test', password: 'OffplanDemo!2026' };

/** Starts the production build on a fresh data folder with demo data; resolves once /readyz answers. */
async function startPortal(port) {
  const entry = path.join(root, 'apps/api/dist/index.js');
  if (!existsSync(entry)) throw new Error('apps/api/dist/index.js is missing: run `npm run build` first.');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'offplan-lighthouse-'));
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      // biome-ignore lint/style/noProcessEnv: a script, not the portal; its server starts with only what is listed here
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Lighthouse's runs sign the developer in more often than a person would.
      SIGN_IN_LIMIT_PER_ACCOUNT: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the portal exited (${child.exitCode}) before it was ready`);
    const status = await fetch(`${baseUrl}/readyz`).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) return { baseUrl, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('the portal was not ready within 3 minutes');
}

/** The developer's session cookie, and the path of one of the developer's listings selling now. */
async function signInDeveloper(baseUrl) {
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(DEVELOPER),
  });
  if (signIn.status !== 200) throw new Error(`signing the demo developer in answered ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const projects = await fetch(`${baseUrl}/api/user-projects`, { headers: { cookie } });
  const { output } = await projects.json();
  const listing = output.projects.find((project) => project.salesStatus === 'SELLING_NOW');
  if (!listing) throw new Error('the demo developer has no listing selling now');
  return { cookie, listingPath: `/${listing.prefix}/${listing.slug}` };
}

/** One Lighthouse run of one page: its category scores (0–100) and failed audits by weight. */
async function audit(chrome, url, cookie) {
  const result = await lighthouse(
    url,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      // The session cookie goes with every request of the page (a signed-in page without it is the
      // sign-in redirect); the storage reset would not remove it, but keeps each run a cold load.
      ...(cookie && { extraHeaders: { Cookie: cookie } }),
    },
    undefined,
  );
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
  const failed = {};
  for (const id of CATEGORIES) {
    failed[id] = lhr.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 0.9)
      .sort((a, b) => b.weight - a.weight)
      .slice(0, 5)
      .map((ref) => {
        const found = lhr.audits[ref.id];
        const shown = found.displayValue ? ` (${found.displayValue})` : '';
        return `${found.title}${shown}`;
      });
  }
  // What the performance audits say to fix: the opportunities, by the time Lighthouse estimates they save.
  const opportunities = Object.values(lhr.audits)
    .filter((found) => found.details?.type === 'opportunity' && (found.details.overallSavingsMs ?? 0) > 0)
    .sort((a, b) => b.details.overallSavingsMs - a.details.overallSavingsMs)
    .slice(0, 4)
    .map((found) => `${found.title} (${Math.round(found.details.overallSavingsMs)} ms)`);
  const metrics = Object.fromEntries(
    [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
    ].map((id) => [id, lhr.audits[id]?.displayValue ?? '']),
  );
  return { scores, failed, opportunities, metrics, finalUrl: lhr.finalDisplayedUrl };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const portal = options['base-url']
  ? { baseUrl: options['base-url'].replace(/\/$/, ''), stop: async () => {} }
  : await startPortal(Number(options.port));
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  // The machines have no internet: no component updates or background fetches to wait on.
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});
const report = [];
try {
  const { cookie, listingPath } = await signInDeveloper(portal.baseUrl);
  const pages = [
    { name: '/login', path: '/login', target: 90 },
    { name: '/dashboard', path: '/dashboard', target: 90, cookie },
    { name: `public listing ${listingPath}`, path: listingPath, target: 95 },
  ];
  for (const page of pages) {
    const results = [];
    for (let run = 1; run <= runs; run += 1) {
      results.push(await audit(chrome, `${portal.baseUrl}${page.path}`, page.cookie));
      process.stderr.write(`${page.name}: run ${run} of ${runs} done\n`);
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, median(results.map((result) => result.scores[id]))]),
    );
    report.push({ ...page, cookie: undefined, scores, runs: results });
  }
} finally {
  await chrome.kill();
  await portal.stop();
}

console.log(
  `\nLighthouse ${runs > 1 ? `medians of ${runs} runs` : 'one run'}, mobile (Lighthouse defaults)\n`,
);
const widths = [Math.max(...report.map((page) => page.name.length)), ...CATEGORIES.map((id) => id.length)];
const row = (cells) => cells.map((cell, index) => String(cell).padEnd(widths[index])).join('  ');
console.log(row(['page', ...CATEGORIES]));
for (const page of report) {
  console.log(
    row([
      page.name,
      ...CATEGORIES.map((id) => `${page.scores[id]}${page.scores[id] < page.target ? ' <' : ''}`),
    ]),
  );
}
console.log('\n< under its target (95 on the public page, 90 on the others)');
for (const page of report) {
  const last = page.runs.at(-1);
  console.log(
    `\n${page.name} (${last.finalUrl}): ${Object.entries(last.metrics)
      .map(([id, value]) => `${id} ${value}`)
      .join(', ')}`,
  );
  for (const id of CATEGORIES) {
    if (page.scores[id] === 100 || last.failed[id].length === 0) continue;
    console.log(`  ${id} ${page.scores[id]}, failed audits by weight: ${last.failed[id].join('; ')}`);
  }
  if (page.scores.performance < page.target && last.opportunities.length > 0) {
    console.log(`  opportunities: ${last.opportunities.join('; ')}`);
  }
}
if (options.json) writeFileSync(options.json, JSON.stringify(report, null, 2));
