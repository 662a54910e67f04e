import { listingPublicPath } from '@offplan/shared';
import type { create } from 'xmlbuilder2';
import { safeUrl } from '../public-listing/public-listing.render.ts';
import type {
  FeedConfiguration,
  FeedContact,
  FeedImage,
  FeedListing,
  FeedProject,
} from './listing-feed.repository.ts';

type XMLBuilder = ReturnType<typeof create>;

/** Where REAXML's structure is published; importers read the DOCTYPE to know the format. */
export const REAXML_SYSTEM_ID = 'http://reaxml.realestate.com.au/propertyList.dtd';

export type ReaxmlStatus = 'current' | 'withdrawn' | 'offmarket' | 'sold';

/**
 * A project's sales state as REAXML names it (decision 029, "Listing feed (REAXML)"):
 * - on the marketplace and not sold out (PENDING_LAUNCH, REGISTRATIONS_OF_INTEREST, SELLING_NOW) →
 *   `current`: its public page is up and it takes enquiries or registrations;
 * - HIDDEN, or the project NOT_PROCEEDING → `withdrawn`: off our marketplace, so off theirs too;
 * - SOLD_OUT → `sold`.
 * `offmarket` is not used: we have no listing that is kept but not marketed.
 */
export function reaxmlStatus(project: Pick<FeedProject, 'salesStatus' | 'stage'>): ReaxmlStatus {
  if (project.stage === 'NOT_PROCEEDING' || project.salesStatus === 'HIDDEN') return 'withdrawn';
  if (project.salesStatus === 'SOLD_OUT') return 'sold';
  return 'current';
}

/** REAXML's date-time, `YYYY-MM-DD-HH:mm:ss`, in UTC (the format carries no zone; we keep one). */
export function reaxmlDateTime(moment: Date | string): string {
  const iso = new Date(moment).toISOString();
  return `${iso.slice(0, 10)}-${iso.slice(11, 19)}`;
}

/** Characters XML 1.0 cannot carry at all (C0 controls but tab and line ends, lone surrogates, U+FFFE/F). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const xmlText = (value: string) => value.replace(NOT_XML, '');

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The description as plain text: imported descriptions may hold HTML, and REAXML's description is text.
 * Scripts and styles go with their content, block ends become line breaks, other tags go, entities are
 * read (the XML writer escapes whatever they stand for), and runs of blank lines and spaces shrink.
 */
