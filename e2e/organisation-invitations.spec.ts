import { API_PATHS, type OrganisationInvitation, type OrganisationMember } from '@offplan/shared';
import { DEMO, expect, signIn, test } from './fixtures.ts';
import { apiAs, latestMessage, linkIn, newApi, newEmail } from './mailbox.ts';

// Issue 18 (decision 030): the owner invites a new member by email; an admin sees it at
// /pending-invites and sends it again (the first link dies); the invitee opens the newest /activate
// link from the dev mailbox, sets a password and is signed in; the owner finds them among the members.

const PASSWORD = 'harbour lights invite 2026';
const tokenOf = (link: string) => new URL(`http://x${link}`).searchParams.get('token')!;

test('an invited person joins the organisation with the role the owner chose', async ({
  browser,
  page,
  baseURL,
  clientAddress,
}) => {
  test.setTimeout(90_000);
  const owner = await apiAs(baseURL!, clientAddress, DEMO.developer);
  const admin = await apiAs(baseURL!, clientAddress);
  const email = newEmail('invitee');

  const invited = await owner.post(API_PATHS.organisationInvitations, {
    data: { email, firstName: 'Iris', lastName: 'Invitee', role: 'member' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const invitation = (await invited.json()) as OrganisationInvitation;
  const firstLink = linkIn(await latestMessage(admin, email), '/activate');

  // The admins' page lists it with its organisation; a resend sends a new link and kills the first.
  await signIn(page, DEMO.admin);
  await page.goto('/pending-invites');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row.getByText('Member')).toBeVisible();
  await row.getByRole('button', { name: `Resend the invitation to ${email}` }).click();
  await expect(page.getByText(`${email} has a new link`)).toBeVisible();
  await expect.poll(async () => linkIn(await latestMessage(admin, email), '/activate')).not.toBe(firstLink);
  const newestLink = linkIn(await latestMessage(admin, email), '/activate');
  expect((await admin.get(API_PATHS.invitation(tokenOf(firstLink)))).status()).toBe(404);

  // The invitee, in a browser of their own, sets a password from the newest link and is signed in.
  const invitee = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientAddress } });
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(newestLink);
  await inviteePage.getByLabel(/^Password/).fill(PASSWORD);
  await inviteePage.getByLabel('Confirm password').fill(PASSWORD);
  await inviteePage.getByRole('button', { name: 'Activate account' }).click();
  await expect(inviteePage).toHaveURL((url) => url.pathname === '/role');
  const session = await inviteePage.request.get('/api/auth/get-session');
  expect(((await session.json()) as { user: { email: string } }).user.email).toBe(email);
  await invitee.close();
  const signedIn = await newApi(baseURL!, clientAddress);
  const signInAnswer = await signedIn.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
  });
  expect(signInAnswer.status()).toBe(200);
  await signedIn.dispose();

  // The owner sees them among the members with the invited role; the invitation is no longer pending.
  const members = await owner.get(API_PATHS.organisationMembers);
  expect(members.status()).toBe(200);
  const { items } = (await members.json()) as { items: OrganisationMember[] };
  expect(items.find((member) => member.email === email)).toMatchObject({ role: 'member' });
  await page.reload();
  await expect(
    page.getByText('No pending invitations.').or(page.getByRole('table', { name: 'Pending invitations' })),
  ).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  const pending = await owner.get(API_PATHS.organisationInvitations);
  expect(
    ((await pending.json()) as { items: OrganisationInvitation[] }).items.map((item) => item.id),
  ).not.toContain(invitation.id);
  await owner.dispose();
  await admin.dispose();
});
