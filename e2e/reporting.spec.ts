import { readFile } from 'node:fs/promises';
import {
  type ListingPerformanceAnswer,
  PERFORMANCE_FIGURE_LABELS,
  type PerformanceFigure,
  REPORTING_TIME_ZONE,
  STORAGE_KEYS,
} from '@offplan/shared';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures.ts';
import { developerListings, newBuyer, sendEnquiry } from './listing-visitor.ts';
import { apiAs } from './mailbox.ts';

// Issue 17's "Done when", listing-performance part: a visitor opens a listing, downloads its brochure
// and enquires; within a minute the developer's report for today counts the view and the download;
// week and buyer type change the figures and the chart; CSV and PNG download; the selections survive
// a reload and are gone after logout. Then the pages are checked with axe (when it is installed).

/**
 * A desktop Chrome's user agent: the tracker's events from Playwright's own ("HeadlessChrome") are
 * left out as a bot's, as decision 028 says they must be.
 */
const VISITOR_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

function reportingToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: REPORTING_TIME_ZONE }).format(new Date());
}

function daysBefore(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** One of the developer's listings whose public page offers a brochure and takes enquiries. */
async function listingWithBrochure(developer: APIRequestContext) {
  for (const listing of await developerListings(developer)) {
    const html = await (await developer.get(listing.path)).text();
    if (html.includes('data-track="brochure_download"')) return listing;
  }
  throw new Error('The demo developer has no selling listing with a brochure');
}

async function todaysFigures(developer: APIRequestContext, projectId: number) {
  const today = reportingToday();
  const response = await developer.get(
    `/api/reporting/listing-performance?startDate=${today}&endDate=${today}&period=DAY&projectIds=${projectId}`,
  );
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as ListingPerformanceAnswer).totals;
}

/** A visitor (no session, a browser's user agent) views the listing, opens its brochure and enquires. */
async function visit(browser: Browser, baseURL: string, clientAddress: string, path: string) {
  const context = await browser.newContext({
    baseURL,
    userAgent: VISITOR_USER_AGENT,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress },
  });
  const page = await context.newPage();
  const pageView = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/listing-events' && response.status() === 202,
  );
  await page.goto(`${path}?utm_source=e2e-reporting`);
  await pageView;
  // The brochure opens in this tab (or downloads); the tracker sends the click by beacon either way.
  await page
    .locator('[data-track="brochure_download"]')
    .first()
    .click({ modifiers: ['Alt'] });
  await sendEnquiry(page, newBuyer('reporting'));
  await context.close();
}

const filters = (page: Page) => page.getByRole('region', { name: 'Report filters' });

async function kpi(page: Page, figure: PerformanceFigure): Promise<number> {
  const text = await page.getByTestId(`kpi-${figure}`).getByTestId('kpi-value').textContent();
  return Number((text ?? '').replaceAll(',', ''));
}

