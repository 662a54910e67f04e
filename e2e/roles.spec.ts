import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures.ts';

// Issue 19's "Done when", /roles part: an admin removes a permission from a set on /roles and that
// user's next call is refused; after "Reset to default" it works again (decision 032).

const REPORT = '/reporting/listing-performance';

/** Opens (or reloads) the report and answers the status of its call to the API. */
async function openReport(developer: Page, reload = false): Promise<number> {
  const answer = developer.waitForResponse((response) =>
    response.url().includes('/api/reporting/listing-performance'),
  );
  if (reload) await developer.reload();
  else await developer.goto(REPORT);
  return (await answer).status();
}

test('an admin takes reporting.view from organisation owners: the developer is refused, and served after the reset', async ({
  page,
  browser,
  clientAddress,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.admin);
  await page.goto('/roles');
  await expect(page.getByRole('heading', { name: 'Manage Roles', level: 1 })).toBeVisible();
  const matrix = page.getByRole('table', { name: 'Permission sets' });
  const ownerReporting = matrix.getByRole('checkbox', { name: 'Owner: reporting.view' });
  await expect(ownerReporting).toBeChecked();

  // The developer (an owner of the demo organisation) sees the report before the change.
  const developerContext = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress },
  });
  const developer = await developerContext.newPage();
  try {
    await signIn(developer, DEMO.developer);
    expect(await openReport(developer)).toBe(200);
    await expect(developer.getByRole('heading', { name: 'Listing performance', exact: true })).toBeVisible();
    await expect(developer.getByText('The report could not be loaded')).toHaveCount(0);

    await ownerReporting.uncheck();
    await expect(page.getByText('One set has unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Save Owner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Take permissions away from Owner?' });
    await expect(dialog).toContainText('reporting.view');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Owner saved')).toBeVisible();
    await expect(ownerReporting).not.toBeChecked();

    // The developer's very next call is refused, and the page says so.
    expect(await openReport(developer, true)).toBe(403);
    const refusal = developer.getByRole('alert').filter({ hasText: 'The report could not be loaded' });
    await expect(refusal).toContainText('You do not have permission to do that.');

    await page.getByRole('button', { name: 'Reset to default: Owner' }).click();
    await expect(page.getByText('Owner reset to default')).toBeVisible();
    await expect(ownerReporting).toBeChecked();

    expect(await openReport(developer, true)).toBe(200);
    await expect(developer.getByRole('heading', { name: 'Listing performance', exact: true })).toBeVisible();
    await expect(developer.getByText('The report could not be loaded')).toHaveCount(0);
  } finally {
    // Leaves the shared demo data as it found it, whatever failed above.
    await page.request.delete('/api/admin/roles/organisation_owner');
    await developerContext.close();
  }
});
