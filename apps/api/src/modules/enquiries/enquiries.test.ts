import { DEFAULT_RESPONSE_TARGET_MINUTES, ERROR_CODES, enquiryInputSchema, scoreLead } from '@offplan/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { leadEvents, leads, organisationLeadSettings } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { loadScoringRules } from '../lead-scoring/lead-scoring.repository.ts';
import { leadJobFixtures } from '../leads/lead-jobs.fixtures.ts';
import { LEAD_JOBS } from '../leads/lead-jobs.ts';
import { notifyLead } from '../leads/lead-notifications.ts';
import { responseDeadline } from '../leads/speed-to-lead.ts';
import { storeEnquiry } from './enquiries.repository.ts';
import { enquiryFixtures } from './enquiry.fixtures.ts';
import { createEnquiryFormToken } from './enquiry-form-token.ts';
import { ENQUIRIES_PER_ADDRESS, ENQUIRIES_PER_EMAIL } from './enquiry-intake.ts';

let t: TestApp;
let f: ReturnType<typeof enquiryFixtures>;

beforeAll(async () => {
  t = await createTestApp();
  f = enquiryFixtures(t);
});
afterAll(async () => {
  await t.close();
});

/**
 * The lead's speed-to-lead check, which its notification job schedules: the job is run here (the test
 * app's worker may have run it already; either way it schedules the check once).
 */
async function speedCheckOf(leadId: number) {
  await notifyLead(leadJobFixtures(t).deps, { leadId });
  const checks = (await f.jobsOf(leadId)).filter((job) => job.name === LEAD_JOBS.speedCheck);
  expect(checks).toHaveLength(1);
  return checks[0]!;
}

async function leadsOf(email: string) {
  return t.db.select().from(leads).where(eq(leads.email, email)).orderBy(leads.id);
}

describe('POST /api/enquiries: a durable lead', () => {
  it('stores a scored lead with an E.164 phone, its timeline entry and its jobs, and tells the public only "received"', async () => {
    const { id: projectId } = await f.listing();
    const fields = f.enquiry({ phone: '0412 345 678', utmSource: 'newsletter', campaignId: 'spring-2026' });
    const response = await f.send(projectId, fields);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ received: true });

    const [lead] = await leadsOf(fields.email);
    expect(lead).toMatchObject({
      projectId,
      name: 'Alex Buyer',
      phone: '+61412345678',
      buyerType: 'INVESTOR',
      budget: 900000,
      source: 'listing',
      utmSource: 'newsletter',
      campaignId: 'spring-2026',
      status: 'NEW',
      enquiryCount: 1,
    });
    expect(lead!.consentAt).toBeInstanceOf(Date);
    const expected = scoreLead(await loadScoringRules(t.db), lead!);
    expect(expected.score).toBeGreaterThan(0);
    expect(lead!.score).toBe(expected.score);
    expect(lead!.baseScore).toBe(expected.score);
    expect(lead!.scoreContributions).toEqual(expected.contributions);
    expect(lead!.scoreContributions.map((line) => line.label)).toContain('Finance pre-approved');

    const events = await t.db.select().from(leadEvents).where(eq(leadEvents.leadId, lead!.id));
    expect(events).toMatchObject([{ kind: 'enquiry', text: 'Is a car space included?' }]);

    // One job at intake; the notification job schedules the speed-to-lead check when it runs.
    const jobs = await f.jobsOf(lead!.id);
    expect(jobs.map((job) => job.name)).toContain(LEAD_JOBS.notify);
    const speedCheck = await speedCheckOf(lead!.id);
    const deadline = responseDeadline(
      lead!.createdAt,
      { minutes: DEFAULT_RESPONSE_TARGET_MINUTES, businessHoursOnly: true },
      'NSW',
    );
    expect(new Date(speedCheck.startAfter).getTime()).toBe(deadline.getTime());
  });

  it("times the speed-to-lead check by the organisation's own target", async () => {
    const { id: projectId, organisationId } = await f.listing();
    await t.db
      .insert(organisationLeadSettings)
      .values({ organisationId, responseTargetMinutes: 60, businessHoursOnly: false });
    const fields = f.enquiry();
    expect((await f.send(projectId, fields)).status).toBe(201);
    const [lead] = await leadsOf(fields.email);
    const speedCheck = await speedCheckOf(lead!.id);
    expect(new Date(speedCheck.startAfter).getTime()).toBe(lead!.createdAt.getTime() + 60 * 60_000);
  });

  it('writes the lead, its timeline entry and its job in one transaction: a failed job send leaves nothing', async () => {
    const { id: projectId } = await f.listing();
    const before = await f.written();
    const realSend = t.queue.send.bind(t.queue) as (...args: unknown[]) => Promise<string | null>;
    // The lead and its timeline entry are written (inside the transaction); then the job send fails.
    const send = vi.spyOn(t.queue, 'send').mockImplementation((async (...args: unknown[]) => {
      if (args[0] === LEAD_JOBS.notify) throw new Error('queue unavailable');
      return realSend(...args);
    }) as typeof t.queue.send);
    try {
      const response = await f.send(projectId, f.enquiry());
      expect(response.status).toBe(500);
    } finally {
      send.mockRestore();
    }
    expect(await f.written()).toEqual(before);
  });
});

