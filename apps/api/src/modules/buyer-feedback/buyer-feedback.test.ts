import { createHash } from 'node:crypto';
import { FEEDBACK_COMMENT_MAX } from '@offplan/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerFeedback, buyerFeedbackRequests, leads, outboxMessages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { enquiryFixtures } from '../enquiries/enquiry.fixtures.ts';
import { leadJobFixtures } from '../leads/lead-jobs.fixtures.ts';
import { LEAD_JOBS } from '../leads/lead-jobs.ts';
import { FEEDBACK_POSTS_PER_ADDRESS } from './buyer-feedback.handlers.ts';
import { requestBuyerFeedback } from './buyer-feedback-request.ts';

let t: TestApp;
let f: ReturnType<typeof enquiryFixtures>;
let l: ReturnType<typeof leadJobFixtures>;

const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  // The default delay (72 hours): a request job waits, so each test runs it when it chooses.
  t = await createTestApp({ TENANT_HOSTS: 'ibn.localhost=ibn' });
  f = enquiryFixtures(t);
  l = leadJobFixtures(t);
});
afterAll(() => t.close());

/** Polls until `check` holds (a job ran), for at most 20 seconds. */
async function waitFor(check: () => Promise<boolean>) {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the jobs');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The feedback request jobs queued for a lead. */
async function feedbackJobsOf(leadId: number) {
  const result = (await t.db.execute(sql`
    select id, start_after as "startAfter", data->>'tenant' as tenant from pgboss.job
    where name = ${LEAD_JOBS.feedbackRequest} and (data->>'leadId')::int = ${leadId}`)) as unknown as {
    rows: { id: string; startAfter: string | Date; tenant: string }[];
  };
  return result.rows;
}

const feedbackMailsTo = (email: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, email), eq(outboxMessages.template, 'buyer-feedback-request')));

/** The token of the (one) feedback email to `email`. */
async function tokenMailedTo(email: string) {
  const mails = await feedbackMailsTo(email);
  expect(mails).toHaveLength(1);
  const link = new RegExp(`${t.settings.baseUrl}/rate/([A-Za-z0-9_-]{43})`).exec(mails[0]!.text);
  expect(link, 'the email carries an absolute /rate/{token} link').toBeTruthy();
  return link![1]!;
}

/** A lead on a new project, handled by an agent called Priya unless `agent` is false, with its link. */
async function linkOfNewLead(options: { agent?: boolean } = {}) {
  const organisationId = await f.organisation('Harbourline');
  const projectId = await f.project('Quay Residences', { organisationId });
  const agent = await t.createUser({ firstName: 'Priya', lastName: 'Shah' });
  const lead = await l.lead(projectId, {
    buyerType: 'FIRST_HOME_BUYER',
    ...(options.agent === false ? {} : { assigneeId: agent.id }),
  });
  expect(await requestBuyerFeedback(l.deps, { leadId: lead.id })).toBe('sent');
  const token = await tokenMailedTo(lead.email);
  return { token, path: `/rate/${token}`, lead, projectId, agent };
}

/** The form post, form-encoded, from its own client address (t.request's) unless told. */
function post(path: string, fields: Record<string, string>, ip?: string) {
  return t.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    ...(ip ? { ip } : {}),
  });
}

const feedbackOf = (leadId: number) =>
  t.db.select().from(buyerFeedback).where(eq(buyerFeedback.leadId, leadId));

