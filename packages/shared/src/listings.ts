import { z } from 'zod';
import {
  AUSTRALIAN_STATES,
  BUILDING_TYPES,
  CAMPAIGN_TYPES,
  PROJECT_TYPES,
  SALES_PERIOD_STAGES,
  SALES_STATUSES,
  type SalesStatus,
  STAGES,
  type Stage,
} from './enums.ts';
import { ERROR_CODES } from './error-codes.ts';
import { multilineText, text } from './text.ts';

/**
 * Listing editor, media, new-project draft, gazetteer and search-add contracts (issue 5 items 4–7,
 * design §2). The API (modules/listings, modules/gazetteer) validates with these and the web editor
 * builds its forms against them.
 */

// ---------------------------------------------------------------------------------------------
// Video links (spec §5)
// ---------------------------------------------------------------------------------------------

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
/**
 * The two forms links are usually stored in, whose id can be read without parsing the address. Anything
 * else is parsed: `new URL` costs about 3 µs, a search page of 20 listings with videos 60 µs.
 */
const COMMON_VIDEO_LINK = /^https:\/\/(?:www\.youtube\.com\/watch\?v=|youtu\.be\/)([A-Za-z0-9_-]{11})$/;

/**
 * Spec §5: a video link yields a video id only when it has an 11-character id, in one of the
 * accepted forms — short link (`youtu.be/ID`), `/v/ID`, `/u/x/ID`, `/embed/ID`, `watch?v=ID`;
 * otherwise null.
 */
export function videoIdFromLink(link: string | null | undefined): string | null {
  if (typeof link !== 'string') return null;
  const trimmed = link.trim();
  if (trimmed === '') return null;
  const common = COMMON_VIDEO_LINK.exec(trimmed);
  if (common) return common[1]!;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const accept = (candidate: string | null | undefined) =>
    candidate != null && VIDEO_ID.test(candidate) ? candidate : null;

  if (host === 'youtu.be') {
    return segments.length === 1 ? accept(segments[0]) : null;
  }
  if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return null;
  const [first, second, third] = segments;
  if (first === 'watch' && segments.length === 1) return accept(url.searchParams.get('v'));
  if ((first === 'v' || first === 'embed') && segments.length === 2) return accept(second);
  if (first === 'u' && segments.length === 3 && second != null && second.length > 0) return accept(third);
  return null;
}

export const VIDEO_LINK_INVALID_MESSAGE =
  'Enter a YouTube link with an 11-character video id (youtu.be/…, /v/…, /u/x/…, /embed/… or watch?v=…).';

// ---------------------------------------------------------------------------------------------
// Status and stage rules (design §2)
// ---------------------------------------------------------------------------------------------

/** Stages an editor moves through, forward only; NOT_PROCEEDING is admin-only and terminal. */
export const STAGE_ORDER: readonly Stage[] = ['IN_PLANNING', 'PRECONSTRUCTION', 'COMMENCED', 'COMPLETE'];

export type StageChangeCheck = { ok: true } | { ok: false; reason: 'admin_only' | 'terminal' };

/** Whether `from → to` is allowed: forward for everyone; back, to and out of NOT_PROCEEDING for admins only. */
export function checkStageChange(from: Stage, to: Stage, isAdmin: boolean): StageChangeCheck {
  if (from === to) return { ok: true };
  if (isAdmin) return { ok: true };
  if (from === 'NOT_PROCEEDING') return { ok: false, reason: 'terminal' };
  if (to === 'NOT_PROCEEDING') return { ok: false, reason: 'admin_only' };
  return STAGE_ORDER.indexOf(to) > STAGE_ORDER.indexOf(from)
    ? { ok: true }
    : { ok: false, reason: 'admin_only' };
}

/** Sales statuses editors may move between freely (HIDDEN included: it takes the listing off the marketplace). */
export const EDITABLE_SALES_STATUSES: readonly SalesStatus[] = SALES_STATUSES;

// ---------------------------------------------------------------------------------------------
// Configurations, media, listing
// ---------------------------------------------------------------------------------------------

