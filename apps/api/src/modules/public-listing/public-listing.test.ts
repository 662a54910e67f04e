import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectConfigurations, projectMedia, projectMembers, type projects } from '../../db/schema/index.ts';
import { buildApp, createTestApp, type TestApp } from '../../test/test-app.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';

/** A local stand-in for the other site (spec §7 purge) and for a geocoder. */
const calls: string[] = [];
const stub = createServer((req: IncomingMessage, res) => {
  calls.push(req.url!);
  if (req.url!.startsWith('/geocode')) {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        results: [
          {
            fullAddress: '12 Harris Street, Pyrmont NSW 2009',
            streetNumber: '12',
            streetName: 'Harris Street',
            suburb: 'Pyrmont',
            postcode: '2009',
            state: 'nsw',
            lat: -33.87,
            lng: 151.19,
          },
        ],
      }),
    );
    return;
  }
  res.end('ok');
});

let t: TestApp;
let f: ReturnType<typeof projectFixtures>;
let editor: Awaited<ReturnType<ReturnType<typeof projectFixtures>['person']>>;
let outsider: typeof editor;
let admin: typeof editor;
let stubUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  t = await createTestApp({
    PURGE_TOKEN: 'purge-secret-token',
    PUBLIC_SITE_URL: stubUrl,
    PUBLIC_SITE_PURGE_TOKEN: 'other-site-token',
    GEOCODER_URL: `${stubUrl}/geocode`,
  });
  f = projectFixtures(t);
  const org = await f.organisation('Harbourline');
  editor = await f.person({ organisationId: org });
  outsider = await f.person({ organisationId: await f.organisation('Elsewhere') });
  admin = await f.person({ admin: true });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => stub.close(() => resolve()));
});

async function listing(values: Partial<typeof projects.$inferInsert> = {}) {
  const slug = `pier-${Math.random().toString(36).slice(2, 8)}`;
  const id = await f.project('Pier One', {
    slug,
    description: 'Harbourside apartments with <b>views</b> & a rooftop pool.',
    salesStatus: 'SELLING_NOW',
    stage: 'COMMENCED',
    estimatedCompletionQuarter: 2,
    estimatedCompletionYear: 2028,
    developerName: 'Harbourline Developments',
    lat: -33.815,
    lng: 151.0011,
    ...values,
  });
  await t.db.insert(projectMembers).values({ projectId: id, userId: editor.id });
  await t.db.insert(projectConfigurations).values({
    projectId: id,
    name: '2 bedroom',
    bedrooms: 2,
    bathrooms: 2,
    carSpaces: 1,
    priceFrom: 950000,
    priceTo: 1100000,
    stockAvailable: 4,
  });
  await t.db.insert(projectMedia).values([
    {
      projectId: id,
      kind: 'image',
      url: '/media/demo/1.svg',
      fileName: 'a.svg',
      mimeType: 'image/svg+xml',
      sizeBytes: 1,
      isHero: true,
    },
    {
      projectId: id,
      kind: 'brochure',
      url: '/media/demo/brochure.pdf',
      fileName: 'b.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 1,
    },
    {
      projectId: id,
      kind: 'floorplan',
      url: '/media/demo/floorplan.svg',
      fileName: 'f.svg',
      mimeType: 'image/svg+xml',
      sizeBytes: 1,
    },
  ]);
  return { id, path: `/nsw/${slug}` };
}

