import { readFileSync } from 'node:fs';
import type { LeadPage } from '@offplan/shared';
import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures.ts';

// Issue 19 item 6: an admin exports the leads of a date range from /export; the file holds exactly
// the leads the enquiries list finds for the same Sydney days, and the export is in the recent list.

const sydneyDay = (daysAgo: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(
    new Date(Date.now() - daysAgo * 86_400_000),
  );

/** Every lead id the admin's leads list finds for the range (the same date filter, paged through). */
async function leadIdsBetween(api: APIRequestContext, from: string, to: string) {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const response = await api.get(`/api/leads?from=${from}&to=${to}&perPage=100&page=${page}`);
    expect(response.status()).toBe(200);
    const answer = (await response.json()) as LeadPage;
    ids.push(...answer.items.map((item) => item.id));
    if (answer.items.length < 100) return ids;
  }
}

/** The file's rows as cells (the export quotes every cell and doubles quotes inside). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  for (const match of text.replace(/^\uFEFF/, '').matchAll(/"((?:[^"]|"")*)"(,|\r\n)/g)) {
    row.push(match[1]!.replace(/""/g, '"'));
    if (match[2] === '\r\n') {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

test('an admin exports the leads of a date range and the file has exactly those leads', async ({ page }) => {
  test.setTimeout(60_000);
  const from = sydneyDay(20);
  const to = sydneyDay(6);
  await signIn(page, DEMO.admin);
  const expected = await leadIdsBetween(page.request, from, to);
  expect(expected.length).toBeGreaterThan(0);

  await page.goto('/export');
  await expect(page.getByRole('heading', { name: 'Export', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: /^Leads/ }).check();
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByLabel('To', { exact: true }).fill(to);
  await expect(page.getByTestId('export-row-count')).toHaveText(
    new RegExp(`^${expected.length.toLocaleString('en-AU')} rows? created `),
  );

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export leads as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`leads-${from}-to-${to}.csv`);
  await expect(page.getByText('Export saved')).toBeVisible();

  const [header, ...rows] = csvRows(readFileSync((await download.path())!, 'utf8'));
  expect(header!.slice(0, 5)).toEqual(['Lead ID', 'Received', 'Project ID', 'Project', 'Organisation']);
  const ids = rows.map((cells) => Number(cells[0]));
  expect([...ids].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));

  // The export is recorded, and listed with who took it.
  const recent = page.getByRole('table', { name: 'Recent exports' });
  await expect(recent.getByRole('row').nth(1)).toContainText('Leads');
  await expect(recent.getByRole('row').nth(1)).toContainText('Finished');
  await expect(recent.getByRole('row').nth(1)).toContainText(DEMO.admin);
});

test('a portal user is refused the export API and never sees the page', async ({ page }) => {
  await signIn(page, DEMO.developer);
  expect((await page.request.get('/api/exports/leads')).status()).toBe(403);
  await page.goto('/export');
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Export .* as CSV$/ })).toHaveCount(0);
});
