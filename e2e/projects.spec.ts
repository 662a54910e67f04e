import { type ProjectSearchItem, VIDEO_LINK_INVALID_MESSAGE } from '@offplan/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures.ts';
import { apiAs, latestMessage, linkIn, newApi, newEmail } from './mailbox.ts';

/*
 * Projects on the web (issue 5 items 2–5): dashboard filters, claim, access requests and their
 * approval, the listing editor. Spec §2–§7, design §2; decision 021. Every test that changes data
 * works with people it creates, so two workers never see each other's changes.
 */

const PASSWORD = 'projects web e2e password';

type Summary = { id: number; title: string; salesStatus: string; stage: string };
type UserProjects = {
  output: {
    projects: Summary[];
    projectIds: number[];
    recommendedProjectIds: number[];
    projectRequestsIds: number[];
    organisation: { id: string; name: string } | null;
  };
};

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const navItem = (page: Page, label: RegExp) => sidebar(page).getByRole('link', { name: label });
const saveIndicator = (page: Page) => page.getByTestId('save-indicator');

/** The account state the app itself loads next (GET /api/user-projects). */
function nextUserProjects(page: Page): Promise<UserProjects['output']> {
  return page
    .waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/user-projects' && response.request().method() === 'GET',
    )
    .then(async (response) => ((await response.json()) as UserProjects).output);
}

/**
 * Reloads the page and returns the account state it was loaded with: sent inside the page (decision
 * 048), so read from the same call with the same session.
 */
async function reloadWithAccount(page: Page): Promise<UserProjects['output']> {
  await page.reload();
  const response = await page.request.get('/api/user-projects');
  expect(response.status()).toBe(200);
  return ((await response.json()) as UserProjects).output;
}

type Person = { email: string; id: string; name: string; api: APIRequestContext };

