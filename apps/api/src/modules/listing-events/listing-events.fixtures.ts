import type { ListingEventBatch, ListingEventKind } from '@offplan/shared';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app.ts';
import { enquiryFixtures } from '../enquiries/enquiry.fixtures.ts';

/** A desktop browser's user agent: the intake leaves out callers without one, and bots. */
export const BROWSER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const PHONE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
export const BOT_AGENT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Test data and calls for the listing-event tests: listings, batches, what was stored. */
export function listingEventFixtures(t: TestApp) {
  const f = enquiryFixtures(t);
  let visitors = 0;

  /** A visitor id of its own (the tracker's: 32 hex digits). */
  const visitorId = () => {
    visitors += 1;
    return `visitor${String(visitors).padStart(9, '0')}${Math.random().toString(16).slice(2, 10)}`;
  };

  function batch(
    projectId: number,
    kinds: readonly ListingEventKind[] = ['page_view'],
    fields: Partial<Omit<ListingEventBatch, 'events'>> = {},
  ): ListingEventBatch {
    return {
      visitorId: visitorId(),
      ...fields,
      events: kinds.map((kind) => ({ kind, projectId })),
    };
  }

  /** POST /api/listing-events through the typed client, from its own address and a browser unless told. */
  function send(body: ListingEventBatch, options: { ip?: string; userAgent?: string; cookie?: string } = {}) {
    return t.client.api['listing-events'].$post(
      { json: body },
      {
        headers: {
          'x-forwarded-for': options.ip ?? f.freshIp(),
          'user-agent': options.userAgent ?? BROWSER_AGENT,
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
    );
  }

  /** A body the contract cannot type (malformed on purpose), through the same route. */
  function sendRaw(body: string, options: { ip?: string; contentType?: string } = {}) {
    return t.request('/api/listing-events', {
      method: 'POST',
      headers: {
        'content-type': options.contentType ?? 'application/json',
        'user-agent': BROWSER_AGENT,
      },
      body,
      ip: options.ip ?? f.freshIp(),
    });
  }

  /** The raw events stored for one project, oldest first. */
  async function eventsOf(projectId: number) {
    const result = (await t.db.execute(sql`
      select kind, device, referrer_host as "referrerHost", utm_source as "utmSource",
        utm_medium as "utmMedium", utm_campaign as "utmCampaign",
        visitor_register as "visitorRegister", visitor_rank as "visitorRank"
      from listing_events where project_id = ${projectId} order by id`)) as unknown as {
      rows: {
        kind: string;
        device: string;
        referrerHost: string | null;
        utmSource: string | null;
        utmMedium: string | null;
        utmCampaign: string | null;
        visitorRegister: number;
        visitorRank: number;
      }[];
    };
    return result.rows;
  }

  return { ...f, visitorId, batch, send, sendRaw, eventsOf };
}
