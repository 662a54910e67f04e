import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organization, user } from './auth.ts';
import {
  australianStateEnum,
  buildingTypeEnum,
  campaignTypeEnum,
  projectMediaKindEnum,
  projectTypeEnum,
  salesPeriodStageEnum,
  salesStatusEnum,
  stageEnum,
} from './enums.ts';

/** A development listed on the marketplace: spec §3 summary and draft fields plus design §2. */
export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Internal name; `title` is what buyers see. */
    name: text('name').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    developerName: text('developer_name'),
    builderName: text('builder_name'),
    marketerName: text('marketer_name'),
    buildingType: buildingTypeEnum('building_type').notNull().default('APARTMENTS'),
    projectType: projectTypeEnum('project_type'),
    stage: stageEnum('stage').notNull().default('IN_PLANNING'),
    salesStatus: salesStatusEnum('sales_status').notNull().default('PENDING_LAUNCH'),
    salesPeriodStage: salesPeriodStageEnum('sales_period_stage'),
    campaignType: campaignTypeEnum('campaign_type').notNull().default('NONE'),
    // Address (spec §3 new-project draft).
    fullAddress: text('full_address').notNull().default(''),
    streetNumber: text('street_number'),
    streetName: text('street_name'),
    suburb: text('suburb').notNull().default(''),
    state: australianStateEnum('state').notNull(),
    postcode: text('postcode').notNull().default(''),
    lga: text('lga'),
    country: text('country').notNull().default('Australia'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    amenities: text('amenities').array().notNull().default(sql`'{}'::text[]`),
    estimatedCompletionQuarter: smallint('estimated_completion_quarter'),
    estimatedCompletionYear: smallint('estimated_completion_year'),
    videoUrl: text('video_url'),
    website: text('website'),
    displaySuiteAddress: text('display_suite_address'),
    displaySuiteHours: text('display_suite_hours'),
    /** Public listing path `/{prefix}/{slug}`: prefix is the lower-case state. */
    prefix: text('prefix').notNull(),
    slug: text('slug').notNull(),
    /** Null while unclaimed. */
    organisationId: text('organisation_id').references(() => organization.id, { onDelete: 'set null' }),
    createdById: text('created_by_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('projects_prefix_slug_uidx').on(table.prefix, table.slug),
    index('projects_organisation_idx').on(table.organisationId),
    index('projects_updated_at_idx').on(table.updatedAt),
    index('projects_suburb_idx').on(table.suburb),
    // Issue 5 search and lookup (docs/decisions/019-projects-access.md).
    index('projects_created_at_idx').on(table.createdAt),
    index('projects_title_idx').on(table.title),
    // Suburb filter (case-insensitive) in the default order: the page is read straight off the index.
    index('projects_suburb_lower_idx').on(sql`lower(${table.suburb})`, table.updatedAt),
    index('projects_postcode_idx').on(table.postcode),
    index('projects_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')),
    index('projects_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('projects_suburb_trgm_idx').using('gin', table.suburb.op('gin_trgm_ops')),
    // Search-add and the duplicate check (listings.repository.ts keySql and containsPattern): every branch
    // of their OR has an index, so they read a few rows instead of the table.
    index('projects_full_address_trgm_idx').using('gin', table.fullAddress.op('gin_trgm_ops')),
    index('projects_title_key_idx').on(
      sql`trim(regexp_replace(replace(lower(${table.title}), '&', 'and'), '[^a-z0-9]+', ' ', 'g'))`,
    ),
    index('projects_full_address_key_idx').on(
      sql`trim(regexp_replace(replace(lower(${table.fullAddress}), '&', 'and'), '[^a-z0-9]+', ' ', 'g'))`,
    ),
    // Recommendations (design §2): unclaimed projects by normalised developer/marketer name and website domain.
    index('projects_developer_key_idx')
      .on(sql`regexp_replace(replace(lower(${table.developerName}), '&', 'and'), '[^a-z0-9]+', '', 'g')`)
      .where(sql`${table.organisationId} is null`),
    index('projects_marketer_key_idx')
      .on(sql`regexp_replace(replace(lower(${table.marketerName}), '&', 'and'), '[^a-z0-9]+', '', 'g')`)
      .where(sql`${table.organisationId} is null`),
    index('projects_website_domain_idx')
      .on(sql`substring(lower(${table.website}) from '^(?:[a-z][a-z0-9+.-]*://)?(?:www[.])?([^/:?#]+)')`)
      .where(sql`${table.organisationId} is null`),
    check(
      'projects_completion_quarter_check',
      sql`${table.estimatedCompletionQuarter} is null or ${table.estimatedCompletionQuarter} between 1 and 4`,
    ),
  ],
);

/** A sellable configuration: REAXML is exported one per configuration (design §2). */
export const projectConfigurations = pgTable(
  'project_configurations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    bedrooms: smallint('bedrooms').notNull(),
    bathrooms: smallint('bathrooms').notNull(),
    carSpaces: smallint('car_spaces').notNull().default(0),
    priceFrom: integer('price_from'),
    priceTo: integer('price_to'),
    internalSizeSqm: numeric('internal_size_sqm', { precision: 8, scale: 2, mode: 'number' }),
    stockAvailable: integer('stock_available').notNull().default(0),
    position: smallint('position').notNull().default(0),
  },
  (table) => [index('project_configurations_project_idx').on(table.projectId)],
);

/** Images (ordered, one hero), brochure and floorplans of a listing. */
export const projectMedia = pgTable(
  'project_media',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: projectMediaKindEnum('kind').notNull(),
    /** Path served by the portal itself (or the object-storage key when configured). */
    url: text('url').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    position: smallint('position').notNull().default(0),
    isHero: boolean('is_hero').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('project_media_project_idx').on(table.projectId, table.kind, table.position),
    uniqueIndex('project_media_one_hero_uidx').on(table.projectId).where(sql`${table.isHero}`),
  ],
);

/** Earlier public paths of a listing, so old links keep redirecting (design §2). */
export const projectSlugHistory = pgTable(
  'project_slug_history',
  {
    prefix: text('prefix').notNull(),
    slug: text('slug').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('project_slug_history_uidx').on(table.prefix, table.slug)],
);