/** A portal user made by the real calls (invited, activated, job role chosen), optionally in an organisation. */
async function freshUser(
  admin: APIRequestContext,
  baseURL: string,
  clientAddress: string,
  label: string,
  organisationId?: string,
): Promise<Person> {
  const email = newEmail(label);
  const firstName = label[0]!.toUpperCase() + label.slice(1);
  const invited = await admin.post('/api/admin/invitations', {
    data: { email, firstName, lastName: 'Tester', ...(organisationId ? { organisationId } : {}) },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URL(`http://x${linkIn(await latestMessage(admin, email), '/activate')}`).searchParams.get(
    'token',
  );
  const api = await newApi(baseURL, clientAddress);
  const activated = await api.post('/api/auth/invitation/activate', { data: { token, password: PASSWORD } });
  expect(activated.status(), await activated.text()).toBe(200);
  const role = await api.post('/api/account/role', { data: { roleId: 1 } });
  expect(role.status(), await role.text()).toBe(200);
  const session = (await (await api.get('/api/auth/get-session')).json()) as { user: { id: string } };
  return { email, id: session.user.id, name: `${firstName} Tester`, api };
}

/** Every project, as a platform admin sees them in the search (spec §7 POST /api/projects/search). */
async function allProjects(admin: APIRequestContext): Promise<ProjectSearchItem[]> {
  const items: ProjectSearchItem[] = [];
  for (let page = 1; ; page += 1) {
    const response = await admin.post('/api/projects/search', {
      data: { params: { pagination: { perPage: 100, page } } },
    });
    expect(response.status(), await response.text()).toBe(200);
    const body = (await response.json()) as { items: ProjectSearchItem[]; pageCount: number };
    items.push(...body.items);
    if (page >= body.pageCount) return items;
  }
}

/** One an outsider can find: HIDDEN and NOT_PROCEEDING projects are off the marketplace (design §2). */
const onMarketplace = (item: { salesStatus: string; stage: string }) =>
  item.salesStatus !== 'HIDDEN' && item.stage !== 'NOT_PROCEEDING';

/** A random one, so parallel tests rarely reach for the same project. */
const pick = <T>(items: T[]): T => {
  expect(items.length, 'a project to work with').toBeGreaterThan(0);
  return items[Math.floor(Math.random() * items.length)]!;
};

/**
 * Unclaimed projects that may be recommended (design §2), split so two tests never share one, and
 * never one the demo developer is recommended (other tests count those).
 */
async function unclaimedProjects(
  admin: APIRequestContext,
  half: 0 | 1,
  keep: { recommendedProjectIds: number[] },
): Promise<ProjectSearchItem[]> {
  const candidates = (await allProjects(admin)).filter(
    (project) =>
      !project.isClaimed &&
      !keep.recommendedProjectIds.includes(project.id) &&
      project.salesStatus !== 'HIDDEN' &&
      project.salesStatus !== 'SOLD_OUT' &&
      project.stage !== 'NOT_PROCEEDING',
  );
  return candidates.sort((a, b) => a.id - b.id).filter((_, index) => index % 2 === half);
}

async function organisationOfDeveloper(baseURL: string, clientAddress: string) {
  const developer = await apiAs(baseURL, clientAddress, DEMO.developer);
  const account = ((await (await developer.get('/api/user-projects')).json()) as UserProjects).output;
  await developer.dispose();
  expect(account.organisation).toBeTruthy();
  return account;
}

const SALES_STATUS_FILTER_LABELS: Record<string, string> = {
  SELLING_NOW: 'Selling Now',
  SOLD_OUT: 'Sold Out',
  REGISTRATIONS_OF_INTEREST: 'Registrations of Interest',
  PENDING_LAUNCH: 'Pending Launch',
};

test('the developer filters the dashboard by sales status and the filter persists after a reload', async ({
  page,
}) => {
  // The cards' completeness comes with the one project search, never from a listing call per card.
  const listingCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/listings/')) listingCalls.push(request.url());
  });
  const loaded = nextUserProjects(page);
  await signIn(page, DEMO.developer);
  const { projects } = await loaded;
  await expect(page).toHaveURL('/dashboard');
  const cards = page.getByTestId('project-card');
  await expect(cards).toHaveCount(projects.length);

  // The sales status most of the developer's projects have.
  const counts = new Map<string, number>();
  for (const project of projects) counts.set(project.salesStatus, (counts.get(project.salesStatus) ?? 0) + 1);
  const [status] = [...counts.entries()]
    .filter(([key]) => key in SALES_STATUS_FILTER_LABELS)
    .sort((a, b) => b[1] - a[1])[0]!;
  const label = SALES_STATUS_FILTER_LABELS[status]!;
  const remaining = projects.filter((project) => project.salesStatus !== status).length;

  await page.getByRole('button', { name: /Filters/ }).click();
  const checkbox = page.getByRole('checkbox', { name: label, exact: true });
  await expect(checkbox).toBeChecked();
  await checkbox.uncheck();
  await page.keyboard.press('Escape');
  await expect(cards).toHaveCount(remaining);
  if (remaining < projects.length) {
    await expect(page.getByText(`Showing ${remaining} of ${projects.length} projects`)).toBeVisible();
  }
  // Each card shows its listing's completeness with a nudge to finish it.
  if (remaining > 0) await expect(cards.first().getByTestId('listing-completeness')).toBeVisible();
  expect(listingCalls).toEqual([]);

  const after = (await reloadWithAccount(page)).projects;
  await expect(cards).toHaveCount(after.filter((project) => project.salesStatus !== status).length);
  await page.getByRole('button', { name: /Filters/ }).click();
  await expect(page.getByRole('checkbox', { name: label, exact: true })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'With brochure', exact: true })).toBeChecked();
});

