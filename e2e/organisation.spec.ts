import { API_PATHS, ORGANISATION_MESSAGES, type OrganisationMember } from '@offplan/shared';
import { DEMO, expect, signIn, test } from './fixtures.ts';
import { apiAs } from './mailbox.ts';

// Issue 18's walk (decision 030): the owner of Harbourline opens /organisation, types a wrong ABN and
// is refused at the field, fixes it and saves; then makes a member an admin from the members table.

test('the owner fixes a wrong ABN at the field, saves the details and changes a member’s role', async ({
  page,
  baseURL,
  clientAddress,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.developer);
  await page.goto('/organisation');

  const form = page.getByRole('form', { name: 'Organisation details' });
  const abn = form.getByLabel('ABN');
  await abn.fill('51 824 753 557');
  await abn.blur();
  await expect(form.getByText(ORGANISATION_MESSAGES.abnInvalid)).toBeVisible();

  await abn.fill('51 824 753 556');
  await abn.blur();
  await expect(form.getByText(ORGANISATION_MESSAGES.abnInvalid)).toBeHidden();
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Details saved')).toBeVisible();

  const owner = await apiAs(baseURL!, clientAddress, DEMO.developer);
  const details = await owner.get(API_PATHS.organisation);
  expect(((await details.json()) as { abn: string }).abn).toBe('51824753556');

  const members = page.getByRole('table', { name: 'Members' });
  await members.getByRole('combobox', { name: 'Role of Chloe Martin' }).click();
  await page.getByRole('option', { name: 'Admin' }).click();
  await expect(page.getByText('Chloe Martin is now admin.')).toBeVisible();
  const list = await owner.get(API_PATHS.organisationMembers);
  const { items } = (await list.json()) as { items: OrganisationMember[] };
  expect(items.find((item) => item.name === 'Chloe Martin')?.role).toBe('admin');
});
