// @vitest-environment jsdom
import { listingEventBatchSchema } from '@offplan/shared';
import { describe, expect, it, vi } from 'vitest';
import { LISTING_TRACKER_SCRIPT } from './listing-tracker.script.ts';

/**
 * The tracker as a browser runs it: the script in a page (jsdom) whose sendBeacon and fetch are
 * recorded (the browser's network, not our server: the endpoint has its own tests) and whose timer is
 * run by the test, so "a second later" is a step, not a wait.
 */
const PAGE = `<!doctype html><html><body>
<a id="brochure" href="#brochure-file" data-track="brochure_download">Brochure</a>
<a id="floorplan" href="#floorplan-file" data-track="floorplan"><span id="inside">Floorplan</span></a>
<a id="gallery" href="#image" data-track="gallery">Image</a>
<button id="phone" type="button" data-track="phone_reveal">Show phone number</button>
<a id="plain" href="#about">About</a>
<script type="application/json" id="listing-tracking">{"projectId":42,"path":"/nsw/wharf"}</script>
</body></html>`;

/**
 * Vitest's jsdom environment exposes its JSDOM instance as `jsdom`; each test opens a page of its own
 * with that class, so the script's listeners of one test never see another's clicks. Typed here: the
 * API package has no jsdom types of its own.
 */
type PageWindow = {
  eval(code: string): unknown;
  document: { getElementById(id: string): { click(): void } | null };
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  navigator: object;
  DOMException: new (message: string, name: string) => Error;
  Event: new (type: string) => object;
  dispatchEvent(event: object): boolean;
};
declare const jsdom: {
  constructor: new (
    html: string,
    options: { url: string; referrer?: string; runScripts: 'outside-only' },
  ) => { window: PageWindow };
};
const JSDOM = jsdom.constructor;

type Sent = { via: 'beacon' | 'fetch'; body: ReturnType<typeof listingEventBatchSchema.parse> };

function openPage(
  options: { url?: string; storage?: 'refused'; storedVisitor?: string; referrer?: string } = {},
) {
  const dom = new JSDOM(PAGE, {
    url: options.url ?? 'https://offplan.example/nsw/wharf',
    ...(options.referrer ? { referrer: options.referrer } : {}),
    runScripts: 'outside-only',
  });
  const { window } = dom;
  const sent: Promise<Sent>[] = [];
  let timer: (() => void) | undefined;
  Object.assign(window, {
    setTimeout: (callback: () => void) => {
      timer = callback;
      return 1;
    },
    clearTimeout: () => {
      timer = undefined;
    },
    fetch: vi.fn((url: string, init: { body: string; keepalive: boolean }) => {
      expect(url).toBe('/api/listing-events');
      expect(init.keepalive).toBe(true);
      sent.push(
        Promise.resolve({ via: 'fetch', body: listingEventBatchSchema.parse(JSON.parse(init.body)) }),
      );
      return Promise.resolve(new Response(null, { status: 202 }));
    }),
  });
  Object.defineProperty(window.navigator, 'sendBeacon', {
    value: vi.fn((url: string, blob: Blob) => {
      expect(url).toBe('/api/listing-events');
      expect(blob.type).toBe('application/json');
      sent.push(
        blob
          .text()
          .then((text) => ({ via: 'beacon', body: listingEventBatchSchema.parse(JSON.parse(text)) })),
      );
      return true;
    }),
  });
  if (options.storedVisitor) window.localStorage.setItem('offplan.visitor', options.storedVisitor);
  if (options.storage === 'refused') {
    Object.defineProperty(window, 'localStorage', {
      get: () => {
        throw new window.DOMException('refused', 'SecurityError');
      },
    });
  }
  window.eval(LISTING_TRACKER_SCRIPT);
  const click = (id: string) => window.document.getElementById(id)!.click();
  return {
    window,
    click,
    /** Runs the pending "a second later" flush. */
    tick: () => {
      const pending = timer;
      timer = undefined;
      pending?.();
    },
    sent: async () => Promise.all(sent),
  };
}

const kindsOf = (batch: Sent) => batch.body.events.map((event) => event.kind);

describe('the listing tracker', () => {
  it('sends the page view with a stored visitor id and the visit’s campaign, a moment after load', async () => {
    const page = openPage({
      url: 'https://offplan.example/nsw/wharf?utm_source=newsletter&utm_medium=email&utm_campaign=spring%202026',
      referrer: 'https://www.google.com/',
    });
    expect(await page.sent()).toEqual([]);
    page.tick();
    const [batch] = await page.sent();
    expect(batch).toMatchObject({
      via: 'fetch',
      body: {
        referrer: 'https://www.google.com/',
        utmSource: 'newsletter',
        utmMedium: 'email',
        utmCampaign: 'spring 2026',
        events: [{ kind: 'page_view', projectId: 42 }],
      },
    });
    expect(page.window.localStorage.getItem('offplan.visitor')).toBe(batch!.body.visitorId);
  });

  it('sends a followed tracked link at once by beacon, with what was waiting', async () => {
    const page = openPage();
    page.click('brochure');
    const [batch] = await page.sent();
    expect(batch!.via).toBe('beacon');
    expect(kindsOf(batch!)).toEqual(['page_view', 'brochure_download']);

    page.window.document.getElementById('inside')!.click();
    page.click('gallery');
    const batches = await page.sent();
    expect(batches.slice(1).map(kindsOf)).toEqual([['floorplan_view'], ['gallery_open']]);
    // Untracked links send nothing.
    page.click('plain');
    expect(await page.sent()).toHaveLength(3);
  });

  it('sends other interactions a moment later, and everything left when the page is hidden', async () => {
    const page = openPage();
    page.tick();
    page.click('phone');
    expect(await page.sent()).toHaveLength(1);
    page.tick();
    const batches = await page.sent();
    expect(batches.map(kindsOf)).toEqual([['page_view'], ['phone_reveal']]);

    page.click('phone');
    page.window.dispatchEvent(new page.window.Event('pagehide'));
    const last = (await page.sent()).at(-1)!;
    expect(last).toMatchObject({ via: 'beacon', body: { events: [{ kind: 'phone_reveal' }] } });
  });

  it('counts a page shown again from the back-forward cache as another view', async () => {
    const page = openPage();
    page.tick();
    const shown = (persisted: boolean) =>
      page.window.dispatchEvent(Object.assign(new page.window.Event('pageshow'), { persisted }));
    shown(false);
    shown(true);
    page.tick();
    expect((await page.sent()).map(kindsOf)).toEqual([['page_view'], ['page_view']]);
  });

  it('keeps the visitor id an earlier load stored, and makes one per load where storage is refused', async () => {
    const kept = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const returning = openPage({ storedVisitor: kept });
    returning.tick();
    expect((await returning.sent())[0]!.body.visitorId).toBe(kept);

    const refused = openPage({ storage: 'refused' });
    refused.click('brochure');
    refused.click('gallery');
    const [a, b] = await refused.sent();
    expect(a!.body.visitorId).toMatch(/^[0-9a-f]{32}$/);
    expect(b!.body.visitorId).toBe(a!.body.visitorId);
    expect(a!.body.visitorId).not.toBe(kept);
  });
});