describe('dedupe (design §3)', () => {
  it('merges a repeat enquiry on the same project within 24 hours: one lead, counted twice, notified once', async () => {
    const { id: projectId } = await f.listing();
    const first = f.enquiry({ postcode: undefined, budget: undefined });
    expect((await f.send(projectId, first)).status).toBe(201);
    const repeat = { ...first, budget: 1_200_000, message: 'Still keen: can I inspect on Saturday?' };
    const answer = await f.send(projectId, repeat);
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ received: true });

    const rows = await leadsOf(first.email);
    expect(rows).toHaveLength(1);
    const [lead] = rows;
    expect(lead!.enquiryCount).toBe(2);
    // The repeat's answers fill what the lead lacked, and the score follows them.
    expect(lead!.budget).toBe(1_200_000);
    expect(lead!.message).toBe('Is a car space included?');
    expect(lead!.scoreContributions.map((line) => line.label)).toContain('Budget $800k or more');
    expect(lead!.lastEnquiryAt.getTime()).toBeGreaterThanOrEqual(lead!.createdAt.getTime());
    const events = await t.db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, lead!.id))
      .orderBy(leadEvents.id);
    expect(events.map((event) => [event.kind, event.text])).toEqual([
      ['enquiry', 'Is a car space included?'],
      ['repeat_enquiry', 'Still keen: can I inspect on Saturday?'],
    ]);
    expect((await f.jobsOf(lead!.id)).filter((job) => job.name === LEAD_JOBS.notify)).toHaveLength(1);
  });

  it('makes a new lead for the same buyer once the first is more than 24 hours old', async () => {
    const { id: projectId } = await f.listing();
    const fields = f.enquiry();
    expect((await f.send(projectId, fields)).status).toBe(201);
    await t.db
      .update(leads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(leads.email, fields.email));
    expect((await f.send(projectId, fields)).status).toBe(201);
    const rows = await leadsOf(fields.email);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.buyerId).toBe(rows[0]!.buyerId);
    expect(rows.map((row) => row.enquiryCount)).toEqual([1, 1]);
    expect((await f.jobsOf(rows[1]!.id)).map((job) => job.name)).toContain(LEAD_JOBS.notify);
  });

  it('links the same buyer across projects, by email and by phone', async () => {
    const one = await f.listing();
    const two = await f.listing();
    const three = await f.listing();
    const fields = f.enquiry();
    expect((await f.send(one.id, fields)).status).toBe(201);
    expect((await f.send(two.id, { ...fields, email: fields.email.toUpperCase() })).status).toBe(201);
    // Another email, the same phone written another way: the same person.
    const samePhone = {
      ...fields,
      email: `other-${fields.email}`,
      phone: fields.phone.replace(/^0/, '+61 '),
    };
    expect((await f.send(three.id, samePhone)).status).toBe(201);
    const rows = await t.db
      .select({ projectId: leads.projectId, buyerId: leads.buyerId })
      .from(leads)
      .where(sql`${leads.projectId} in (${one.id}, ${two.id}, ${three.id})`);
    expect(rows.map((row) => row.projectId).sort()).toEqual([one.id, two.id, three.id].sort());
    expect(new Set(rows.map((row) => row.buyerId)).size).toBe(1);
  });

  it('stores two simultaneous first enquiries of one buyer as one buyer and one lead', async () => {
    const { id: projectId } = await f.listing();
    const fields = f.enquiry();
    const answers = await Promise.all([1, 2, 3].map(() => f.send(projectId, fields)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const rows = await leadsOf(fields.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.enquiryCount).toBe(3);
    const buyers = (await t.db.execute(
      sql`select count(*)::int as n from lead_buyers where email = ${fields.email}`,
    )) as unknown as { rows: { n: number }[] };
    expect(buyers.rows[0]!.n).toBe(1);
  });
});

