import { API_PATHS, type CrmDeliveryPage, type CrmDestination } from '@offplan/shared';
import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures.ts';
import { developerListing, enquire, newBuyer } from './listing-visitor.ts';
import { apiAs } from './mailbox.ts';

// Issue 18's walk (decision 029): the owner adds a webhook destination pointing at the portal's own
// dev receiver, sees its secret once, sends a test lead and watches it arrive; then a buyer's enquiry
// on one of the owner's listings is delivered there too. A plain member is told the page is not theirs.

async function destinationNamed(api: APIRequestContext, name: string) {
  const response = await api.get(API_PATHS.crmDestinations);
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: CrmDestination[] };
  return items.find((destination) => destination.name === name);
}

async function deliveriesOf(api: APIRequestContext, destinationId: number) {
  const response = await api.get(API_PATHS.crmDestinationDeliveries(destinationId));
  expect(response.status()).toBe(200);
  return ((await response.json()) as CrmDeliveryPage).items;
}

test('the owner adds a webhook, sees its secret once, and a test lead and a real enquiry arrive Delivered', async ({
  browser,
  page,
  baseURL,
  clientAddress,
}) => {
  test.setTimeout(120_000);
  const developer = await apiAs(baseURL!, clientAddress, DEMO.developer);
  const listing = await developerListing(developer);
  const name = `E2E receiver ${Date.now().toString(36)}`;

  await signIn(page, DEMO.developer);
  await page.getByRole('link', { name: 'CRM Integration' }).click();
  await expect(page).toHaveURL(/\/crm$/);
  await expect(page.getByRole('heading', { name: 'Destinations' })).toBeVisible();

  // Add the destination: all projects, the built-in receiver (http:// to this machine, outside production).
  await page.getByRole('button', { name: 'Add destination' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add a destination' });
  await form.getByLabel(/^Name/).fill(name);
  await form.getByLabel(/^Webhook URL/).fill(`${baseURL}${API_PATHS.devWebhookReceiver}`);
  await form.getByRole('button', { name: 'Add destination' }).click();

  // The secret, this once.
  const shown = page.getByRole('dialog', { name: `Signing secret for ${name}` });
  await expect(shown.getByText(/it will not be shown again/)).toBeVisible();
  const secret = (await shown.getByTestId('shown-once-value').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
  await shown.getByRole('button', { name: 'I have stored it' }).click();
  await expect(shown).toBeHidden();
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(card.getByText(secret.slice(-4), { exact: false })).toBeVisible();

  // A test lead: the log opens and refreshes itself until the receiver's 204 is in.
  await card.getByRole('button', { name: 'Send test lead' }).click();
  const drawer = page.getByRole('dialog', { name: `Delivery log: ${name}` });
  const log = drawer.getByRole('table', { name: `Deliveries to ${name}` });
  const testRow = log.getByTestId('delivery-row').filter({ hasText: 'Test lead' });
  await expect(testRow.getByText('Delivered')).toBeVisible({ timeout: 30_000 });
  await expect(testRow.getByRole('cell', { name: '204' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // A buyer enquires on one of the owner's listings: the lead goes to every destination of all projects.
  const destination = await destinationNamed(developer, name);
  expect(destination).toBeTruthy();
  const buyer = newBuyer('crm');
  await enquire(browser, baseURL!, clientAddress, listing.path, buyer);
  await expect
    .poll(
      async () =>
        (await deliveriesOf(developer, destination!.id)).find((delivery) => !delivery.test)?.status ?? 'none',
      { timeout: 40_000 },
    )
    .toBe('DELIVERED');
  const delivered = (await deliveriesOf(developer, destination!.id)).find((delivery) => !delivery.test)!;
  expect(delivered.projectTitle).toBe(listing.title);

  // The page shows it in that destination's log.
  await page.reload();
  await page.getByRole('article', { name }).getByRole('button', { name: 'Delivery log' }).click();
  const leadRow = log.getByTestId('delivery-row').filter({ hasText: `Lead #${delivered.leadId}` });
  await expect(leadRow).toContainText(listing.title);
  await expect(leadRow.getByText('Delivered')).toBeVisible();
});

test('a plain member of an organisation is told that CRM integration needs an owner or admin', async ({
  page,
}) => {
  await signIn(page, DEMO.marketer);
  await page.goto('/crm');
  await expect(page.getByText('You need to be an owner or admin')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Destinations' })).toHaveCount(0);
});
