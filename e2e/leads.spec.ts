import type { LeadDetail, LeadPage, OutboxMessage, ScoringRule } from '@offplan/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures.ts';
import { developerListing, enquire, newBuyer } from './listing-visitor.ts';
import { apiAs } from './mailbox.ts';

// Issue 16's walk: a visitor enquires on a listing → the developer's bell and email → the lead on /leads
// with its score explanation → Contacted with the response time; a repeat within 24 h adds no lead; the
// media agency sees masked details and no export; an admin's scoring change scores the next lead.
// Serial: the scoring test changes the platform's rules, which the first test's score depends on.
test.describe.configure({ mode: 'serial' });

const bell = (page: Page) => page.getByTestId('notification-bell');

async function leadsOf(api: APIRequestContext, email: string) {
  const response = await api.get(`/api/leads?q=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as LeadPage;
}

async function leadDetail(api: APIRequestContext, id: number) {
  return (await (await api.get(`/api/leads/${id}`)).json()) as LeadDetail;
}

test('a visitor enquires; the developer gets the bell and the email, scores it, contacts the buyer, and a repeat adds no lead', async ({
  browser,
  page,
  baseURL,
  clientAddress,
}) => {
  test.setTimeout(90_000);
  const developer = await apiAs(baseURL!, clientAddress, DEMO.developer);
  const admin = await apiAs(baseURL!, clientAddress, DEMO.admin);
  const listing = await developerListing(developer);
  const buyer = newBuyer('walk');

  await enquire(browser, baseURL!, clientAddress, listing.path, buyer);

  // The new-lead email is in the outbox for the developer (a job writes it after the enquiry commits).
  await expect
    .poll(
      async () => {
        const { items } = (await (await admin.get('/api/dev/mailbox')).json()) as { items: OutboxMessage[] };
        return items.some((message) => message.to === DEMO.developer && message.text.includes(buyer.email));
      },
      { timeout: 20_000 },
    )
    .toBe(true);

  // The developer's bell holds the new-lead message.
  await signIn(page, DEMO.developer);
  await bell(page).click();
  await expect(page.getByText(`New lead for ${listing.title}`).first()).toBeVisible();
  await page.keyboard.press('Escape');

  // The lead is on /leads; its drawer explains the score and shows the message as text.
  await page.goto(`/leads?q=${encodeURIComponent(buyer.email)}`);
  const table = page.getByRole('table', { name: 'Leads' });
  await expect(table.getByText(buyer.name)).toBeVisible();
  await table.getByRole('button', { name: buyer.name }).click();
  const drawer = page.getByRole('dialog');
  const reasons = drawer.getByRole('list', { name: 'Why it scored so' });
  await expect(reasons).toContainText('Finance pre-approved');
  await expect(reasons).toContainText('+20');
  await expect(drawer.getByTestId('lead-message')).toHaveText(buyer.message);

  // Contacted: the first response time appears.
  const statusForm = drawer.getByRole('form', { name: 'Change status' });
  await statusForm.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Contacted', exact: true }).click();
  await statusForm.getByRole('button', { name: 'Change status' }).click();
  const [lead] = (await leadsOf(developer, buyer.email)).items;
  await expect.poll(async () => (await leadDetail(developer, lead!.id)).firstResponseSeconds).not.toBeNull();
  await expect(drawer.getByText('First response')).toBeVisible();
  await expect(drawer.getByText(/Contacted/).first()).toBeVisible();

  // The same buyer enquires again within 24 hours: still one lead, counted twice.
  await enquire(browser, baseURL!, clientAddress, listing.path, { ...buyer, message: 'Following up.' });
  const after = await leadsOf(developer, buyer.email);
  expect(after.total).toBe(1);
  expect(after.items[0]?.enquiryCount).toBe(2);

  await developer.dispose();
  await admin.dispose();
});

test('the media agency sees masked contact details and no export', async ({
  page,
  baseURL,
  clientAddress,
}) => {
  const agency = await apiAs(baseURL!, clientAddress, DEMO.agency);
  const answer = (await (await agency.get('/api/leads')).json()) as LeadPage;
  expect(answer.masked).toBe(true);
  expect(answer.canExport).toBe(false);
  expect(answer.items.length).toBeGreaterThan(0);
  expect(answer.items.every((lead) => lead.email === '••••' && lead.phone === '••••')).toBe(true);
  expect((await agency.get('/api/leads/export')).status()).toBe(403);
  await agency.dispose();

  await signIn(page, DEMO.agency);
  await page.goto('/leads');
  await expect(page.getByText('Contact details are hidden for your role')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Leads' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Export CSV/ })).toHaveCount(0);
});

test('an admin changes a scoring rule with a preview, saves it, and the next lead is scored by it', async ({
  browser,
  page,
  baseURL,
  clientAddress,
}) => {
  test.setTimeout(90_000);
  const admin = await apiAs(baseURL!, clientAddress, DEMO.admin);
  const developer = await apiAs(baseURL!, clientAddress, DEMO.developer);
  const original = ((await (await admin.get('/api/lead-scoring/rules')).json()) as { rules: ScoringRule[] })
    .rules;
  const label = `Wrote a message (e2e ${Date.now().toString(36)})`;
  try {
    await signIn(page, DEMO.admin);
    await page.goto('/lead-scoring');
    const rules = page.getByRole('list', { name: 'Scoring rules' });
    const messageRule = original.findIndex((rule) => rule.field === 'hasMessage');
    expect(messageRule).toBeGreaterThanOrEqual(0);
    const name = `Rule ${messageRule + 1}`;
    await rules.getByRole('textbox', { name: `${name} label` }).fill(label);
    await rules.getByRole('textbox', { name: `${name} points` }).fill('25');
    await expect(page.getByRole('button', { name: 'Save rules' })).toBeDisabled();
    await page.getByRole('button', { name: /Preview/ }).click();
    await expect(page.getByText(/would change/i).first()).toBeVisible();
    await page.getByRole('button', { name: 'Save rules' }).click();
    await expect(page.getByText(/saved/i).first()).toBeVisible();

    const listing = await developerListing(developer);
    const buyer = newBuyer('scored');
    await enquire(browser, baseURL!, clientAddress, listing.path, buyer);
    const [lead] = (await leadsOf(developer, buyer.email)).items;
    const detail = await leadDetail(developer, lead!.id);
    expect(detail.scoreContributions).toContainEqual(expect.objectContaining({ label, points: 25 }));
  } finally {
    const restored = await admin.put('/api/lead-scoring/rules', {
      data: { rules: original.map(({ id: _id, ...rule }) => rule) },
    });
    expect(restored.status()).toBe(200);
    await admin.dispose();
    await developer.dispose();
  }
});
