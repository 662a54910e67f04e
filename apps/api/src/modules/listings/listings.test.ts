import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Listing, MEDIA_LIMITS, NUL_MESSAGE } from '@offplan/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  projectConfigurations,
  projectMedia,
  projectMembers,
  projectRecommendations,
  projectSlugHistory,
  projects,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof projectFixtures>;
let orgA: string;
let orgB: string;
let editor: Awaited<ReturnType<ReturnType<typeof projectFixtures>['person']>>;
let orgMate: typeof editor;
let outsider: typeof editor;
let recommended: typeof editor;
let admin: typeof editor;
let loner: typeof editor;

beforeAll(async () => {
  t = await createTestApp();
  f = projectFixtures(t);
  orgA = await f.organisation('Harbour Builders');
  orgB = await f.organisation('Other Developments');
  editor = await f.person({ organisationId: orgA, role: 'member' });
  orgMate = await f.person({ organisationId: orgA, role: 'owner' });
  outsider = await f.person({ organisationId: orgB, role: 'owner' });
  recommended = await f.person({ organisationId: orgB, role: 'member' });
  admin = await f.person({ admin: true });
  loner = await f.person();
});
afterAll(async () => {
  await t.close();
});

/** A listing of organisation A with the editor as approved member, and the recommended user recommended. */
async function listingOfA(values: Partial<typeof projects.$inferInsert> = {}) {
  const id = await f.project(`Harbour ${Math.random().toString(36).slice(2, 7)}`, {
    organisationId: orgA,
    ...values,
  });
  await t.db.insert(projectMembers).values({ projectId: id, userId: editor.id });
  await t.db
    .insert(projectRecommendations)
    .values({ projectId: id, userId: recommended.id, source: 'admin' });
  return id;
}

const get = (id: number, cookie?: string) => t.request(`/api/listings/${id}`, cookie ? { cookie } : {});
const patch = (id: number, cookie: string, json: unknown) =>
  t.request(`/api/listings/${id}`, { method: 'PATCH', cookie, json });
const row = async (id: number) => (await t.db.select().from(projects).where(eq(projects.id, id)))[0]!;

function upload(id: number, cookie: string, kind: string, file: Blob, name: string) {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', file, name);
  return t.request(`/api/listings/${id}/media`, { method: 'POST', cookie, body: form });
}
const png = (width = 2000, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer();
const blob = (data: Uint8Array | string, type: string) =>
  new Blob([typeof data === 'string' ? data : Uint8Array.from(data)], { type });

describe('GET /api/listings/{id}', () => {
  it('answers the full listing to an approved member, an organisation mate and an admin', async () => {
    const id = await listingOfA({
      description: 'Waterfront homes',
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
    });
    await t.db
      .insert(projectConfigurations)
      .values({ projectId: id, name: '2 bed', bedrooms: 2, bathrooms: 2 });
    for (const who of [editor, orgMate, admin]) {
      const response = await get(id, who.cookie);
      expect(response.status).toBe(200);
      const { listing } = (await response.json()) as { listing: Listing };
      expect(listing).toMatchObject({
        id,
        description: 'Waterfront homes',
        videoId: 'dQw4w9WgXcQ',
        completeness: {
          configurations: true,
          video: true,
          images: false,
          brochure: false,
          floorplans: false,
        },
        canEditCampaignType: who === admin,
      });
      expect(listing.configurations[0]).toMatchObject({ name: '2 bed', bedrooms: 2 });
    }
  });

  it('refuses recommended-only users, other organisations and people without an organisation (403), and no session (401)', async () => {
    const id = await listingOfA();
    for (const who of [recommended, outsider, loner]) {
      const response = await get(id, who.cookie);
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
        /approved members/,
      );
    }
    expect((await get(id)).status).toBe(401);
    expect((await get(999_999, admin.cookie)).status).toBe(404);
  });
});