test('a developer claims an unclaimed recommended project and it becomes theirs', async ({
  page,
  baseURL,
  clientAddress,
}) => {
  const admin = await apiAs(baseURL!, clientAddress);
  const developer = await organisationOfDeveloper(baseURL!, clientAddress);
  const user = await freshUser(admin, baseURL!, clientAddress, 'claimer', developer.organisation!.id);
  const project = pick(await unclaimedProjects(admin, 0, developer));
  const assigned = await admin.post('/api/admin/project-recommendations', {
    data: { userId: user.id, projectId: project.id },
  });
  expect(assigned.status(), await assigned.text()).toBeLessThan(300);

  await signIn(page, user.email, PASSWORD);
  // Before: no project (so no dashboard link) and some recommendations, the assigned one among them.
  const recommendedBefore = navItem(page, /^Recommended \(\d+\)$/);
  await expect(recommendedBefore).toBeVisible();
  const before = Number(/\((\d+)\)/.exec(await recommendedBefore.innerText())?.[1]);
  expect(before).toBeGreaterThanOrEqual(1);
  await expect(navItem(page, /^Live \(0\)$/)).toBeVisible();
  await expect(navItem(page, /^Dashboard$/)).toHaveCount(0);
  await recommendedBefore.click();
  await expect(page).toHaveURL('/projects/recommended');

  const claimed = nextUserProjects(page);
  await page.getByRole('button', { name: `Claim ${project.title}`, exact: true }).click();
  await expect(page.getByText('Project claimed')).toBeVisible();
  expect((await claimed).projectIds).toContain(project.id);

  // After, without a reload: one recommendation fewer, one live project, and the dashboard link.
  if (before > 1) {
    await expect(navItem(page, new RegExp(`^Recommended \\(${before - 1}\\)$`))).toBeVisible();
    await expect(navItem(page, /^Live \(1\)$/)).toBeVisible();
  } else {
    // Spec §4: no recommendations and no requests leave no project items at all.
    await expect(navItem(page, /^Recommended/)).toHaveCount(0);
  }
  await expect(page.getByTestId('project-card').filter({ hasText: project.title })).toHaveCount(0);
  await navItem(page, /^Dashboard$/).click();
  await expect(page.getByTestId('project-card').filter({ hasText: project.title })).toBeVisible();
  await admin.dispose();
});