export function plainText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr)\s*>/gi, '\n\n')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/&#(\d{1,7});/g, (_, code: string) => safeCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]{1,6});/gi, (_, code: string) => safeCodePoint(Number.parseInt(code, 16)))
    .replace(/&(lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/&amp;/g, '&');
  return xmlText(text)
    .split('\n')
    .map((line) => line.replace(/[ \t\r]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const safeCodePoint = (code: number) => (code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '');

/** REAXML headlines are at most 80 characters. */
const HEADLINE_MAX = 80;

export function headlineOf(title: string, configuration: string): string {
  const headline = xmlText(`${title.trim()} – ${configuration.trim()}`).replace(/\s+/g, ' ');
  return headline.length <= HEADLINE_MAX ? headline : `${headline.slice(0, HEADLINE_MAX - 1).trimEnd()}…`;
}

/** Townhouse projects list as townhouses, low-rise blocks as units, everything else as apartments. */
function categoryOf(project: FeedProject): 'Townhouse' | 'Unit' | 'Apartment' {
  if (project.projectType === 'TOWNHOUSE' || project.buildingType === 'TOWNHOUSES') return 'Townhouse';
  if (project.projectType === 'LOW_RISE') return 'Unit';
  return 'Apartment';
}

/**
 * REAXML requires a street. The project's street name when it has one; otherwise the first part of
 * its full address when that is not just the suburb (addresses typed before the street fields
 * existed); otherwise none, and the address is sent with display="no" so portals show the suburb only.
 */
function streetOf(project: FeedProject): { number: string | null; street: string } {
  const name = project.streetName?.trim();
  if (name) return { number: project.streetNumber?.trim() || null, street: name };
  const first = project.fullAddress.split(',')[0]?.trim() ?? '';
  const suburb = project.suburb.trim().toLowerCase();
  if (first && !first.toLowerCase().startsWith(suburb || '\u0000')) return { number: null, street: first };
  return { number: null, street: '' };
}

const dollars = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  maximumFractionDigits: 0,
});

/**
 * The price REAXML searches by and the words portals show. A from-price is both; without one, a
 * to-price still places the listing in price searches but is not shown (display="no").
 */
function priceOf(
  configuration: FeedConfiguration,
): { price: number; display: 'yes' | 'no'; view: string } | null {
  if (configuration.priceFrom != null) {
    return {
      price: configuration.priceFrom,
      display: 'yes',
      view: `From ${dollars.format(configuration.priceFrom)}`,
    };
  }
  if (configuration.priceTo != null)
    return { price: configuration.priceTo, display: 'no', view: 'Contact agent' };
  return null;
}

/** REAXML image ids: `m` is the main image, then a, b, c … z leaving out m: 26 at most. */
export const REAXML_IMAGE_IDS = ['m', ...'abcdefghijklnopqrstuvwxyz'];

/** When the listing last changed as far as the feed shows it: the project or its newest image. */
function modTimeOf(listing: FeedListing): Date {
  const times = [listing.project.updatedAt, ...listing.images.map((image) => image.createdAt)];
  return new Date(Math.max(...times.map((time) => new Date(time).getTime())));
}

export type ReaxmlContext = {
  organisationId: string;
  baseUrl: string;
  contact: FeedContact | null;
  now: Date;
};

const absolute = (baseUrl: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${baseUrl}${url}`);

function addImages(residential: XMLBuilder, images: FeedImage[], baseUrl: string) {
  const usable = images.filter((image) => safeUrl(image.url)).slice(0, REAXML_IMAGE_IDS.length);
  if (usable.length === 0) return;
  const list = residential.ele('images');
  usable.forEach((image, index) => {
    list.ele('img', {
      id: REAXML_IMAGE_IDS[index],
      url: xmlText(absolute(baseUrl, image.url.trim())),
      modTime: reaxmlDateTime(image.createdAt),
      // REAXML 1.61 knows only jpg; other formats (our uploads are WebP) go without the attribute.
      ...(image.mimeType === 'image/jpeg' ? { format: 'jpg' } : {}),
    });
  });
}

function addAgent(residential: XMLBuilder, contact: FeedContact | null) {
  if (!contact) return;
  const agent = residential.ele('listingAgent', { id: '1' });
  agent.ele('name').txt(xmlText(contact.name));
  if (contact.phone) agent.ele('telephone', { type: 'BH' }).txt(xmlText(contact.phone));
  if (contact.email) agent.ele('email').txt(xmlText(contact.email));
}

function addAddress(residential: XMLBuilder, project: FeedProject) {
  const { number, street } = streetOf(project);
  const address = residential.ele('address', { display: street ? 'yes' : 'no' });
  if (number) address.ele('streetNumber').txt(xmlText(number));
  address.ele('street').txt(xmlText(street));
  address.ele('suburb').txt(xmlText(project.suburb.trim()));
  address.ele('state').txt(project.state);
  address.ele('postcode').txt(xmlText(project.postcode.trim()));
  address.ele('country').txt('AUS');
  if (project.lga?.trim()) residential.ele('municipality').txt(xmlText(project.lga.trim()));
}

/**
 * One `<residential>` for one configuration, its children in the order REAXML's structure fixes. A
 * withdrawn one carries its ids only: that is all a portal needs to take it down, and a listing that
 * is off our marketplace shows nothing more.
 */
function addResidential(
  root: XMLBuilder,
  listing: FeedListing,
  configuration: FeedConfiguration,
  context: ReaxmlContext,
) {
  const { project } = listing;
  const status = reaxmlStatus(project);
  const residential = root.ele('residential', { modTime: reaxmlDateTime(modTimeOf(listing)), status });
  residential.ele('agentID').txt(context.organisationId);
  residential.ele('uniqueID').txt(`${project.id}-${configuration.id}`);
  if (status === 'withdrawn') return;
  residential.ele('authority', { value: 'exclusive' });
  addAgent(residential, context.contact);
  const price = priceOf(configuration);
  if (price) {
    residential.ele('price', { display: price.display }).txt(String(price.price));
    residential.ele('priceView').txt(price.view);
  }
  addAddress(residential, project);
  residential.ele('category', { name: categoryOf(project) });
  residential.ele('headline').txt(headlineOf(project.title, configuration.name));
  const description = plainText(project.description);
  if (description) residential.ele('description').txt(description);
  const features = residential.ele('features');
  features.ele('bedrooms').txt(String(configuration.bedrooms));
  features.ele('bathrooms').txt(String(configuration.bathrooms));
  // Car spaces in a new development are its secure, enclosed parking: REAXML's garages, not carports.
  features.ele('garages').txt(String(configuration.carSpaces));
  residential.ele('externalLink', { href: `${context.baseUrl}${listingPublicPath(project)}` });
  addImages(residential, listing.images, context.baseUrl);
}

/**
 * The organisation's REAXML document: one `<residential>` per configuration of each of its projects.
 * xmlbuilder2 loads with the first feed, not at start (issue 21): only this route uses it.
 */
export async function reaxmlDocument(listings: FeedListing[], context: ReaxmlContext): Promise<string> {
  const { create } = await import('xmlbuilder2');
  const document = create({ version: '1.0', encoding: 'UTF-8' });
  document.dtd({ name: 'propertyList', sysID: REAXML_SYSTEM_ID });
  // The format's username and password are for uploads to REA's own server; a pull needs neither.
  const root = document.ele('propertyList', {
    date: reaxmlDateTime(context.now),
    username: '',
    password: '',
  });
  for (const listing of listings) {
    for (const configuration of listing.configurations) addResidential(root, listing, configuration, context);
  }
  return document.end({ prettyPrint: true });
}
