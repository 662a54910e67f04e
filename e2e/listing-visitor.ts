import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * A buyer on a public listing page, as the leads, feedback and reporting walks need one: a developer's
 * listing that takes enquiries, and the enquiry form filled and sent as a person would.
 */

type UserProjects = {
  output: { projects: { id: number; title: string; prefix: string; slug: string; salesStatus: string }[] };
};

export type Buyer = {
  name: string;
  email: string;
  phone: string;
  message: string;
  buyerType?: 'FIRST_HOME_BUYER' | 'NEXT_HOME_BUYER' | 'INVESTOR';
};

/** A buyer no earlier run has used; `tag` makes the name and email say which walk made them. */
export function newBuyer(tag: string, buyerType: Buyer['buyerType'] = 'INVESTOR'): Buyer {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `Robin ${tag} ${unique}`,
    email: `robin.${tag}.${unique}@example.com`,
    // 0412 is an allocated mobile range: a random 04 number can fall in one the form refuses (0445…).
    phone: `0412${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
    message: 'Is the two-bedroom still available? <b>Not bold</b>',
    buyerType,
  };
}

/** The developer's listings that take enquiries (design §2: not HIDDEN or SOLD_OUT), with their paths. */
export async function developerListings(developer: APIRequestContext) {
  const { output } = (await (await developer.get('/api/user-projects')).json()) as UserProjects;
  return output.projects
    .filter((project) => project.salesStatus === 'SELLING_NOW')
    .map((project) => ({ ...project, path: `/${project.prefix}/${project.slug}` }));
}

/** One of the developer's listings that takes enquiries. */
export async function developerListing(developer: APIRequestContext) {
  const [listing] = await developerListings(developer);
  expect(listing, 'the demo developer has a listing selling now').toBeTruthy();
  return listing!;
}

/** Fills the open listing page's enquiry form and sends it; the page thanks the buyer. */
export async function sendEnquiry(page: Page, buyer: Buyer) {
  const form = page.locator('#enquiry');
  await form.getByLabel('Name').fill(buyer.name);
  await form.getByLabel('Email').fill(buyer.email);
  await form.getByLabel('Phone').fill(buyer.phone);
  await form.getByLabel('Your postcode').fill('2000');
  await form.getByLabel('I am a').selectOption(buyer.buyerType ?? 'INVESTOR');
  await form.getByLabel('Budget ($)').fill('950000');
  await form.getByLabel('When do you plan to buy?').selectOption('WITHIN_3_MONTHS');
  await form.getByLabel('Finance').selectOption('PRE_APPROVED');
  await form.getByLabel('Message').fill(buyer.message);
  await form.getByLabel(/I agree to be contacted/).check();
  // The form refuses what is sent faster than a person fills it in (ENQUIRY_MIN_FILL_MS).
  await page.waitForTimeout(3200);
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page.getByText('Thank you: your enquiry has been sent')).toBeVisible();
}

/** A visitor with no session opens the listing (with campaign tags) and enquires, as a buyer would. */
export async function enquire(
  browser: Browser,
  baseURL: string,
  clientAddress: string,
  path: string,
  buyer: Buyer,
) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress },
  });
  const page = await context.newPage();
  await page.goto(`${path}?utm_source=e2e&utm_medium=test`);
  await sendEnquiry(page, buyer);
  await context.close();
}
