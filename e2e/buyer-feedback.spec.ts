import { type BuyerFeedbackAnswer, type LeadPage, REPORTING_TIME_ZONE } from '@offplan/shared';
import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures.ts';
import { developerListing, enquire, newBuyer } from './listing-visitor.ts';
import { apiAs, latestMessage, linkIn } from './mailbox.ts';

// Issue 17's feedback walk: a buyer enquires on a listing → the feedback email (FEEDBACK_REQUEST_DELAY_HOURS=0
// on the e2e server) → the buyer rates the project 4 stars and the agent on the public page → the link
// works once → the developer's buyer feedback report shows the rating.

/** The developer takes the lead: the page then asks about them as the agent who handled it. */
async function assignToDeveloper(developer: APIRequestContext, email: string) {
  await expect
    .poll(
      async () =>
        ((await (await developer.get(`/api/leads?q=${encodeURIComponent(email)}`)).json()) as LeadPage).items
          .length,
    )
    .toBe(1);
  const { items } = (await (
    await developer.get(`/api/leads?q=${encodeURIComponent(email)}`)
  ).json()) as LeadPage;
  const session = (await (await developer.get('/api/auth/get-session')).json()) as { user: { id: string } };
  const assigned = await developer.put(`/api/leads/${items[0]!.id}/assignee`, {
    data: { assigneeId: session.user.id },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
}

test('a buyer follows the feedback email, rates 4 stars once, and the developer’s report shows it', async ({
  browser,
  page,
  baseURL,
  clientAddress,
}) => {
  test.setTimeout(90_000);
  const developer = await apiAs(baseURL!, clientAddress, DEMO.developer);
  const admin = await apiAs(baseURL!, clientAddress, DEMO.admin);
  const listing = await developerListing(developer);
  const buyer = newBuyer('rater', 'FIRST_HOME_BUYER');
  const comment = `Clear answers and a quick call back (${buyer.email}).`;

  await enquire(browser, baseURL!, clientAddress, listing.path, buyer);
  await assignToDeveloper(developer, buyer.email);

  // The request job writes the buyer's email once the lead is notified.
  const message = await latestMessage(admin, buyer.email);
  expect(message.subject).toBe(`How was your enquiry about ${listing.title}?`);
  const link = linkIn(message, '/rate/');

  // The buyer opens the link in a browser of their own, without a session.
  const buyerContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress },
  });
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto(link);
  await expect(
    buyerPage.getByRole('heading', { name: `Rate your enquiry about ${listing.title}` }),
  ).toBeVisible();
  await buyerPage
    .getByRole('group', { name: `How would you rate ${listing.title}?` })
    .getByLabel('4 stars')
    .check();
  await buyerPage
    .getByRole('group', { name: /who handled your enquiry\?/ })
    .getByLabel('5 stars')
    .check();
  await buyerPage.getByLabel('Comment (optional)').fill(comment);
  await buyerPage.getByRole('button', { name: 'Send feedback' }).click();
  await expect(buyerPage.getByRole('heading', { name: 'Thank you for your feedback' })).toBeVisible();

  // The link works once.
  const again = await buyerPage.goto(link);
  expect(again?.status()).toBe(410);
  await expect(buyerPage.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
  await buyerContext.close();

  // The report API counts it for today (Sydney).
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: REPORTING_TIME_ZONE }).format(new Date());
  const report = await developer.get(
    `/api/reporting/buyer-feedback?startDate=${today}&endDate=${today}&period=DAY&projectIds=${listing.id}`,
  );
  expect(report.status(), await report.text()).toBe(200);
  const answer = (await report.json()) as BuyerFeedbackAnswer;
  expect(answer.comments.find((entry) => entry.comment === comment)).toMatchObject({
    projectRating: 4,
    agentRating: 5,
    buyerType: 'FIRST_HOME_BUYER',
  });

  // The developer's buyer feedback page shows it (its default range: the last 30 days).
  await signIn(page, DEMO.developer);
  await page.goto('/reporting/buyer-feedback');
  await page.getByRole('tab', { name: /Comments/ }).click();
  const row = page.getByRole('table', { name: 'Comments' }).getByRole('row').filter({ hasText: comment });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell')).toContainText([today, listing.title, '4']);
});
