import type { EnquiryInput } from '@offplan/shared';
import { sql } from 'drizzle-orm';
import { projectConfigurations, type projects } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/test-app.ts';
import { LEAD_JOBS } from '../leads/lead-jobs.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';
import { createEnquiryFormToken } from './enquiry-form-token.ts';

/** Test data and calls for the enquiry tests: open listings, form tokens, enquiries and what they wrote. */
export function enquiryFixtures(t: TestApp) {
  const f = projectFixtures(t);
  let sequence = 0;

  /** A client address of its own, so one test's enquiries never meet another's limit. */
  const freshIp = () => {
    sequence += 1;
    return `2001:db8::${sequence.toString(16)}`;
  };

  /** A listing taking enquiries, owned by an organisation, with one configuration. */
  async function listing(values: Partial<typeof projects.$inferInsert> = {}) {
    const organisationId = await f.organisation('Harbourline');
    const slug = `wharf-${Math.random().toString(36).slice(2, 8)}`;
    const id = await f.project('Wharf Residences', {
      slug,
      salesStatus: 'SELLING_NOW',
      stage: 'COMMENCED',
      organisationId,
      ...values,
    });
    await t.db.insert(projectConfigurations).values({
      projectId: id,
      name: '2 bedroom',
      bedrooms: 2,
      bathrooms: 2,
      carSpaces: 1,
      priceFrom: 900000,
      priceTo: 1000000,
      stockAvailable: 3,
    });
    return { id, organisationId, path: `/nsw/${slug}` };
  }

  /** A form token made `ageMs` ago (a person takes seconds to fill the form). */
  async function formToken(ageMs = 10_000) {
    return createEnquiryFormToken((await t.auth.$context).secret, Date.now() - ageMs);
  }

  let emails = 0;
  /** A complete, valid enquiry from a new buyer. */
  function enquiry(overrides: Partial<EnquiryInput> = {}) {
    emails += 1;
    return {
      name: 'Alex Buyer',
      email: `alex-${emails}-${Math.random().toString(36).slice(2, 6)}@example.test`,
      // A phone of its own too: a shared phone would make two buyers one (design §3).
      phone: `0412 ${String(emails)
        .padStart(6, '0')
        .replace(/(\d{3})(\d{3})/, '$1 $2')}`,
      postcode: '2000',
      buyerType: 'INVESTOR' as const,
      budget: 900000,
      bedrooms: 2,
      timeframe: 'WITHIN_3_MONTHS' as const,
      financeStatus: 'PRE_APPROVED' as const,
      message: 'Is a car space included?',
      consent: true,
      ...overrides,
    };
  }

  /** POST /api/enquiries through the typed client, from its own address unless told. */
  async function send(
    projectId: number,
    fields: ReturnType<typeof enquiry>,
    options: { ip?: string; token?: string; honeypot?: string } = {},
  ) {
    return t.client.api.enquiries.$post(
      {
        json: {
          ...fields,
          projectId,
          formToken: options.token ?? (await formToken()),
          ...(options.honeypot === undefined ? {} : { company_website: options.honeypot }),
        },
      },
      { headers: { 'x-forwarded-for': options.ip ?? freshIp() } },
    );
  }

  /** A body the contract cannot type (wrong values on purpose), through the same route. */
  async function sendRaw(body: Record<string, unknown>, ip = freshIp()) {
    return t.request('/api/enquiries', { method: 'POST', json: body, ip });
  }

  /** The no-JavaScript form post, form-encoded, not following the redirect. */
  async function postForm(path: string, fields: Record<string, string>, ip = freshIp()) {
    return t.request(`${path}/enquiry`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      ip,
      redirect: 'manual',
    });
  }

  /**
   * What intake writes: buyers, leads, enquiry timeline entries and the lead-notify job in pg-boss. Not
   * the speed checks: the notify worker sends those when it runs an earlier test's job, whenever that
   * is, so counting them made "nothing written" fail at random (seen on PostgreSQL, 28 Nov).
   */
  async function written() {
    const result = (await t.db.execute(sql`
      select
        (select count(*)::int from lead_buyers) as buyers,
        (select count(*)::int from leads) as leads,
        (select count(*)::int from lead_events where kind in ('enquiry', 'repeat_enquiry')) as events,
        (select count(*)::int from pgboss.job where name = ${LEAD_JOBS.notify}) as jobs`)) as unknown as {
      rows: { buyers: number; leads: number; events: number; jobs: number }[];
    };
    return result.rows[0]!;
  }

  /** The lead jobs sent for one lead, by name. */
  async function jobsOf(leadId: number) {
    const result = (await t.db.execute(sql`
      select name, start_after as "startAfter" from pgboss.job
      where name in (${LEAD_JOBS.notify}, ${LEAD_JOBS.speedCheck}) and (data->>'leadId')::int = ${leadId}
      order by name`)) as unknown as { rows: { name: string; startAfter: string | Date }[] };
    return result.rows;
  }

  return { ...f, freshIp, listing, formToken, enquiry, send, sendRaw, postForm, written, jobsOf };
}