describe('spam rules', () => {
  it('answers a filled honeypot exactly as a success and writes nothing', async () => {
    const { id: projectId, path } = await f.listing();
    const before = await f.written();
    const answer = await f.send(projectId, f.enquiry(), { honeypot: 'https://spam.example' });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ received: true });
    const form = await f.postForm(path, {
      ...Object.fromEntries(Object.entries(f.enquiry()).map(([key, value]) => [key, String(value)])),
      consent: 'on',
      formToken: await f.formToken(),
      company_website: 'https://spam.example',
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`${path}?enquiry=sent#enquiry`);
    expect(await f.written()).toEqual(before);
  });

  it('refuses a form sent too fast, an expired one, a forged token and none, with a message and nothing written', async () => {
    const { id: projectId } = await f.listing();
    const before = await f.written();
    const secret = (await t.auth.$context).secret;
    const cases: [string | undefined, RegExp][] = [
      [await f.formToken(500), /sent too quickly/],
      [
        await f.formToken(25 * 60 * 60 * 1000),
        /^This form has expired: reload the page and send it again\.$/,
      ],
      [
        createEnquiryFormToken('another-secret-of-at-least-32-characters', Date.now() - 10_000),
        /could not be checked/,
      ],
      [`${Date.now() - 10_000}.${'A'.repeat(43)}`, /could not be checked/],
      [
        createEnquiryFormToken(secret, Date.now() - 10_000).replace(/^\d+/, String(Date.now() - 60_000)),
        /could not be checked/,
      ],
      [undefined, /could not be checked/],
    ];
    for (const [formToken, message] of cases) {
      const answer = await f.sendRaw({ ...f.enquiry(), projectId, ...(formToken ? { formToken } : {}) });
      expect(answer.status, formToken).toBe(400);
      const body = (await answer.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(ERROR_CODES.enquiryRejected);
      expect(body.error.message).toMatch(message);
    }
    expect(await f.written()).toEqual(before);
  });

  it(`limits enquiries per client address (${ENQUIRIES_PER_ADDRESS.max} in ${ENQUIRIES_PER_ADDRESS.windowSeconds / 60} minutes), in the database`, async () => {
    const { id: projectId } = await f.listing();
    const ip = f.freshIp();
    for (let index = 0; index < ENQUIRIES_PER_ADDRESS.max; index++) {
      expect((await f.send(projectId, f.enquiry(), { ip })).status).toBe(201);
    }
    const before = await f.written();
    const refused = await f.send(projectId, f.enquiry(), { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: ERROR_CODES.rateLimited });
    expect(body.error.message).toMatch(/Too many enquiries .* try again in \d+ minutes?\./);
    expect(await f.written()).toEqual(before);
    // Another address is not held back.
    expect((await f.send(projectId, f.enquiry())).status).toBe(201);
  });

  it(`limits enquiries per email (${ENQUIRIES_PER_EMAIL.max} an hour) from any address`, async () => {
    const fields = f.enquiry();
    for (let index = 0; index < ENQUIRIES_PER_EMAIL.max; index++) {
      const { id } = await f.listing();
      expect((await f.send(id, fields)).status).toBe(201);
    }
    const { id } = await f.listing();
    const refused = await f.send(id, fields);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await leadsOf(fields.email)).toHaveLength(ENQUIRIES_PER_EMAIL.max);
  });
});