const money = z.number().int().min(0).max(1_000_000_000);
const smallCount = z.number().int().min(0).max(99);

/** One sellable configuration (design §2). `id` is absent for new rows in an update. */
export const listingConfigurationSchema = z.object({
  id: z.number().int().optional(),
  name: text().trim().min(1, 'Enter a name').max(120),
  bedrooms: smallCount,
  bathrooms: smallCount,
  carSpaces: smallCount,
  priceFrom: money.nullable(),
  priceTo: money.nullable(),
  internalSizeSqm: z.number().min(0).max(100_000).nullable(),
  stockAvailable: z.number().int().min(0).max(100_000),
});
export type ListingConfiguration = z.infer<typeof listingConfigurationSchema>;

/** Configuration input with the price-order rule (price to not below price from). */
export const listingConfigurationInputSchema = listingConfigurationSchema.refine(
  (value) => value.priceFrom == null || value.priceTo == null || value.priceTo >= value.priceFrom,
  { message: 'Price to must not be below price from', path: ['priceTo'] },
);

export const MEDIA_KINDS = ['image', 'brochure', 'floorplan'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** Upload limits (issue 5): images 10 MB, brochure/floorplans 20 MB. */
export const MEDIA_LIMITS = {
  imageMaxBytes: 10 * 1024 * 1024,
  documentMaxBytes: 20 * 1024 * 1024,
  imageMimeTypes: ['image/jpeg', 'image/png', 'image/webp'] as const,
  documentMimeTypes: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const,
  /** Web sizes each uploaded image is resized to (WebP, width in px). */
  imageWidths: [1600, 800] as const,
  maxImagesPerListing: 60,
  maxDocumentsPerKind: 20,
} as const;

export const listingMediaItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MEDIA_KINDS),
  /** Large web size (images) or the document itself. */
  url: z.string(),
  /** Small web size for images (800 wide); same as url for documents. */
  thumbnailUrl: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  position: z.number().int(),
  isHero: z.boolean(),
  createdAt: z.string(),
});
export type ListingMediaItem = z.infer<typeof listingMediaItemSchema>;

/** PATCH /api/listings/{id}/media: reorder (ids of one kind in order) and/or choose the hero image. */
export const listingMediaUpdateSchema = z
  .object({
    order: z.array(z.number().int()).max(200).optional(),
    heroId: z.number().int().optional(),
  })
  .refine((value) => value.order !== undefined || value.heroId !== undefined, {
    message: 'Give order or heroId',
  });
export type ListingMediaUpdate = z.infer<typeof listingMediaUpdateSchema>;

export const listingAddressSchema = z.object({
  fullAddress: text().trim().min(1, 'Enter the address').max(300),
  streetNumber: text().trim().max(30).nullable(),
  streetName: text().trim().max(120).nullable(),
  suburb: text().trim().min(1, 'Enter the suburb').max(80),
  state: z.enum(AUSTRALIAN_STATES),
  postcode: text()
    .trim()
    .regex(/^(\d{4})?$/, 'A postcode has 4 digits'),
  lga: text().trim().max(120).nullable(),
  country: text().trim().max(60),
  lat: z.number().min(-90).max(90).nullable(),
  lng: z.number().min(-180).max(180).nullable(),
});
export type ListingAddress = z.infer<typeof listingAddressSchema>;

/** What each listing has, for the editor checklist and the dashboard's with/no filters. */
export const listingCompletenessSchema = z.object({
  brochure: z.boolean(),
  floorplans: z.boolean(),
  configurations: z.boolean(),
  images: z.boolean(),
  video: z.boolean(),
});
export type ListingCompleteness = z.infer<typeof listingCompletenessSchema>;