async function chooseOption(page: Page, combobox: string, option: string) {
  await filters(page).getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function setRange(page: Page, from: string, to: string) {
  await filters(page).getByLabel('To').fill(to);
  await filters(page).getByLabel('From').fill(from);
}

/** The chart's data table (hidden until asked for; screen readers always have it). */
const chartData = (page: Page, title: string) => page.getByRole('table', { name: `${title} (data)` });

async function readDownload(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

test("a visitor's view and brochure download reach the developer's report; filters, exports and the reporting state", async ({
  browser,
  page,
  baseURL,
  clientAddress,
}) => {
  test.setTimeout(180_000);
  const developer = await apiAs(baseURL!, clientAddress, DEMO.developer);
  const listing = await listingWithBrochure(developer);
  const before = await todaysFigures(developer, listing.id);
  const today = reportingToday();

  await visit(browser, baseURL!, clientAddress, listing.path);

  // The developer's report for today, on that listing: reloaded until the rollup has run.
  await signIn(page, DEMO.developer);
  await page.goto('/reporting/listing-performance');
  await chooseOption(page, 'Projects', listing.title);
  await page.keyboard.press('Escape');
  await setRange(page, today, today);
  await expect(
    page.getByRole('table', { name: 'Figures by project' }).getByTestId('performance-row'),
  ).toHaveText([new RegExp(`^${listing.title}`)]);
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(page.getByTestId('kpi-pageViews')).toBeVisible();
        return {
          views: (await kpi(page, 'pageViews')) > before.pageViews,
          brochures: (await kpi(page, 'brochureDownloads')) > before.brochureDownloads,
        };
      },
      { timeout: 90_000, intervals: [5_000] },
    )
    .toEqual({ views: true, brochures: true });
  expect(await kpi(page, 'enquiries')).toBeGreaterThan(before.enquiries);

  // The last 30 days by month, then by week: the chart gets a point per week.
  await setRange(page, daysBefore(today, 29), today);
  const enquiries = PERFORMANCE_FIGURE_LABELS.enquiries;
  await page.getByRole('combobox', { name: 'Figure charted' }).click();
  await page.getByRole('option', { name: enquiries, exact: true }).click();
  const overTime = chartData(page, `${enquiries} over time`);
  await expect(overTime.getByRole('row').nth(1)).not.toContainText('Week of');
  const monthRows = await overTime.getByRole('row').count();
  await filters(page).getByText('Week', { exact: true }).click();
  await expect(overTime.getByRole('row').nth(1)).toContainText('Week of');
  expect(await overTime.getByRole('row').count()).toBeGreaterThan(monthRows);

  // Buyer type narrows enquiries: the visitor was an investor, so first home buyers have fewer.
  const allBuyers = await kpi(page, 'enquiries');
  const allBuyersChart = await overTime.textContent();
  await chooseOption(page, 'Buyer type', 'First Home Buyer');
  await expect.poll(() => kpi(page, 'enquiries')).toBeLessThan(allBuyers);
  await expect.poll(() => overTime.textContent()).not.toBe(allBuyersChart);

  // CSV of exactly the table; PNG of the chart.
  const csv = await readDownload(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
  expect(csv.name).toMatch(/\.csv$/);
  const lines = csv.bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines[0]).toBe(
    '"Project","Page views","Unique visitors","Enquiries","Conversion","Brochure downloads","Floorplan views","Phone reveals","Video plays","Gallery opens"',
  );
  expect(lines[1]).toMatch(new RegExp(`^"${listing.title}","\\d+","\\d+","\\d+",`));
  const png = await readDownload(page, () =>
    page.getByRole('button', { name: `Download ${enquiries} over time as PNG` }).click(),
  );
  expect(png.name).toMatch(/\.png$/);
  expect([...png.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.bytes.length).toBeGreaterThan(2000);

  // The selections survive a reload…
  await page.reload();
  await expect(filters(page).getByText(listing.title)).toBeVisible();
  await expect(filters(page).getByRole('radio', { name: 'Week' })).toBeChecked();
  await expect(filters(page).getByRole('combobox', { name: 'Buyer type' })).toHaveValue('First Home Buyer');
  await expect(page.getByRole('img', { name: `${enquiries} over time` })).toBeVisible();

  // …and are gone after logout.
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  const stored = await page.evaluate(
    (keys) => [localStorage.getItem(keys.reportingSelections), localStorage.getItem(keys.reportFilterMarker)],
    STORAGE_KEYS,
  );
  expect(stored).toEqual([null, null]);
  await signIn(page, DEMO.developer);
  await page.goto('/reporting/listing-performance');
  await expect(filters(page).getByRole('radio', { name: 'Month' })).toBeChecked();
  await expect(filters(page).getByRole('combobox', { name: 'Buyer type' })).toHaveValue('All buyer types');
  await expect(filters(page).getByText(listing.title)).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Page views over time' })).toBeVisible();

  await developer.dispose();
});