describe('PATCH /api/listings/{id}: the listing fields', () => {
  it('saves every design §2 field an editor sends', async () => {
    const id = await listingOfA();
    const response = await patch(id, editor.cookie, {
      description: 'Forty homes by the water.\n\nClose to the ferry.',
      developerName: 'Harbour Builders',
      builderName: 'Coastline Construct',
      address: {
        streetNumber: '12',
        streetName: 'Church Street',
        lat: -33.815,
        lng: 151.001,
        postcode: '2150',
      },
      configurations: [
        {
          name: '1 bed',
          bedrooms: 1,
          bathrooms: 1,
          carSpaces: 0,
          priceFrom: 650000,
          priceTo: 720000,
          internalSizeSqm: 55.5,
          stockAvailable: 8,
        },
        {
          name: '2 bed',
          bedrooms: 2,
          bathrooms: 2,
          carSpaces: 1,
          priceFrom: 900000,
          priceTo: null,
          internalSizeSqm: null,
          stockAvailable: 3,
        },
      ],
      amenities: ['Pool', 'Gym'],
      estimatedCompletionQuarter: 3,
      estimatedCompletionYear: 2028,
      videoUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      website: 'https://harbour.example',
      displaySuiteAddress: '1 George St, Parramatta NSW 2150',
      displaySuiteHours: 'Sat–Sun 10am–4pm',
      salesStatus: 'SELLING_NOW',
      stage: 'PRECONSTRUCTION',
    });
    expect(response.status).toBe(200);
    const { listing } = (await response.json()) as { listing: Listing };
    expect(listing).toMatchObject({
      description: 'Forty homes by the water.\n\nClose to the ferry.',
      builderName: 'Coastline Construct',
      address: { streetNumber: '12', lat: -33.815, lng: 151.001 },
      amenities: ['Pool', 'Gym'],
      estimatedCompletionQuarter: 3,
      estimatedCompletionYear: 2028,
      videoId: 'dQw4w9WgXcQ',
      website: 'https://harbour.example',
      displaySuiteHours: 'Sat–Sun 10am–4pm',
      salesStatus: 'SELLING_NOW',
      stage: 'PRECONSTRUCTION',
    });
    expect(listing.configurations.map((c) => [c.name, c.priceFrom, c.internalSizeSqm])).toEqual([
      ['1 bed', 650000, 55.5],
      ['2 bed', 900000, null],
    ]);
    // Replacing the list: keep the first (by id), drop the second, add one.
    const [first] = listing.configurations;
    const again = await patch(id, editor.cookie, {
      configurations: [
        { ...first, stockAvailable: 7 },
        {
          name: '3 bed',
          bedrooms: 3,
          bathrooms: 2,
          carSpaces: 2,
          priceFrom: null,
          priceTo: null,
          internalSizeSqm: 120,
          stockAvailable: 1,
        },
      ],
    });
    const updated = ((await again.json()) as { listing: Listing }).listing;
    expect(updated.configurations.map((c) => [c.id === first!.id, c.name, c.stockAvailable])).toEqual([
      [true, '1 bed', 7],
      [false, '3 bed', 1],
    ]);
  });

  it('refuses a video link outside spec §5 with a field message, writing nothing', async () => {
    const id = await listingOfA({ description: 'before' });
    const response = await patch(id, editor.cookie, {
      description: 'after',
      videoUrl: 'https://vimeo.com/123456789',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields.videoUrl).toMatch(/11-character/);
    expect((await row(id)).description).toBe('before');
  });

  it('refuses an emptied suburb or address with a field message, writing nothing', async () => {
    const id = await listingOfA({ description: 'before' });
    const before = await row(id);
    for (const address of [{ suburb: '  ' }, { fullAddress: '' }]) {
      const response = await patch(id, editor.cookie, { description: 'after', address });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { fields: Record<string, string> } };
      expect(Object.values(body.error.fields).join(' ')).toMatch(/Enter the (suburb|address)/);
    }
    const after = await row(id);
    expect(after.description).toBe('before');
    expect([after.suburb, after.fullAddress]).toEqual([before.suburb, before.fullAddress]);
  });

  it('refuses unknown enum values and unknown fields (400)', async () => {
    const id = await listingOfA();
    const bad = await patch(id, editor.cookie, { salesStatus: 'ON_SALE' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty(
      'salesStatus',
    );
    expect((await patch(id, editor.cookie, { organisationId: orgB })).status).toBe(400);
    expect((await row(id)).organisationId).toBe(orgA);
  });

  it('lets only admins set the campaign type', async () => {
    const id = await listingOfA();
    const refused = await patch(id, editor.cookie, { campaignType: 'CPS', description: 'x' });
    expect(refused.status).toBe(403);
    expect(
      ((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields.campaignType,
    ).toBe('Only admins set the campaign type.');
    expect(await row(id)).toMatchObject({ campaignType: 'NONE', description: '' });
    // Sending the current value (a whole-form autosave) is not a change.
    expect((await patch(id, editor.cookie, { campaignType: 'NONE' })).status).toBe(200);
    expect((await patch(id, admin.cookie, { campaignType: 'CPS' })).status).toBe(200);
    expect((await row(id)).campaignType).toBe('CPS');
  });
});

describe('PATCH /api/listings/{id}: sales status, stage, access and slug', () => {
  it('moves sales status freely among the five statuses', async () => {
    const id = await listingOfA();
    for (const status of [
      'REGISTRATIONS_OF_INTEREST',
      'HIDDEN',
      'SOLD_OUT',
      'SELLING_NOW',
      'PENDING_LAUNCH',
    ]) {
      const response = await patch(id, editor.cookie, { salesStatus: status });
      expect(response.status).toBe(200);
      expect((await row(id)).salesStatus).toBe(status);
    }
  });

  it('moves the stage forward only; back and NOT_PROCEEDING need an admin, and NOT_PROCEEDING is terminal', async () => {
    const id = await listingOfA();
    expect((await patch(id, editor.cookie, { stage: 'COMMENCED' })).status).toBe(200);
    const back = await patch(id, editor.cookie, { stage: 'PRECONSTRUCTION' });
    expect(back.status).toBe(403);
    expect(((await back.json()) as { error: { fields: Record<string, string> } }).error.fields.stage).toMatch(
      /forward only/,
    );
    expect((await row(id)).stage).toBe('COMMENCED');
    expect((await patch(id, editor.cookie, { stage: 'NOT_PROCEEDING' })).status).toBe(403);
    expect((await patch(id, admin.cookie, { stage: 'PRECONSTRUCTION' })).status).toBe(200);
    expect((await patch(id, admin.cookie, { stage: 'NOT_PROCEEDING' })).status).toBe(200);
    expect((await patch(id, editor.cookie, { stage: 'COMPLETE' })).status).toBe(403);
    expect((await row(id)).stage).toBe('NOT_PROCEEDING');
  });

  it('refuses recommended-only users and other organisations, writing nothing', async () => {
    const id = await listingOfA({ description: 'mine' });
    for (const who of [recommended, outsider]) {
      expect((await patch(id, who.cookie, { description: 'theirs' })).status).toBe(403);
    }
    expect((await row(id)).description).toBe('mine');
  });

  it('gives a new slug when the title, suburb or state changes and keeps the old path in the history', async () => {
    const id = await listingOfA({ title: 'Old Name', slug: 'old-name-parramatta' });
    const response = await patch(id, editor.cookie, { title: 'New Name' });
    const { listing } = (await response.json()) as { listing: Listing };
    expect(listing.publicPath).toBe('/nsw/new-name-parramatta');
    const history = await t.db.select().from(projectSlugHistory).where(eq(projectSlugHistory.projectId, id));
    expect(history.map((h) => `/${h.prefix}/${h.slug}`)).toEqual(['/nsw/old-name-parramatta']);
    const moved = await patch(id, editor.cookie, {
      address: { suburb: 'Southbank', state: 'VIC', postcode: '3006' },
    });
    expect(((await moved.json()) as { listing: Listing }).listing.publicPath).toBe('/vic/new-name-southbank');
    // A second listing with the same title and suburb gets a path of its own.
    const other = await listingOfA({ slug: `x-${id}` });
    const clash = await patch(other, editor.cookie, {
      title: 'New Name',
      address: { suburb: 'Southbank', state: 'VIC' },
    });
    expect(((await clash.json()) as { listing: Listing }).listing.publicPath).toBe(
      '/vic/new-name-southbank-2',
    );
    // Nor does it take a path another listing used before (the history still redirects there).
    const third = await listingOfA({ slug: `y-${id}` });
    const former = await patch(third, editor.cookie, { title: 'Old Name' });
    expect(((await former.json()) as { listing: Listing }).listing.publicPath).toBe(
      '/nsw/old-name-parramatta-2',
    );
  });
});

describe('listing media: images', () => {
  it('stores an image checked by content as two WebP web sizes, the first one hero', async () => {
    const id = await listingOfA();
    const response = await upload(id, editor.cookie, 'image', blob(await png(), 'image/png'), 'front.png');
    expect(response.status).toBe(201);
    const { media, listing } = (await response.json()) as {
      media: Listing['images'][number];
      listing: Listing;
    };
    expect(media).toMatchObject({
      kind: 'image',
      mimeType: 'image/webp',
      width: 1600,
      height: 960,
      isHero: true,
      fileName: 'front.png',
    });
    expect(media.url).toMatch(new RegExp(`^/media/uploads/listings/${id}/[0-9a-f]+-1600\\.webp$`));
    expect(media.thumbnailUrl).toBe(media.url.replace('-1600.webp', '-800.webp'));
    for (const url of [media.url, media.thumbnailUrl]) {
      const file = path.join(t.settings.dataDir, 'uploads', url.slice('/media/uploads/'.length));
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(url === media.url ? 1600 : 800);
    }
    expect(listing.completeness.images).toBe(true);
    // Served by the portal.
    expect((await t.request(media.thumbnailUrl)).status).toBe(200);
  });

  it('orders images, sets the hero, and deletes (the next image becomes hero, files removed)', async () => {
    const id = await listingOfA();
    const ids: number[] = [];
    for (const name of ['a.png', 'b.png', 'c.png']) {
      const response = await upload(id, editor.cookie, 'image', blob(await png(900, 600), 'image/png'), name);
      ids.push(((await response.json()) as { media: { id: number } }).media.id);
    }
    const reorder = await t.request(`/api/listings/${id}/media`, {
      method: 'PATCH',
      cookie: editor.cookie,
      json: { order: [ids[2], ids[0], ids[1]], heroId: ids[1] },
    });
    expect(reorder.status).toBe(200);
    const { listing } = (await reorder.json()) as { listing: Listing };
    expect(listing.images.map((m) => [m.id, m.isHero])).toEqual([
      [ids[1], true],
      [ids[2], false],
      [ids[0], false],
    ]);
    const heroUrl = listing.images[0]!.url;
    const removed = await t.request(`/api/listings/${id}/media/${ids[1]}`, {
      method: 'DELETE',
      cookie: editor.cookie,
    });
    expect(removed.status).toBe(200);
    const after = ((await removed.json()) as { listing: Listing }).listing;
    expect(after.images.map((m) => [m.id, m.isHero])).toEqual([
      [ids[2], true],
      [ids[0], false],
    ]);
    expect(
      existsSync(path.join(t.settings.dataDir, 'uploads', heroUrl.slice('/media/uploads/'.length))),
    ).toBe(false);
    // Ids of another listing or of mixed kinds are refused.
    const bad = await t.request(`/api/listings/${id}/media`, {
      method: 'PATCH',
      cookie: editor.cookie,
      json: { order: [ids[0], 999999] },
    });
    expect(bad.status).toBe(400);
  });
});

describe('listing media: documents, refusals and limits', () => {
  it('stores a PDF brochure and a PDF or image floorplan', async () => {
    const id = await listingOfA();
    const pdf = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';
    const brochure = await upload(
      id,
      editor.cookie,
      'brochure',
      blob(pdf, 'application/pdf'),
      'Brochure 2026.pdf',
    );
    expect(brochure.status).toBe(201);
    expect(((await brochure.json()) as { media: { mimeType: string; url: string } }).media).toMatchObject({
      mimeType: 'application/pdf',
      url: expect.stringMatching(/\.pdf$/),
    });
    const plan = await upload(
      id,
      editor.cookie,
      'floorplan',
      blob(await png(800, 600), 'image/png'),
      'plan.png',
    );
    expect(plan.status).toBe(201);
    const listing = ((await plan.json()) as { listing: Listing }).listing;
    expect(listing.completeness).toMatchObject({ brochure: true, floorplans: true });
  });

  it('refuses what is not what it claims, a path in the file name, an unknown kind and oversize files, writing nothing', async () => {
    const id = await listingOfA();
    const cases: [string, Blob, string, number][] = [
      ['image', blob('not really a png', 'image/png'), 'photo.png', 400],
      ['image', blob('%PDF-1.4 a pdf is not an image', 'application/pdf'), 'photo.pdf', 400],
      ['brochure', blob('<html>hello</html>', 'application/pdf'), 'brochure.pdf', 400],
      ['image', blob(await png(10, 10), 'image/png'), '../../../etc/evil.png', 400],
      ['image', blob(await png(10, 10), 'image/png'), '..\\evil.png', 400],
      ['video', blob(await png(10, 10), 'image/png'), 'x.png', 400],
      ['image', blob(new Uint8Array(10 * 1024 * 1024 + 10), 'image/png'), 'big.png', 413],
    ];
    for (const [kind, file, name, status] of cases) {
      const response = await upload(id, editor.cookie, kind, file, name);
      expect(response.status, `${kind} ${name}`).toBe(status);
      const body = (await response.json()) as { error: { message: string } };
      expect(body.error.message.length).toBeGreaterThan(0);
    }
    expect(await t.db.select().from(projectMedia).where(eq(projectMedia.projectId, id))).toEqual([]);
    expect(existsSync(path.join(t.settings.dataDir, 'uploads', 'listings', String(id)))).toBe(false);
  });

  it('lets two uploads at once take the last place of a kind only once', async () => {
    const id = await listingOfA();
    const max = MEDIA_LIMITS.maxDocumentsPerKind;
    await t.db.insert(projectMedia).values(
      Array.from({ length: max - 1 }, (_, position) => ({
        projectId: id,
        kind: 'brochure' as const,
        url: `/media/uploads/elsewhere/${position}.pdf`,
        fileName: `${position}.pdf`,
        mimeType: 'application/pdf',
        sizeBytes: 10,
        position,
      })),
    );
    const pdf = blob('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'application/pdf');
    const statuses = (
      await Promise.all([
        upload(id, editor.cookie, 'brochure', pdf, 'one.pdf'),
        upload(id, editor.cookie, 'brochure', pdf, 'two.pdf'),
      ])
    ).map((response) => response.status);
    expect(statuses.sort()).toEqual([201, 400]);
    const brochures = await t.db
      .select()
      .from(projectMedia)
      .where(and(eq(projectMedia.projectId, id), eq(projectMedia.kind, 'brochure')));
    expect(brochures).toHaveLength(max);
  });

  it('refuses uploads by recommended-only users and other organisations', async () => {
    const id = await listingOfA();
    for (const who of [recommended, outsider]) {
      expect(
        (await upload(id, who.cookie, 'image', blob(await png(10, 10), 'image/png'), 'x.png')).status,
      ).toBe(403);
    }
    expect(await t.db.select().from(projectMedia).where(eq(projectMedia.projectId, id))).toEqual([]);
  });
});

describe('new project: search-add and the draft', () => {
  const draft = (title: string) => ({
    title,
    address: {
      fullAddress: '88 Marine Parade, Southport QLD 4215',
      suburb: 'Southport',
      state: 'QLD',
      postcode: '4215',
    },
  });

  it('creates the draft with spec §3 defaults, owned by the organisation, the creator an approved member', async () => {
    const response = await t.request('/api/listings', {
      method: 'POST',
      cookie: editor.cookie,
      json: draft('Marine Views'),
    });
    expect(response.status).toBe(201);
    const { listing } = (await response.json()) as { listing: Listing };
    expect(listing).toMatchObject({
      title: 'Marine Views',
      salesStatus: 'PENDING_LAUNCH',
      stage: 'IN_PLANNING',
      buildingType: 'APARTMENTS',
      organisationId: orgA,
      publicPath: '/qld/marine-views-southport',
      address: { country: 'Australia', lat: null },
    });
    const members = await t.db
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, listing.id), eq(projectMembers.userId, editor.id)));
    expect(members).toHaveLength(1);
    expect((await get(listing.id, editor.cookie)).status).toBe(200);
  });

  it('refuses an exact duplicate (same title and address) with 409 pointing to the existing project', async () => {
    await t.request('/api/listings', {
      method: 'POST',
      cookie: editor.cookie,
      json: draft('Duplicate Towers'),
    });
    const response = await t.request('/api/listings', {
      method: 'POST',
      cookie: outsider.cookie,
      json: {
        ...draft('duplicate  towers'),
        address: { ...draft('x').address, fullAddress: '88 marine parade, southport QLD 4215' },
      },
    });
    expect(response.status).toBe(409);
    const body = (await response.json()) as {
      error: { code: string; existing: { title: string; relation: string } };
    };
    expect(body.error).toMatchObject({
      code: 'DUPLICATE_PROJECT',
      existing: { title: 'Duplicate Towers', relation: 'request' },
    });
    expect((await t.db.select().from(projects).where(eq(projects.title, 'duplicate  towers'))).length).toBe(
      0,
    );
  });

  it('refuses a draft from someone without an organisation, and bad drafts', async () => {
    expect(
      (await t.request('/api/listings', { method: 'POST', cookie: loner.cookie, json: draft('Lonely') }))
        .status,
    ).toBe(403);
    const bad = await t.request('/api/listings', {
      method: 'POST',
      cookie: editor.cookie,
      json: { ...draft('Bad'), address: { ...draft('Bad').address, state: 'XX' } },
    });
    expect(bad.status).toBe(400);
    expect((await t.db.select().from(projects).where(eq(projects.title, 'Bad'))).length).toBe(0);
  });

  it('refuses a draft that starts NOT_PROCEEDING unless an admin makes it (the stage is admin-only)', async () => {
    const refused = await t.request('/api/listings', {
      method: 'POST',
      cookie: editor.cookie,
      json: { ...draft('Never Built'), stage: 'NOT_PROCEEDING' },
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { fields?: object } }).error.fields).toHaveProperty('stage');
    expect((await t.db.select().from(projects).where(eq(projects.title, 'Never Built'))).length).toBe(0);
    const byAdmin = await t.request('/api/listings', {
      method: 'POST',
      cookie: admin.cookie,
      json: { ...draft('Never Built'), stage: 'NOT_PROCEEDING' },
    });
    expect(byAdmin.status).toBe(201);
  });

  it('search-add answers the exact match, existing projects and gazetteer addresses', async () => {
    const id = await f.project('Riverside Gardens', {
      organisationId: null,
      fullAddress: '5 River Rd, Parramatta NSW 2150',
    });
    const response = await t.request('/api/listings/search-add?q=riverside%20gardens', {
      cookie: editor.cookie,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      exactMatch: { id: number; relation: string } | null;
      projects: { id: number }[];
      addresses: unknown[];
    };
    expect(body.exactMatch).toMatchObject({ id, relation: 'claim' });
    const byAddress = await t.request('/api/listings/search-add?q=5%20River%20Rd', { cookie: editor.cookie });
    const found = (await byAddress.json()) as typeof body;
    expect(found.projects.some((p) => p.id === id)).toBe(true);
    const bySuburb = (await (
      await t.request('/api/listings/search-add?q=Parramata', { cookie: editor.cookie })
    ).json()) as typeof body;
    expect(bySuburb.addresses[0]).toMatchObject({
      suburb: 'Parramatta',
      state: 'NSW',
      postcode: '2150',
      source: 'gazetteer',
    });
    expect((await t.request('/api/listings/search-add?q=x')).status).toBe(401);
  });

  it("search-add shows no other organisation's HIDDEN or NOT_PROCEEDING project (off the marketplace); its own members still see it", async () => {
    const hidden = await listingOfA({ title: 'Quietwater Hidden', salesStatus: 'HIDDEN' });
    const stopped = await listingOfA({ title: 'Quietwater Stopped', stage: 'NOT_PROCEEDING' });
    const ids = async (cookie: string) =>
      (
        (await (await t.request('/api/listings/search-add?q=quietwater', { cookie })).json()) as {
          projects: { id: number }[];
        }
      ).projects.map((p) => p.id);
    expect(await ids(outsider.cookie)).not.toEqual(expect.arrayContaining([hidden]));
    expect(await ids(outsider.cookie)).not.toEqual(expect.arrayContaining([stopped]));
    expect(await ids(editor.cookie)).toEqual(expect.arrayContaining([hidden, stopped]));
    expect(await ids(admin.cookie)).toEqual(expect.arrayContaining([hidden, stopped]));
  });
});

describe('the text rule (issue 15 finding 7, decision 024)', () => {
  type FieldError = { error: { code: string; fields?: Record<string, string> } };

  it('refuses a NUL in a listing field with 400 and a field message, changing nothing', async () => {
    const id = await listingOfA({ description: 'Before' });
    const before = await row(id);
    const response = await patch(id, editor.cookie, { title: 'a\u0000b', description: 'After' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as FieldError;
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields?.title).toBe(NUL_MESSAGE);
    const after = await row(id);
    expect(after).toMatchObject({ title: before.title, description: 'Before', slug: before.slug });
    expect(after.updatedAt).toEqual(before.updatedAt);
    for (const json of [{ description: 'x\u0000y' }, { address: { suburb: 'Pyr\u0000mont' } }]) {
      const refused = await patch(id, editor.cookie, json);
      expect(refused.status).toBe(400);
      expect(Object.values(((await refused.json()) as FieldError).error.fields ?? {})).toContain(NUL_MESSAGE);
    }
    expect((await row(id)).description).toBe('Before');
  });

  it('stores listing text with control characters, bidi overrides and zero-width spaces removed', async () => {
    const id = await listingOfA();
    const response = await patch(id, editor.cookie, {
      developerName: 'Harbour\u0001\u0007\u001b[31m Builders',
      builderName: 'Coast\u202eline\u200b',
      description: 'Line one\u202e\nLine\u200b two\u0007',
      amenities: ['Pool\u200b', '\u001b[1mGym'],
      configurations: [
        {
          name: '2 bed\u202e',
          bedrooms: 2,
          bathrooms: 1,
          carSpaces: 1,
          priceFrom: null,
          priceTo: null,
          internalSizeSqm: null,
          stockAvailable: 1,
        },
      ],
    });
    expect(response.status).toBe(200);
    const stored = await row(id);
    expect(stored.developerName).toBe('Harbour[31m Builders');
    expect(stored.builderName).toBe('Coastline');
    expect(stored.description).toBe('Line one\nLine two');
    expect(stored.amenities).toEqual(['Pool', '[1mGym']);
    const [configuration] = await t.db
      .select()
      .from(projectConfigurations)
      .where(eq(projectConfigurations.projectId, id));
    expect(configuration?.name).toBe('2 bed');
  });

  it('answers 400, not 500, to a NUL in the search-add query and in a new draft', async () => {
    const searchAdd = await t.request(`/api/listings/search-add?q=${encodeURIComponent('har\u0000bour')}`, {
      cookie: editor.cookie,
    });
    expect(searchAdd.status).toBe(400);
    expect(((await searchAdd.json()) as FieldError).error.fields?.q).toBe(NUL_MESSAGE);
    const created = await t.request('/api/listings', {
      method: 'POST',
      cookie: editor.cookie,
      json: {
        title: 'Nul\u0000 Towers',
        address: {
          fullAddress: '1 Nul St, Southport QLD 4215',
          suburb: 'Southport',
          state: 'QLD',
          postcode: '4215',
        },
      },
    });
    expect(created.status).toBe(400);
    expect(((await created.json()) as FieldError).error.fields?.title).toBe(NUL_MESSAGE);
  });
});

describe('issue 15 finding 4', () => {
  const address = '7 Secret Lane, Southport QLD 4215';
  const draftOf = (title: string) => ({
    title,
    address: { fullAddress: address, suburb: 'Southport', state: 'QLD', postcode: '4215' },
  });

  it('finding 4: the duplicate check reveals nothing of a hidden project of another organisation', async () => {
    const hidden = await listingOfA({
      title: 'Quiet Secret Towers',
      fullAddress: address,
      salesStatus: 'HIDDEN',
    });
    const stopped = await listingOfA({
      title: 'Quiet Stopped Towers',
      fullAddress: address,
      stage: 'NOT_PROCEEDING',
    });
    for (const id of [hidden, stopped]) {
      const project = await row(id);
      const response = await t.request('/api/listings', {
        method: 'POST',
        cookie: outsider.cookie,
        json: draftOf(project.title),
      });
      expect(response.status).toBe(409);
      const text = await response.text();
      const body = JSON.parse(text) as { error: Record<string, unknown> };
      expect(body.error.code).toBe('DUPLICATE_PROJECT');
      expect(body.error.message).toMatch(/already exists/);
      expect(body.error.requestAccessUrl).toBe(t.settings.contactUrl);
      expect(body.error).not.toHaveProperty('existing');
      for (const detail of [
        String(id),
        project.slug,
        project.salesStatus,
        project.stage,
        'claimed',
        'relation',
      ]) {
        expect(text).not.toContain(detail);
      }
    }
    expect((await t.db.select().from(projects).where(eq(projects.fullAddress, address))).length).toBe(2);
  });

  it('still names a duplicate the caller may see (its organisation, or an admin) with what to do', async () => {
    const hidden = await listingOfA({
      title: 'Quiet Own Towers',
      fullAddress: address,
      salesStatus: 'HIDDEN',
    });
    for (const [who, relation] of [
      [orgMate, 'member'],
      [admin, 'request'],
    ] as const) {
      const response = await t.request('/api/listings', {
        method: 'POST',
        cookie: who.cookie,
        json: draftOf('Quiet Own Towers'),
      });
      expect(response.status).toBe(409);
      const body = (await response.json()) as { error: { existing: { id: number; relation: string } } };
      expect(body.error.existing).toMatchObject({ id: hidden, relation });
    }
  });
});