describe('public listing page /{prefix}/{slug}', () => {
  it('is server-rendered HTML a search engine can read, cached after the first request', async () => {
    const { path } = await listing();
    const first = await t.request(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/text\/html/);
    expect(first.headers.get('x-cache')).toBe('MISS');
    const html = await first.text();
    expect(html).toContain('<title>Pier One – Parramatta NSW | Offplan</title>');
    expect(html).toContain(
      '<meta name="description" content="Harbourside apartments with &lt;b&gt;views&lt;/b&gt; &amp; a rooftop pool.">',
    );
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000${path}">`);
    // The web app's icon, so browsers do not ask for /favicon.ico (a 404 in the console).
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    const jsonLd = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
    expect(jsonLd).toMatchObject({
      '@type': 'ApartmentComplex',
      name: 'Pier One',
      geo: { latitude: -33.815, longitude: 151.0011 },
      offers: { lowPrice: 950000, highPrice: 1100000, priceCurrency: 'AUD' },
    });
    expect(html).not.toContain('<b>views</b>');
    expect(html).toContain('2 bedroom');
    expect(html).toContain('$950,000 – $1,100,000');
    expect(html).toContain('href="/media/demo/brochure.pdf"');
    expect(html).toContain('href="/media/demo/floorplan.svg"');
    expect(html).toContain('src="/media/demo/1.svg"');
    expect(html).toContain('Harbourline Developments');
    expect(html).toContain('Construction Commenced');
    expect(html).toContain('Q2 2028');
    expect(html).toContain('openstreetmap.org/?mlat=-33.815');
    expect(html).toContain('<form id="enquiry-form"');
    expect(html).toContain('id="listing-tracking"');
    const second = await t.request(path);
    expect(second.headers.get('x-cache')).toBe('HIT');
    // The same page but for its form token, made per response (the form's fill time starts there).
    const withoutToken = (page: string) => page.replace(/name="formToken" value="[^"]*"/, '');
    expect(withoutToken(await second.text())).toBe(withoutToken(html));
  });

  it('escapes every stored value and links only to http(s) or site paths (data written outside the editor too)', async () => {
    const evil = '</script><script>alert(1)</script>"><img src=x onerror=alert(2)>';
    const { id, path } = await listing({
      title: `Pier ${evil}`,
      developerName: evil,
      displaySuiteHours: evil,
      amenities: [evil],
      // Not possible through the editor (its schema wants https://), but imports and old rows are not checked.
      website: 'javascript:alert(3)',
    });
    await t.db.insert(projectConfigurations).values({
      projectId: id,
      name: evil,
      bedrooms: 1,
      bathrooms: 1,
      carSpaces: 0,
      priceFrom: null,
      priceTo: null,
      stockAvailable: 1,
    });
    await t.db.insert(projectMedia).values([
      {
        projectId: id,
        kind: 'image',
        url: 'javascript:alert(4)',
        fileName: 'x.webp',
        mimeType: 'image/webp',
        sizeBytes: 1,
      },
      {
        projectId: id,
        kind: 'brochure',
        url: 'data:text/html,<script>alert(5)</script>',
        fileName: 'x.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 1,
      },
    ]);
    // A forged Host header changes nothing on the page (and so cannot poison the shared cache).
    const response = await t.request(path, {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toMatch(/(?:href|src|content)="\s*(?:javascript|data):/i);
    expect(html).not.toContain('evil.example');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)');
    // Inline scripts (the enquiry form's script is a file: <script src>).
    const scripts = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(2);
    const jsonLd = JSON.parse(scripts[0]!);
    expect(jsonLd.name).toBe(`Pier ${evil}`);
    expect(JSON.stringify(jsonLd)).not.toContain('javascript:');
  });

  it('shows no construction stage or completion date while in planning', async () => {
    const { path } = await listing({ stage: 'IN_PLANNING' });
    const html = await (await t.request(path)).text();
    expect(html).not.toContain('Q2 2028');
    expect(html).not.toContain('In Planning');
    expect(html).not.toContain('Estimated completion');
  });

  it('serves a sold-out listing closed to enquiries, and does not serve HIDDEN or NOT_PROCEEDING ones', async () => {
    const sold = await listing({ salesStatus: 'SOLD_OUT' });
    const html = await (await t.request(sold.path)).text();
    expect(html).toContain('This project is sold out and is no longer taking enquiries.');
    expect(html).not.toContain('id="enquiry-form"');
    const hidden = await listing({ salesStatus: 'HIDDEN' });
    expect((await t.request(hidden.path)).status).toBe(404);
    const stopped = await listing({ stage: 'NOT_PROCEEDING' });
    expect((await t.request(stopped.path)).status).toBe(404);
    expect((await t.request('/nsw/no-such-listing')).status).toBe(404);
  });

  it('claims only /{state}/{slug} with a lower-case state, leaving the web app its routes', async () => {
    for (const path of [
      '/projects/1/summary',
      '/NSW/pier-one',
      '/xyz/pier-one',
      '/nsw/pier-one/extra',
      '/nsw/Pier',
    ]) {
      const response = await t.request(path);
      expect(response.headers.get('x-cache'), path).toBeNull();
    }
  });
});

describe('public listing page: saves, purges and old paths', () => {
  it('purges on every save: the next request shows the change', async () => {
    const { id, path } = await listing();
    await t.request(path);
    expect((await t.request(path)).headers.get('x-cache')).toBe('HIT');
    const saved = await t.request(`/api/listings/${id}`, {
      method: 'PATCH',
      cookie: editor.cookie,
      json: { description: 'Now with a rooftop garden.' },
    });
    expect(saved.status).toBe(200);
    const after = await t.request(path);
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(await after.text()).toContain('Now with a rooftop garden.');
  });

  it('calls the other site’s purge (spec §7) with its token after a save', async () => {
    const { id, path } = await listing();
    const expected = `/api/purge?token=other-site-token&path=${encodeURIComponent(path)}`;
    await t.request(`/api/listings/${id}`, {
      method: 'PATCH',
      cookie: editor.cookie,
      json: { amenities: ['Gym'] },
    });
    await expect.poll(() => calls.includes(expected), { timeout: 2000 }).toBe(true);
  });

  it('redirects an old slug (301) to the current path', async () => {
    const { id, path } = await listing({ title: 'Pier One' });
    await t.request(path);
    const renamed = await t.request(`/api/listings/${id}`, {
      method: 'PATCH',
      cookie: editor.cookie,
      json: { title: 'Pier Two' },
    });
    const { listing: updated } = (await renamed.json()) as { listing: { publicPath: string } };
    expect(updated.publicPath).toMatch(/^\/nsw\/pier-two-parramatta/);
    const old = await t.request(path);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(updated.publicPath);
    expect((await t.request(updated.publicPath)).status).toBe(200);
    // Once hidden, an old path no longer tells where the listing went (its new title) either.
    const hidden = await t.request(`/api/listings/${id}`, {
      method: 'PATCH',
      cookie: editor.cookie,
      json: { salesStatus: 'HIDDEN' },
    });
    expect(hidden.status).toBe(200);
    const gone = await t.request(path);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('location')).toBeNull();
  });

  it('is fresh in another app process within a second of a save (purges shared through the database)', async () => {
    const other = await buildApp(t.database, t.settings);
    try {
      const { id, path } = await listing();
      await other.app.request(path);
      expect((await other.app.request(path)).headers.get('x-cache')).toBe('HIT');
      const savedAt = Date.now();
      await t.request(`/api/listings/${id}`, {
        method: 'PATCH',
        cookie: editor.cookie,
        json: { description: 'Changed elsewhere.' },
      });
      await expect
        .poll(async () => (await (await other.app.request(path)).text()).includes('Changed elsewhere.'), {
          timeout: 1000,
          interval: 50,
        })
        .toBe(true);
      expect(Date.now() - savedAt).toBeLessThan(1000);
    } finally {
      await other.deps.queue.stop({ graceful: false, timeout: 1000 });
    }
  });
});

describe('GET /api/purge-url', () => {
  it('lets editors, admins and the purge token purge; refuses others', async () => {
    const { path } = await listing();
    const url = `/api/purge-url?path=${encodeURIComponent(path)}&t=${Date.now()}`;
    await t.request(path);
    const purged = await t.request(url, { cookie: editor.cookie });
    expect(purged.status).toBe(200);
    expect(await purged.json()).toEqual({ purged: true, path });
    expect((await t.request(path)).headers.get('x-cache')).toBe('MISS');
    expect((await t.request(url, { cookie: admin.cookie })).status).toBe(200);
    expect((await t.request(`${url}&token=purge-secret-token`)).status).toBe(200);
    // A refused purge leaves the cached page where it is.
    await t.request(path);
    expect((await t.request(path)).headers.get('x-cache')).toBe('HIT');
    expect((await t.request(url, { cookie: outsider.cookie })).status).toBe(403);
    expect((await t.request(`${url}&token=wrong`)).status).toBe(403);
    expect((await t.request(url)).status).toBe(401);
    expect((await t.request(path)).headers.get('x-cache')).toBe('HIT');
    // The path must be a listing path.
    const bad = await t.request('/api/purge-url?path=/etc/passwd', { cookie: admin.cookie });
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/gazetteer', () => {
  it('finds localities offline, typo-tolerant, and asks the configured geocoder first', async () => {
    const response = await t.request('/api/gazetteer?q=pyrmnot', { cookie: editor.cookie });
    expect(response.status).toBe(200);
    const { results } = (await response.json()) as {
      results: { suburb: string; source: string; fullAddress?: string }[];
    };
    expect(results[0]).toMatchObject({
      source: 'geocoder',
      fullAddress: '12 Harris Street, Pyrmont NSW 2009',
    });
    expect(results.find((r) => r.source === 'gazetteer')).toMatchObject({ suburb: 'Pyrmont' });
    expect(calls.some((call) => call.startsWith('/geocode?q=pyrmnot'))).toBe(true);
    expect((await t.request('/api/gazetteer?q=pyrmont')).status).toBe(401);
  });
});
