import { readFile } from 'node:fs/promises';
import { createdApiKeySchema, LEAD_API_RATE_PER_MINUTE } from '@offplan/shared';
import { eq } from 'drizzle-orm';
import { DtdValidator, XmlDocument, XmlDtd, XmlElement, XmlValidateError } from 'libxml2-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  organization,
  projectConfigurations,
  projectMedia,
  projects,
  throttleCounters,
} from '../../db/schema/index.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test/test-app.ts';
import { leadApiThrottleKey } from '../lead-api/api-key-auth.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof projectFixtures>;
type Person = Awaited<ReturnType<ReturnType<typeof projectFixtures>['person']>>;
let owner: Person;
let orgA: string;
let orgB: string;
let feedKey: string;
let bravoKey: string;

const FEED = '/api/v1/listings/reaxml';
const DTD_FILE = 'reaxml-subset.dtd';
let subsetDtd: string;

/** Which of org A's projects is which, by the status it is made with. */
const ids = {
  selling: 0,
  pending: 0,
  interest: 0,
  soldOut: 0,
  hidden: 0,
  notProceeding: 0,
  bravo: 0,
};
/** The selling project's configurations: with a from-price, and with no price at all. */
let priced: number;
let unpriced: number;

/** A call as a portal's or CRM's server makes it: the key and nothing a browser adds. */
function callFeed(key: string | null) {
  return t.app.request(FEED, {
    headers: {
      'x-forwarded-for': '203.0.113.9',
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
    },
  });
}

async function feedOf(key: string) {
  const response = await callFeed(key);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  return response.text();
}

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] => (value === undefined ? [] : ([value].flat() as Node[]));

function childElements(element: XmlElement): XmlElement[] {
  const children: XmlElement[] = [];
  for (let node = element.firstChild; node; node = node.next) {
    if (node instanceof XmlElement) children.push(node);
  }
  return children;
}

/**
 * An element as a plain object, as libxml2 read it (entities resolved): `@name` for attributes, `#` for
 * the text of an element that also has attributes, repeated children as arrays.
 */
function objectOf(element: XmlElement): unknown {
  const attributes = Object.fromEntries(element.attrs.map((attr) => [`@${attr.name}`, attr.value]));
  const children = childElements(element);
  if (children.length === 0) {
    if (element.attrs.length === 0) return element.content;
    return element.content ? { ...attributes, '#': element.content } : attributes;
  }
  const object: Node = { ...attributes };
  for (const child of children) {
    const value = objectOf(child);
    const seen = object[child.name];
    object[child.name] = seen === undefined ? value : [seen, value].flat();
  }
  return object;
}

function parsed<T>(xml: string, read: (root: XmlElement) => T): T {
  const document = XmlDocument.fromString(xml);
  try {
    return read(document.root);
  } finally {
    document.dispose();
  }
}

/** The document's `<residential>` elements as objects. */
const residentials = (xml: string) =>
  parsed(xml, (root) =>
    childElements(root)
      .filter((node) => node.name === 'residential')
      .map((node) => objectOf(node) as Node),
  );

const byUniqueId = (xml: string) => new Map(residentials(xml).map((node) => [String(node.uniqueID), node]));

/** Child element names of each `<residential>`, in document order. */
const childOrder = (xml: string) =>
  parsed(xml, (root) => childElements(root).map((node) => childElements(node).map((child) => child.name)));

/**
 * The document's DTD errors against our REAXML subset (libxml2, compiled to WebAssembly): none when valid.
 * The DOCTYPE's address is never fetched; the subset DTD stands for it.
 */
function dtdErrors(xml: string): string[] {
  const dtd = XmlDtd.fromString(subsetDtd);
  const validator = new DtdValidator(dtd);
  const document = XmlDocument.fromString(xml);
  try {
    validator.validate(document);
    return [];
  } catch (error) {
    if (error instanceof XmlValidateError) return error.details.map((detail) => detail.message.trim());
    throw error;
  } finally {
    document.dispose();
    validator.dispose();
  }
}

async function makeKey(who: Person, scope: 'READ' | 'WRITE') {
  const response = await t.client.api.crm['api-keys'].$post(
    { json: { name: `Feed ${scope}`, scope } },
    { headers: { cookie: who.cookie } },
  );
  expect(response.status).toBe(201);
  return createdApiKeySchema.parse(await response.json());
}