describe('the buyer-feedback-request job', () => {
  it('is queued 72 hours after a new lead, once: a merged repeat queues none', async () => {
    const { id: projectId } = await f.listing();
    const fields = f.enquiry();
    expect((await f.send(projectId, fields)).status).toBe(201);
    const [lead] = await t.db.select().from(leads).where(eq(leads.email, fields.email));
    // lead-notify (the test app's worker) sends it with the team's messages.
    await waitFor(async () => (await feedbackJobsOf(lead!.id)).length > 0);
    const [job] = await feedbackJobsOf(lead!.id);
    expect(new Date(job!.startAfter).getTime()).toBe(lead!.createdAt.getTime() + 72 * HOUR);
    // The site the buyer enquired on travels with it, for the email's branding.
    expect(job!.tenant).toBe('offplan');

    // The same buyer again within 24 hours: merged into the lead, no second request.
    expect((await f.send(projectId, { ...fields, message: 'Any news?' })).status).toBe(201);
    const [merged] = await t.db.select().from(leads).where(eq(leads.email, fields.email));
    expect(merged?.enquiryCount).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await feedbackJobsOf(lead!.id)).toHaveLength(1);
    expect(await t.db.select().from(leads).where(eq(leads.email, fields.email))).toHaveLength(1);
  });

  it('when due, emails the buyer one branded link that opens the form; a second run writes nothing', async () => {
    const { id: projectId } = await f.listing();
    const fields = f.enquiry({ name: 'Mia Rossi' });
    expect((await f.send(projectId, fields)).status).toBe(201);
    const [lead] = await t.db.select().from(leads).where(eq(leads.email, fields.email));
    await waitFor(async () => (await feedbackJobsOf(lead!.id)).length > 0);
    // Due now: the worker writes the email.
    await t.db.execute(sql`
      update pgboss.job set start_after = now()
      where name = ${LEAD_JOBS.feedbackRequest} and (data->>'leadId')::int = ${lead!.id}`);
    await waitFor(async () => (await feedbackMailsTo(fields.email)).length > 0);

    const [mail] = await feedbackMailsTo(fields.email);
    expect(mail).toMatchObject({
      subject: 'How was your enquiry about Wharf Residences?',
      tenant: 'offplan',
    });
    expect(mail?.text).toContain('Hi Mia,');
    expect(mail?.html).toContain('Rate your experience');
    const token = await tokenMailedTo(fields.email);
    const page = await t.request(`/rate/${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('How would you rate Wharf Residences?');

    expect(await requestBuyerFeedback(l.deps, { leadId: lead!.id })).toBe('already');
    expect(await feedbackMailsTo(fields.email)).toHaveLength(1);
    const requests = await t.db
      .select()
      .from(buyerFeedbackRequests)
      .where(eq(buyerFeedbackRequests.leadId, lead!.id));
    expect(requests).toHaveLength(1);
  });

  it('brands the email and the page for the site the buyer enquired on', async () => {
    const projectId = await f.project('Bluegum Rise');
    const lead = await l.lead(projectId);
    expect(await requestBuyerFeedback(l.deps, { leadId: lead.id, tenant: 'ibn' })).toBe('sent');
    const [mail] = await feedbackMailsTo(lead.email);
    expect(mail).toMatchObject({ tenant: 'ibn', sender: expect.stringContaining('IBN Lead Gen') });
    expect(mail?.html).toContain('#099268');
    const token = await tokenMailedTo(lead.email);
    const page = await t.request(`/rate/${token}`, { headers: { host: 'ibn.localhost' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<header class="site"><a href="/">IBN Lead Gen</a></header>');
    expect(html).toContain('background:#099268');
  });

  it('stores only the SHA-256 of the token, valid for 30 days', async () => {
    const { token, lead } = await linkOfNewLead();
    const [request] = await t.db
      .select()
      .from(buyerFeedbackRequests)
      .where(eq(buyerFeedbackRequests.leadId, lead.id));
    expect(request!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const stored = JSON.stringify(
      (await t.db.execute(sql`select * from buyer_feedback_requests`)) as unknown as { rows: unknown[] },
    );
    expect(stored).not.toContain(token);
    expect(request!.expiresAt.getTime() - request!.sentAt.getTime()).toBe(30 * 24 * HOUR);
    expect(request!.usedAt).toBeNull();
  });
});

/** What the metrics say the per-address limit of the feedback page has refused so far. */
async function feedbackRefusals() {
  const { values } = await t.metrics.rateLimitRefusals.get();
  return values.find((sample) => sample.labels.limit === 'buyer-feedback-address')?.value ?? 0;
}

describe('GET and POST /rate/{token}', () => {
  it('shows the form: the project, the agent by first name, radio groups of 0 to 5 stars, a comment', async () => {
    const { path } = await linkOfNewLead();
    const response = await t.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    // The page's own policy, not the app's: no other site learns the link from the Referer.
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    const html = await response.text();
    expect(html).toContain('<h1>Rate your enquiry about Quay Residences</h1>');
    expect(html).toContain('How would you rate Priya, who handled your enquiry?');
    for (const stars of [0, 1, 5]) {
      expect(html).toContain(
        `<input type="radio" id="projectRating-${stars}" name="projectRating" value="${stars}">`,
      );
      expect(html).toContain(`id="agentRating-${stars}"`);
    }
    expect(html).toContain(' 1 star</label>');
    expect(html).toContain(`<textarea id="comment" name="comment" maxlength="${FEEDBACK_COMMENT_MAX}"`);
    expect(html).toContain(`action="${path}"`);
  });

  it('asks nothing about an agent when nobody has handled the lead', async () => {
    const { path, lead } = await linkOfNewLead({ agent: false });
    const html = await (await t.request(path)).text();
    expect(html).not.toContain('agentRating');
    const response = await post(path, { projectRating: '3', agentRating: '5' });
    expect(response.status).toBe(200);
    expect(await feedbackOf(lead.id)).toMatchObject([{ projectRating: 3, agentRating: null, agentId: null }]);
  });

  it('refuses bad input with a message per field, keeps what was chosen and typed, and stores nothing', async () => {
    const { path, lead } = await linkOfNewLead();
    const comment = `<script>alert(1)</script>${'x'.repeat(FEEDBACK_COMMENT_MAX)}`;
    const response = await post(path, { agentRating: '4', comment });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Please correct the answers marked below.');
    expect(html).toMatch(/<fieldset id="projectRating"[^>]*aria-invalid="true"/);
    expect(html).toContain('<p class="field-error" id="projectRating-error">Choose 0 to 5 stars</p>');
    expect(html).toContain(
      `<p class="field-error" id="comment-error">At most ${FEEDBACK_COMMENT_MAX} characters</p>`,
    );
    expect(html).toContain('id="agentRating-4" name="agentRating" value="4" checked');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;xxx');
    expect(html).not.toContain('<script>alert(1)');

    const outOfRange = await post(path, { projectRating: '6' });
    expect(outOfRange.status).toBe(400);
    expect(await outOfRange.text()).toContain('id="projectRating-error">Choose 0 to 5 stars</p>');
    expect(await feedbackOf(lead.id)).toEqual([]);
    expect((await t.request(path)).status).toBe(200);
  });

  it('stores one rating with the project, buyer type and agent; the link then says it was used', async () => {
    const { path, lead, projectId, agent } = await linkOfNewLead();
    const response = await post(path, {
      projectRating: '4',
      agentRating: '5',
      comment: 'Quick, clear answers.',
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Thank you for your feedback');
    expect(await feedbackOf(lead.id)).toMatchObject([
      {
        projectId,
        agentId: agent.id,
        buyerType: 'FIRST_HOME_BUYER',
        projectRating: 4,
        agentRating: 5,
        comment: 'Quick, clear answers.',
      },
    ]);

    const again = await post(path, { projectRating: '1' });
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('This link has already been used');
    const reopened = await t.request(path);
    expect(reopened.status).toBe(410);
    expect(await reopened.text()).toContain('This link has already been used');
    expect(await feedbackOf(lead.id)).toHaveLength(1);
  });

  it('stores one rating when two posts race', async () => {
    const { path, lead } = await linkOfNewLead();
    const answers = await Promise.all([
      post(path, { projectRating: '5' }),
      post(path, { projectRating: '2' }),
      post(path, { projectRating: '3' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410, 410]);
    expect(await feedbackOf(lead.id)).toHaveLength(1);
  });

  it('says an expired link has expired (410) and stores nothing from it', async () => {
    const { path, lead } = await linkOfNewLead();
    await t.db
      .update(buyerFeedbackRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(buyerFeedbackRequests.leadId, lead.id));
    const page = await t.request(path);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('This link has expired');
    const response = await post(path, { projectRating: '5' });
    expect(response.status).toBe(410);
    expect(await feedbackOf(lead.id)).toEqual([]);
  });

  it('answers a guessed or mangled token with a not-found page that reveals nothing', async () => {
    const { token } = await linkOfNewLead();
    const guessed = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [`/rate/${guessed}`, '/rate/x', `/rate/${token.slice(1)}`]) {
      const response = await t.request(path);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain('Link not found');
      expect(html).not.toContain('Quay Residences');
    }
    const posted = await post(`/rate/${guessed}`, { projectRating: '5' });
    expect(posted.status).toBe(404);
  });

  it('refuses another site’s form post', async () => {
    const { path, lead } = await linkOfNewLead();
    const response = await t.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'projectRating=0',
    });
    expect(response.status).toBe(403);
    expect(await feedbackOf(lead.id)).toEqual([]);
  });
});

describe('POST /rate/{token} per client address', () => {
  it('limits posts per client address (429 with Retry-After), valid token or not', async () => {
    const { path, lead } = await linkOfNewLead();
    const ip = '203.0.113.251';
    for (let i = 0; i < FEEDBACK_POSTS_PER_ADDRESS.max; i++) {
      expect((await post(`/rate/guess-${i}`, { projectRating: '5' }, ip)).status).toBe(404);
    }
    const refusedBefore = await feedbackRefusals();
    const limited = await post(path, { projectRating: '5' }, ip);
    expect(limited.status).toBe(429);
    expect(await feedbackRefusals()).toBe(refusedBefore + 1);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.text()).toContain('Too many tries');
    expect(await feedbackOf(lead.id)).toEqual([]);
    // Another address is not held back.
    expect((await post(path, { projectRating: '5' })).status).toBe(200);
  });
});
