import { readFile } from 'node:fs/promises';
import { BUYER_DEMAND_PATHS } from '@offplan/shared';
import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures.ts';

// Issue 19 item 5: an admin opens /buyer-demands, changes the period and the grouping, sees the chart
// and the table, and downloads the CSV, whose rows are the table's.

/** The table's cells as text, row by row (numbers without their thousands separators). */
async function tableRows(page: Page, name: string): Promise<string[][]> {
  const table = page.getByRole('table', { name });
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim())),
    );
}

/** RFC 4180 as the page writes it: every cell quoted, quotes doubled, CRLF lines, a byte-order mark. */
function parseCsv(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => match[1]!.replaceAll('""', '"')));
}

test('an admin reads buyer demand by period and grouping, and downloads the table as CSV', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.admin);
  await page.goto('/buyer-demands');
  await expect(page.getByRole('heading', { name: 'Buyer Demands', level: 1 })).toBeVisible();
  const bySuburb = page.getByRole('table', { name: 'Demand and supply by suburb' });
  await expect(bySuburb.locator('tbody tr').first()).toBeVisible();
  // The demo's hot suburbs: demand outruns supply, first in the table.
  await expect(bySuburb.locator('tbody tr').first()).toHaveAttribute('data-outruns', 'true');

  // The period: the last 30 days asks again with that range.
  const asked = page.waitForResponse(
    (response) =>
      response.url().includes(BUYER_DEMAND_PATHS.buyerDemands) &&
      new URL(response.url()).searchParams.get('groupBy') === 'SUBURB' &&
      response.status() === 200,
  );
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last 30 days' }).click();
  const answer = await asked;
  const { startDate, endDate } = Object.fromEntries(new URL(answer.url()).searchParams);
  expect(Date.parse(endDate!) - Date.parse(startDate!)).toBe(29 * 86_400_000);
  await expect(page.getByRole('textbox', { name: 'From', exact: true })).toHaveValue(startDate!);

  // A period the wrong way round is refused at the field, the last figures stay.
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('2020-01-01');
  await expect(page.getByText('The end date must be on or after the start date')).toBeVisible();
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last 12 months' }).click();

  // Grouped by bedrooms: the chart and the table follow.
  await page.getByText('Bedrooms', { exact: true }).click();
  const byBedrooms = page.getByRole('table', { name: 'Demand and supply by bedrooms' });
  await expect(byBedrooms.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Demand by bedrooms' })).toBeVisible();
  await expect(
    page.getByRole('img', { name: 'Demand by bedrooms' }).locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();
  const shown = await tableRows(page, 'Demand and supply by bedrooms');
  expect(shown.map((row) => row[0])).toContain('2 bedrooms');

  // The CSV is the table: its header, then its rows in its order with its words.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^buyer-demand-by-bedrooms-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = parseCsv((await readFile(await file.path())).toString('utf8'));
  const header = await page
    .getByRole('table', { name: 'Demand and supply by bedrooms' })
    .locator('thead th')
    .allTextContents();
  expect(csv[0]).toEqual(header);
  expect(csv.slice(1)).toEqual(shown);
});