describe('bad input writes nothing', () => {
  it('refuses each bad field with its message', async () => {
    const { id: projectId } = await f.listing();
    const before = await f.written();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ message: 'a'.repeat(1_000_000) }, 'message', /at most 2000 characters/],
      [{ name: 'Alex\u0000Buyer' }, 'name', /./],
      [{ buyerType: 'ALL' }, 'buyerType', /Choose what kind of buyer you are/],
      [{ buyerType: 'ROBOT' }, 'buyerType', /Choose what kind of buyer you are/],
      [{ timeframe: 'SOMEDAY' }, 'timeframe', /Choose when you plan to buy/],
      [{ financeStatus: 'LOTTERY' }, 'financeStatus', /Choose your finance status/],
      [{ email: 'alex@' }, 'email', /Enter a valid email address/],
      [{ email: 'not an email' }, 'email', /Enter a valid email address/],
      [{ phone: '123' }, 'phone', /Enter a valid phone number/],
      [{ phone: 'call me maybe' }, 'phone', /Enter a valid phone number/],
      [{ consent: false }, 'consent', /Please agree to be contacted/],
      [{ consent: undefined }, 'consent', /Please agree to be contacted/],
      [{ postcode: '20000' }, 'postcode', /4-digit/],
      [{ budget: -5 }, 'budget', /whole dollars/],
      [{ utmSource: 'u'.repeat(300) }, 'utmSource', /at most 255/],
    ];
    for (const [change, field, message] of cases) {
      const answer = await f.sendRaw({
        ...f.enquiry(),
        ...change,
        projectId,
        formToken: await f.formToken(),
      });
      expect(answer.status, field).toBe(400);
      const body = (await answer.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(body.error.code, field).toBe(ERROR_CODES.validation);
      expect(body.error.fields[field], field).toMatch(message);
    }
    expect(await f.written()).toEqual(before);
  });

  it('removes control characters and bidi overrides from text (the one text rule) and keeps HTML as text', async () => {
    const { id: projectId } = await f.listing();
    const fields = f.enquiry({
      name: 'Al\u0007ex\u202e Buyer',
      message: 'Line one\nLine\u0001 two <script>alert(1)</script>',
    });
    expect((await f.send(projectId, fields)).status).toBe(201);
    const [lead] = await leadsOf(fields.email);
    expect(lead!.name).toBe('Alex Buyer');
    expect(lead!.message).toBe('Line one\nLine two <script>alert(1)</script>');
  });

  it('answers a sold-out listing 409 and a hidden, stopped or unknown one 404, writing nothing', async () => {
    const soldOut = await f.listing({ salesStatus: 'SOLD_OUT' });
    const hidden = await f.listing({ salesStatus: 'HIDDEN' });
    const stopped = await f.listing({ stage: 'NOT_PROCEEDING' });
    const before = await f.written();
    const closed = await f.send(soldOut.id, f.enquiry());
    expect(closed.status).toBe(409);
    expect(((await closed.json()) as { error: { code: string } }).error.code).toBe(
      ERROR_CODES.enquiriesClosed,
    );
    for (const projectId of [hidden.id, stopped.id, 99_999_999]) {
      expect((await f.send(projectId, f.enquiry())).status).toBe(404);
    }
    expect(await f.written()).toEqual(before);
  });

  it('looks at the listing again inside the transaction: one sold out meanwhile takes no lead', async () => {
    const listing = await f.listing({ salesStatus: 'SOLD_OUT' });
    const before = await f.written();
    const stored = await storeEnquiry(t.db, t.queue, {
      projectId: listing.id,
      enquiry: enquiryInputSchema.parse(f.enquiry()),
      source: 'listing',
      receivedAt: new Date(),
    });
    expect(stored).toEqual({ outcome: 'closed' });
    expect(await f.written()).toEqual(before);
  });
});