test("a user requests access to another organisation's project, sees it awaiting access, and withdraws it", async ({
  page,
  baseURL,
  clientAddress,
}) => {
  const admin = await apiAs(baseURL!, clientAddress);
  const user = await freshUser(admin, baseURL!, clientAddress, 'requester');
  const project = pick((await allProjects(admin)).filter((item) => item.isClaimed && onMarketplace(item)));

  await signIn(page, user.email, PASSWORD);
  await expect(page.getByText('No projects yet')).toBeVisible();
  // Before: nothing awaits access.
  await expect(navItem(page, /^Awaiting Access/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Find your projects' }).click();
  await expect(page).toHaveURL('/projects');

  await page.getByRole('textbox', { name: 'Search all projects' }).fill(project.title);
  const results = page.getByRole('list', { name: 'Project search results' });
  const request = results
    .getByRole('button', { name: `Request access to ${project.title}`, exact: true })
    .first();
  await expect(request).toBeVisible();
  await request.click();
  await expect(page.getByText('Access requested')).toBeVisible();

  // After: 'Awaiting Access (1)' without a reload.
  await expect(navItem(page, /^Awaiting Access \(1\)$/)).toBeVisible();
  await navItem(page, /^Awaiting Access \(1\)$/).click();
  await expect(page).toHaveURL('/projects/pending');
  await expect(page.getByTestId('project-card').filter({ hasText: project.title })).toBeVisible();

  await page.getByRole('button', { name: `Withdraw request for ${project.title}`, exact: true }).click();
  await expect(page.getByText('Request withdrawn')).toBeVisible();
  await expect(page.getByText('You have no pending access requests.')).toBeVisible();
  await expect(navItem(page, /^Awaiting Access/)).toHaveCount(0);

  // The server agrees: nothing pending for this user.
  const pending = await user.api.get(`/api/v1/user/user/agent/request/${user.id}/pending`);
  expect(((await pending.json()) as { data: unknown[] }).data).toEqual([]);
  await admin.dispose();
});

test("the owner approves an access request and the requester's counts update", async ({
  page,
  browser,
  baseURL,
  clientAddress,
}) => {
  const admin = await apiAs(baseURL!, clientAddress);
  const { projects } = await organisationOfDeveloper(baseURL!, clientAddress);
  const project = pick(projects.filter(onMarketplace));
  const requester = await freshUser(admin, baseURL!, clientAddress, 'approvee');
  const asked = await requester.api.post('/api/v1/projects/request', {
    data: { drupal_project_id: project.id, status: 0 },
  });
  expect(asked.status(), await asked.text()).toBeLessThan(300);

  await signIn(page, requester.email, PASSWORD);
  await expect(navItem(page, /^Awaiting Access \(1\)$/)).toBeVisible();
  await expect(navItem(page, /^Dashboard$/)).toHaveCount(0);

  // The owner, in a browser of their own, approves it from the access requests page.
  const ownerContext = await browser.newContext({
    baseURL: baseURL!,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress },
  });
  const owner = await ownerContext.newPage();
  await signIn(owner, DEMO.developer);
  await owner.goto('/projects');
  await owner.getByRole('link', { name: 'Review access requests' }).click();
  await expect(owner).toHaveURL('/accessrequests');
  const row = owner.getByTestId('access-request-row').filter({ hasText: requester.email });
  await expect(row).toBeVisible();
  await row.getByRole('textbox').fill('Welcome aboard');
  await row
    .getByRole('button', { name: `Approve ${requester.name} for ${project.title}`, exact: true })
    .click();
  await expect(owner.getByText('Request approved')).toBeVisible();
  await expect(row).toHaveCount(0);
  await ownerContext.close();

  // The requester's counts follow: nothing awaits access, and the project is theirs.
  expect((await reloadWithAccount(page)).projectIds).toContain(project.id);
  await expect(navItem(page, /^Awaiting Access/)).toHaveCount(0);
  await expect(navItem(page, /^Dashboard$/)).toBeVisible();
  await expect(page.getByTestId('project-card').filter({ hasText: project.title })).toBeVisible();
  await admin.dispose();
});

test('editing a listing saves automatically, shows Saving... then Saved!, and the public page shows the change', async ({
  page,
  baseURL,
  clientAddress,
  allowConsoleErrors,
}) => {
  // The server-rendered public page has no favicon of its own; the browser's guess answers 404.
  allowConsoleErrors('/favicon.ico');
  const admin = await apiAs(baseURL!, clientAddress);
  const developer = await organisationOfDeveloper(baseURL!, clientAddress);
  const editor = await freshUser(admin, baseURL!, clientAddress, 'editor', developer.organisation!.id);
  const project = pick(await unclaimedProjects(admin, 1, developer));
  const claim = await editor.api.post(`/api/project?op=claim_project&project_id=${project.id}`, { data: {} });
  expect(claim.status(), await claim.text()).toBe(200);

  // Saves take a moment on the wire, so the saving state can be seen.
  await page.route('**/api/listings/*', async (route) => {
    if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });

  await signIn(page, editor.email, PASSWORD);
  await page.goto(`/projects/${project.id}/summary`);
  await page.getByRole('link', { name: 'Edit listing' }).click();
  await expect(page).toHaveURL(`/projects/${project.id}/edit`);
  const publicPath = await page.getByRole('link', { name: 'View public page' }).getAttribute('href');
  expect(publicPath).toBe(`/${project.prefix}/${project.slug}`);

  const builder = `Builder ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Builder', exact: true }).fill(builder);
  await expect(saveIndicator(page)).toHaveText('Saving...');
  await expect(saveIndicator(page)).toHaveText('Saved!');

  // The public page is purged on save and shows the change.
  const publicPage = await page.context().newPage();
  await publicPage.goto(publicPath!);
  await expect(publicPage.getByText(builder)).toBeVisible();
  await publicPage.close();
  await admin.dispose();
});

test('an invalid video link is refused with a message, in the editor and by the server', async ({
  page,
  baseURL,
  clientAddress,
}) => {
  const admin = await apiAs(baseURL!, clientAddress);
  const { projects } = await organisationOfDeveloper(baseURL!, clientAddress);
  const project = pick(projects);
  // The server refuses it (400 with the field's message) and changes nothing.
  const developer = await apiAs(baseURL!, clientAddress, DEMO.developer);
  const refused = await developer.patch(`/api/listings/${project.id}`, {
    data: { videoUrl: 'https://www.youtube.com/watch?v=tooShort' },
  });
  expect(refused.status()).toBe(400);
  const body = (await refused.json()) as { error: { fields?: Record<string, string> } };
  expect(body.error.fields?.videoUrl).toBeTruthy();
  await developer.dispose();

  let patches = 0;
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && new URL(request.url()).pathname === `/api/listings/${project.id}`)
      patches += 1;
  });
  await signIn(page, DEMO.developer);
  await page.goto(`/projects/${project.id}/edit`);
  await page.getByRole('textbox', { name: /^Video link/ }).fill('https://www.youtube.com/watch?v=tooShort');
  await expect(page.getByText(VIDEO_LINK_INVALID_MESSAGE).first()).toBeVisible();
  await expect(saveIndicator(page)).toHaveAttribute('data-status', 'error');
  expect(patches).toBe(0);
  await admin.dispose();
});

test('a new project starts with the search, becomes a draft, and its editor takes images and a brochure', async ({
  page,
  baseURL,
  clientAddress,
}) => {
  const admin = await apiAs(baseURL!, clientAddress);
  const developer = await organisationOfDeveloper(baseURL!, clientAddress);
  const user = await freshUser(admin, baseURL!, clientAddress, 'founder', developer.organisation!.id);
  const existing = pick(developer.projects);

  await signIn(page, user.email, PASSWORD);
  await page.goto('/projects/new');
  const search = page.getByRole('textbox', { name: 'Project name, address or suburb' });
  // Search first: an existing project is offered instead of a duplicate.
  await search.fill(existing.title);
  await expect(
    page
      .getByRole('list', { name: /Existing projects|Exact match/ })
      .getByText(existing.title, { exact: true })
      .first(),
  ).toBeVisible();

  // A gazetteer address starts the draft, prefilled.
  await search.fill('Parramatta');
  const address = page.getByRole('list', { name: 'Addresses' }).getByRole('listitem').first();
  await expect(address).toBeVisible();
  await address.click();
  await expect(page.getByRole('textbox', { name: /^Suburb/ })).toHaveValue(/Parramatta/i);
  const title = `Founders Rise ${Date.now()}`;
  await page.getByRole('textbox', { name: /^Project title/ }).fill(title);
  await page.getByRole('textbox', { name: /^Address/ }).fill('12 Church Street, Parramatta NSW 2150');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(/\/projects\/\d+\/edit$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // Spec §3 draft defaults.
  const select = (label: string) => page.getByLabel(label, { exact: true }).and(page.locator('input'));
  await expect(select('Sales status')).toHaveValue('Pending Launch');
  await expect(select('Construction stage')).toHaveValue('In Planning');

  // Media: an image (it becomes the hero) and a brochure.
  const image = await page.screenshot({ clip: { x: 0, y: 0, width: 640, height: 400 } });
  await page
    .locator('input[type="file"]')
    .nth(0)
    .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: image });
  const images = page.getByRole('list', { name: 'Listing images' });
  await expect(images.getByRole('listitem')).toHaveCount(1);
  await expect(images.getByText('Hero')).toBeVisible();
  await expect(saveIndicator(page)).toHaveText('Saved!');

  await page.locator('input[type="file"]').nth(1).setInputFiles('apps/api/assets/demo/brochure.pdf');
  await expect(page.getByRole('list', { name: 'Brochure' }).getByRole('listitem')).toHaveCount(1);
  await admin.dispose();
});
