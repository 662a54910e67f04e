/**
 * `npm run measure:web`: issue 21's table rows (compressed JavaScript, script files, LCP) for /login
 * signed out, /dashboard signed in and a public listing page, medians of three cold loads each.
 * Runs the production build (`npm run build` first) on its own port with a fresh embedded database,
 * in Debian's Chromium. MEASURE_PORT picks the port (3390 by default), MEASURE_RUNS the loads per page.
 */
import os from 'node:os';
import type { Browser, Page } from '@playwright/test';
import { launchMeasuringBrowser, signInDemoDeveloper, startMeasuredPortal } from './measure-portal.ts';
import { describeWeight, measurePage, median, type PageWeight, type WeightTarget } from './web-weight.ts';

const port = Number(process.env.MEASURE_PORT ?? 3390);
const runs = Number(process.env.MEASURE_RUNS ?? 3);

const headingReady = (name: string) => async (page: Page) => {
  await page.getByRole('heading', { name, exact: true }).first().waitFor();
};

async function medianWeight(browser: Browser, baseURL: string, target: WeightTarget): Promise<PageWeight> {
  const weights: PageWeight[] = [];
  for (let run = 0; run < runs; run++) weights.push(await measurePage(browser, baseURL, target));
  return {
    scriptBytes: median(weights.map((weight) => weight.scriptBytes)),
    scripts: median(weights.map((weight) => weight.scripts)),
    lcpMs: median(weights.map((weight) => weight.lcpMs)),
  };
}

async function main() {
  const portal = await startMeasuredPortal(port);
  const baseURL = portal.baseURL;
  const browser = await launchMeasuringBrowser();
  try {
    const { state, listingPath } = await signInDemoDeveloper(browser, baseURL);
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
      console.log(describeWeight(label, await medianWeight(browser, baseURL, target)));
  } finally {
    await browser.close();
    await portal.stop();
  }
}

await main();