/** GET /api/listings/{id}: the full listing for approved members with projects.edit, and admins. */
export const listingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  developerName: z.string().nullable(),
  builderName: z.string().nullable(),
  marketerName: z.string().nullable(),
  buildingType: z.enum(BUILDING_TYPES),
  projectType: z.enum(PROJECT_TYPES).nullable(),
  stage: z.enum(STAGES),
  stageLabel: z.string(),
  salesStatus: z.enum(SALES_STATUSES),
  salesStatusLabel: z.string(),
  salesPeriodStage: z.enum(SALES_PERIOD_STAGES).nullable(),
  campaignType: z.enum(CAMPAIGN_TYPES),
  address: listingAddressSchema,
  amenities: z.array(z.string()),
  estimatedCompletionQuarter: z.number().int().min(1).max(4).nullable(),
  estimatedCompletionYear: z.number().int().nullable(),
  videoUrl: z.string().nullable(),
  videoId: z.string().nullable(),
  website: z.string().nullable(),
  displaySuiteAddress: z.string().nullable(),
  displaySuiteHours: z.string().nullable(),
  prefix: z.string(),
  slug: z.string(),
  /** `/{prefix}/{slug}` on this site. */
  publicPath: z.string(),
  organisationId: z.string().nullable(),
  configurations: z.array(listingConfigurationSchema.extend({ id: z.number().int() })),
  images: z.array(listingMediaItemSchema),
  brochures: z.array(listingMediaItemSchema),
  floorplans: z.array(listingMediaItemSchema),
  completeness: listingCompletenessSchema,
  /** What the caller may do (the server checks again on every call). */
  canEditCampaignType: z.boolean(),
  canMoveStageBack: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Listing = z.infer<typeof listingSchema>;

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value === '' ? null : value));

/**
 * PATCH /api/listings/{id}: any subset of the editable fields (autosave sends what changed).
 * `configurations`, when given, replaces the whole list (rows with an id are updated, others
 * inserted, missing ones deleted). `campaignType` is admin-only.
 */
export const listingUpdateSchema = z
  .object({
    name: text().trim().min(1).max(200),
    title: text().trim().min(1, 'Enter a title').max(200),
    description: multilineText().max(20_000),
    developerName: optionalText(200),
    builderName: optionalText(200),
    marketerName: optionalText(200),
    buildingType: z.enum(BUILDING_TYPES),
    projectType: z.enum(PROJECT_TYPES).nullable(),
    stage: z.enum(STAGES),
    salesStatus: z.enum(SALES_STATUSES),
    salesPeriodStage: z.enum(SALES_PERIOD_STAGES).nullable(),
    campaignType: z.enum(CAMPAIGN_TYPES),
    address: listingAddressSchema.partial(),
    amenities: z.array(text().trim().min(1).max(120)).max(100),
    estimatedCompletionQuarter: z.number().int().min(1).max(4).nullable(),
    estimatedCompletionYear: z.number().int().min(1990).max(2100).nullable(),
    videoUrl: text()
      .trim()
      .max(500)
      .nullable()
      .refine((value) => value == null || value === '' || videoIdFromLink(value) != null, {
        message: VIDEO_LINK_INVALID_MESSAGE,
      })
      .transform((value) => (value === '' ? null : value)),
    website: text()
      .trim()
      .max(500)
      .nullable()
      .refine((value) => value == null || value === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value), {
        message: 'Enter a web address starting with https://',
      })
      .transform((value) => (value === '' ? null : value)),
    displaySuiteAddress: optionalText(300),
    displaySuiteHours: optionalText(300),
    configurations: z.array(listingConfigurationInputSchema).max(50),
  })
  .partial()
  .strict();
export type ListingUpdate = z.input<typeof listingUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Gazetteer and new project
// ---------------------------------------------------------------------------------------------

/** One Australian locality from the bundled gazetteer (or a plugged-in geocoder). */
export const gazetteerResultSchema = z.object({
  suburb: z.string(),
  postcode: z.string(),
  state: z.enum(AUSTRALIAN_STATES),
  lga: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** "Suburb STATE postcode" as shown in lists. */
  label: z.string(),
  source: z.enum(['gazetteer', 'geocoder']),
  /** Full street address when it came from a geocoder. */
  fullAddress: z.string().optional(),
  streetNumber: z.string().optional(),
  streetName: z.string().optional(),
});
export type GazetteerResult = z.infer<typeof gazetteerResultSchema>;