async function configuration(projectId: number, values: Partial<typeof projectConfigurations.$inferInsert>) {
  const [row] = await t.db
    .insert(projectConfigurations)
    .values({ projectId, name: '2 bedroom', bedrooms: 2, bathrooms: 2, carSpaces: 1, ...values })
    .returning({ id: projectConfigurations.id });
  return row!.id;
}

async function image(
  projectId: number,
  position: number,
  values: Partial<typeof projectMedia.$inferInsert> = {},
) {
  await t.db.insert(projectMedia).values({
    projectId,
    kind: 'image',
    url: `/uploads/listings/img-${projectId}-${position}-1600.webp`,
    fileName: `img-${position}.webp`,
    mimeType: 'image/webp',
    sizeBytes: 1000,
    position,
    ...values,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  f = projectFixtures(t);
  subsetDtd = await readFile(new URL(`./${DTD_FILE}`, import.meta.url), 'utf8');
  orgA = await f.organisation('Harbourline');
  orgB = await f.organisation('Bravo Homes');
  await t.db.update(organization).set({ phone: '02 9000 1234' }).where(eq(organization.id, orgA));
  owner = await f.person({ organisationId: orgA, role: 'owner' });
  // Joined later, and only a member: never the listing's contact.
  await f.person({ organisationId: orgA, role: 'member', email: 'member-not-contact@example.test' });
  const bravoOwner = await f.person({ organisationId: orgB, role: 'owner' });

  const project = (title: string, values: Partial<typeof projects.$inferInsert>) =>
    f.project(title, { organisationId: orgA, ...values });
  ids.selling = await project('Harbour & <Co> Lofts', {
    salesStatus: 'SELLING_NOW',
    stage: 'COMMENCED',
    projectType: 'HIGH_RISE',
    streetNumber: '12',
    streetName: 'Wharf Road',
    lga: 'City of Parramatta',
    description: '<p>Light &amp; air.</p><script>alert(1)</script><p>Two&nbsp;towers<br>by the river</p>',
  });
  ids.pending = await project('Pending Gardens', { salesStatus: 'PENDING_LAUNCH', projectType: 'TOWNHOUSE' });
  ids.interest = await project('Interest Row', {
    salesStatus: 'REGISTRATIONS_OF_INTEREST',
    projectType: 'LOW_RISE',
    // No street anywhere: REAXML still gets a street element, and the address is not displayed.
    fullAddress: 'Parramatta NSW 2150',
  });
  ids.soldOut = await project('Sold Quay', { salesStatus: 'SOLD_OUT', stage: 'COMPLETE' });
  ids.hidden = await project('Hidden Court', { salesStatus: 'HIDDEN' });
  ids.notProceeding = await project('Stalled Place', { salesStatus: 'SELLING_NOW', stage: 'NOT_PROCEEDING' });
  ids.bravo = await f.project('Bravo Rise', { organisationId: orgB, salesStatus: 'SELLING_NOW' });

  priced = await configuration(ids.selling, {
    name: '2 bedroom',
    priceFrom: 650000,
    priceTo: 720000,
    position: 0,
  });
  unpriced = await configuration(ids.selling, { name: '3 bedroom', bedrooms: 3, carSpaces: 2, position: 1 });
  for (const id of [ids.pending, ids.soldOut, ids.hidden, ids.notProceeding, ids.bravo]) {
    await configuration(id, { priceFrom: 500000 });
  }
  await configuration(ids.interest, { priceTo: 800000 });
  // Stored out of order: the feed numbers them hero first, then by position.
  await image(ids.selling, 2);
  await image(ids.selling, 0, { isHero: true, url: '/uploads/listings/hero.jpg', mimeType: 'image/jpeg' });
  await image(ids.selling, 1);

  feedKey = (await makeKey(owner, 'READ')).key;
  bravoKey = (await makeKey(bravoOwner, 'WRITE')).key;
});
afterAll(() => t.close());

describe('GET /api/v1/listings/reaxml: the organisation’s listings as REAXML', () => {
  it('lists one residential per configuration of the key’s organisation’s projects only, with stable uniqueIDs', async () => {
    const xml = await feedOf(feedKey);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain(
      '<!DOCTYPE propertyList SYSTEM "http://reaxml.realestate.com.au/propertyList.dtd">',
    );
    expect(xml).toMatch(/<propertyList date="\d{4}-\d{2}-\d{2}-\d{2}:\d{2}:\d{2}" username="" password="">/);
    const nodes = residentials(xml);
    // Every configuration of org A's projects, each once, as {projectId}-{configurationId}.
    const configurations = await t.db
      .select({ id: projectConfigurations.id, projectId: projectConfigurations.projectId })
      .from(projectConfigurations)
      .innerJoin(projects, eq(projects.id, projectConfigurations.projectId))
      .where(eq(projects.organisationId, orgA));
    expect(nodes.map((node) => node.uniqueID).sort()).toEqual(
      configurations.map((row) => `${row.projectId}-${row.id}`).sort(),
    );
    expect(nodes.map((node) => node.uniqueID)).toContain(`${ids.selling}-${priced}`);
    expect(nodes.map((node) => node.uniqueID)).toContain(`${ids.selling}-${unpriced}`);
    expect(nodes).toHaveLength(7);
    expect(nodes.every((node) => node.agentID === orgA)).toBe(true);
    expect(xml).not.toContain('Bravo Rise');
    expect(xml).not.toContain(`<uniqueID>${ids.bravo}-`);
    // Asked again: the same ids for the same configurations.
    expect([...byUniqueId(await feedOf(feedKey)).keys()]).toEqual(nodes.map((node) => node.uniqueID));

    const bravo = residentials(await feedOf(bravoKey));
    expect(bravo.map((node) => String(node.uniqueID).split('-')[0])).toEqual([String(ids.bravo)]);
    expect(bravo[0]!.agentID).toBe(orgB);
  });

  it('maps the sales status: on the marketplace current, sold out sold, hidden or not proceeding withdrawn (ids only)', async () => {
    const nodes = residentials(await feedOf(feedKey));
    const statusOf = (projectId: number) =>
      nodes
        .filter((node) => String(node.uniqueID).startsWith(`${projectId}-`))
        .map((node) => node['@status']);
    expect(statusOf(ids.selling)).toEqual(['current', 'current']);
    expect(statusOf(ids.pending)).toEqual(['current']);
    expect(statusOf(ids.interest)).toEqual(['current']);
    expect(statusOf(ids.soldOut)).toEqual(['sold']);
    expect(statusOf(ids.hidden)).toEqual(['withdrawn']);
    expect(statusOf(ids.notProceeding)).toEqual(['withdrawn']);
    const hidden = nodes.find((node) => String(node.uniqueID).startsWith(`${ids.hidden}-`))!;
    expect(Object.keys(hidden).filter((key) => !key.startsWith('@'))).toEqual(['agentID', 'uniqueID']);
    expect(hidden['@modTime']).toMatch(/^\d{4}-\d{2}-\d{2}-\d{2}:\d{2}:\d{2}$/);
  });

  it('carries price, address, category, escaped headline, plain-text description, features, link, contact and images in id order', async () => {
    const xml = await feedOf(feedKey);
    // Escaped by the XML writer, never concatenated: the & and < of the title arrive as entities.
    expect(xml).toContain('<headline>Harbour &amp; &lt;Co&gt; Lofts – 2 bedroom</headline>');
    const nodes = byUniqueId(xml);
    const [project] = await t.db.select().from(projects).where(eq(projects.id, ids.selling));
    const listing = nodes.get(`${ids.selling}-${priced}`)!;
    expect(listing).toMatchObject({
      authority: { '@value': 'exclusive' },
      listingAgent: {
        '@id': '1',
        name: 'Test User',
        telephone: { '@type': 'BH', '#': '02 9000 1234' },
        email: owner.email,
      },
      price: { '@display': 'yes', '#': '650000' },
      priceView: 'From $650,000',
      address: {
        '@display': 'yes',
        streetNumber: '12',
        street: 'Wharf Road',
        suburb: 'Parramatta',
        state: 'NSW',
        postcode: '2150',
        country: 'AUS',
      },
      municipality: 'City of Parramatta',
      category: { '@name': 'Apartment' },
      headline: 'Harbour & <Co> Lofts – 2 bedroom',
      description: 'Light & air.\n\nTwo towers\nby the river',
      features: { bedrooms: '2', bathrooms: '2', garages: '1' },
      externalLink: { '@href': `${TEST_BASE_URL}/nsw/${project!.slug}` },
    });
    expect(xml).not.toContain('alert(1)');
    expect(xml).not.toContain('member-not-contact@example.test');
    const images = list((listing.images as Node).img);
    expect(images.map((img) => img['@id'])).toEqual(['m', 'a', 'b']);
    expect(images.map((img) => img['@url'])).toEqual([
      `${TEST_BASE_URL}/uploads/listings/hero.jpg`,
      `${TEST_BASE_URL}/uploads/listings/img-${ids.selling}-1-1600.webp`,
      `${TEST_BASE_URL}/uploads/listings/img-${ids.selling}-2-1600.webp`,
    ]);
    expect(images.map((img) => img['@format'] ?? null)).toEqual(['jpg', null, null]);

    const noPrice = nodes.get(`${ids.selling}-${unpriced}`)!;
    expect(noPrice.price).toBeUndefined();
    expect(noPrice.features).toEqual({ bedrooms: '3', bathrooms: '2', garages: '2' });
    const byProject = (id: number) =>
      [...nodes.values()].find((node) => String(node.uniqueID).startsWith(`${id}-`))!;
    expect(byProject(ids.pending).category).toEqual({ '@name': 'Townhouse' });
    expect(byProject(ids.interest).category).toEqual({ '@name': 'Unit' });
    // Only a to-price: searchable by it, not shown.
    expect(byProject(ids.interest)).toMatchObject({
      price: { '@display': 'no', '#': '800000' },
      priceView: 'Contact agent',
      address: { '@display': 'no', street: '', suburb: 'Parramatta', state: 'NSW', postcode: '2150' },
    });
    // No street name: the first part of the full address stands for the street.
    expect(byProject(ids.pending).address).toMatchObject({ '@display': 'yes', street: '1 Church Street' });
  });

  it('validates against the REAXML subset DTD, which refuses an element out of order', async () => {
    const xml = await feedOf(feedKey);
    expect(dtdErrors(xml)).toEqual([]);
    const orders = childOrder(xml);
    expect(orders[0]!.indexOf('category')).toBeLessThan(orders[0]!.indexOf('headline'));
    // The same document with <category> moved after <headline>: the DTD must notice.
    const swapped = xml.replace(/(\s*<category [^>]*\/>)(\s*<headline>[^<]*<\/headline>)/, '$2$1');
    expect(swapped).not.toBe(xml);
    expect(dtdErrors(swapped).join('\n')).toContain('Element residential content does not follow the DTD');
  });
});

describe('GET /api/v1/listings/reaxml: only with a key in use, within its limit', () => {
  it('refuses a missing, unknown or revoked key with 401 and writes nothing of the feed', async () => {
    for (const key of [null, 'opk_not-a-real-key', 'not-even-a-key']) {
      const response = await callFeed(key);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.text()).not.toContain('propertyList');
    }
    const revocable = await makeKey(owner, 'WRITE');
    expect((await callFeed(revocable.key)).status).toBe(200);
    const revoked = await t.client.api.crm['api-keys'][':id'].$delete(
      { param: { id: String(revocable.apiKey.id) } },
      { headers: { cookie: owner.cookie } },
    );
    expect(revoked.status).toBe(204);
    expect((await callFeed(revocable.key)).status).toBe(401);
  });

  it('shares the lead API’s per-key limit: one minute’s calls to either count together (429, Retry-After)', async () => {
    const busy = await makeKey(owner, 'READ');
    await t.db.insert(throttleCounters).values({
      key: leadApiThrottleKey(busy.apiKey.id),
      windowStartedAt: new Date(),
      hits: LEAD_API_RATE_PER_MINUTE - 1,
    });
    expect((await callFeed(busy.key)).status).toBe(200);
    const limited = await callFeed(busy.key);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const leads = await t.app.request('/api/v1/leads', {
      headers: { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${busy.key}` },
    });
    expect(leads.status).toBe(429);
    expect((await callFeed(feedKey)).status).toBe(200);
  });

  it('is in the OpenAPI document as XML behind the organisation API key', async () => {
    const response = await t.request('/api/openapi.json');
    const document = (await response.json()) as {
      paths: Record<
        string,
        Record<string, { security?: unknown; responses: Record<string, { content?: object }> }>
      >;
    };
    const operation = document.paths[FEED]!.get!;
    expect(operation.security).toEqual([{ organisationApiKey: [] }]);
    expect(Object.keys(operation.responses['200']!.content!)).toEqual(['application/xml']);
  });
});