export const gazetteerResponseSchema = z.object({ results: z.array(gazetteerResultSchema) });
export type GazetteerResponse = z.infer<typeof gazetteerResponseSchema>;

/** An existing project offered in search-add, with what the caller can do with it. */
export const searchAddProjectSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  fullAddress: z.string(),
  suburb: z.string(),
  state: z.string(),
  salesStatus: z.enum(SALES_STATUSES),
  stage: z.enum(STAGES),
  prefix: z.string(),
  slug: z.string(),
  claimed: z.boolean(),
  /** member: already yours; claim: unclaimed, claim it; request: owned by another organisation. */
  relation: z.enum(['member', 'claim', 'request']),
});
export type SearchAddProject = z.infer<typeof searchAddProjectSchema>;

/** GET /api/listings/search-add?q= — spec §3 search-add state. */
export const searchAddResultSchema = z.object({
  exactMatch: searchAddProjectSchema.nullable(),
  projects: z.array(searchAddProjectSchema),
  addresses: z.array(gazetteerResultSchema),
});
export type SearchAddResult = z.infer<typeof searchAddResultSchema>;

/** Spec §3 new-project draft defaults. */
export const NEW_PROJECT_DEFAULTS = {
  salesStatus: 'PENDING_LAUNCH',
  stage: 'IN_PLANNING',
  buildingType: 'APARTMENTS',
  country: 'Australia',
} as const;

/** POST /api/listings: the spec §3 new-project draft. */
export const newProjectDraftSchema = z
  .object({
    title: text().trim().min(1, 'Enter a title').max(200),
    address: z.object({
      fullAddress: text().trim().min(1, 'Enter the address').max(300),
      lat: z.number().min(-90).max(90).nullable().default(null),
      lng: z.number().min(-180).max(180).nullable().default(null),
      suburb: text().trim().min(1, 'Enter the suburb').max(80),
      state: z.enum(AUSTRALIAN_STATES),
      streetNumber: text().trim().max(30).nullable().default(null),
      streetName: text().trim().max(120).nullable().default(null),
      postcode: text()
        .trim()
        .regex(/^\d{4}$/, 'A postcode has 4 digits'),
      lga: text().trim().max(120).nullable().default(null),
      country: text().trim().max(60).default(NEW_PROJECT_DEFAULTS.country),
    }),
    salesStatus: z.enum(SALES_STATUSES).default(NEW_PROJECT_DEFAULTS.salesStatus),
    stage: z.enum(STAGES).default(NEW_PROJECT_DEFAULTS.stage),
    /** Spec's "projectType default apartments" is the building type (APARTMENTS | TOWNHOUSES). */
    buildingType: z.enum(BUILDING_TYPES).default(NEW_PROJECT_DEFAULTS.buildingType),
    projectType: z.enum(PROJECT_TYPES).nullable().default(null),
  })
  .strict();
export type NewProjectDraft = z.input<typeof newProjectDraftSchema>;

export const newProjectResponseSchema = z.object({ listing: listingSchema });

/**
 * 409 on POST /api/listings when the same title + address exists: where to go instead. `existing` only
 * when the caller may find that project; of one off the marketplace that is not theirs, nothing but
 * that it exists and where to ask for access (issue 15 finding 4).
 */
export const duplicateProjectErrorSchema = z.object({
  error: z.object({
    code: z.literal(ERROR_CODES.duplicateProject),
    message: z.string(),
    existing: searchAddProjectSchema.optional(),
    /** Where to ask for access to a listing the caller may not see (the site's contact page). */
    requestAccessUrl: z.string().optional(),
  }),
});

/** The public listing path of a project. */
export function listingPublicPath(project: { prefix: string; slug: string }): string {
  return `/${project.prefix}/${project.slug}`;
}

/** Lower-case state prefixes a public listing path may start with. */
export const LISTING_PREFIXES = AUSTRALIAN_STATES.map((state) => state.toLowerCase());

/** Slug of a title + suburb: lower-case ascii words joined by hyphens. */
export function slugify(...parts: string[]): string {
  return parts
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}
