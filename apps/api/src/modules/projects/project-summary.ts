import { type ProjectSummary, SALES_STATUS_LABELS, STAGE_LABELS } from '@offplan/shared';
import { sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { isoTimestamp } from '../../db/iso-timestamp.ts';
import { projectMedia, projects } from '../../db/schema/index.ts';

/**
 * `projects.id` always written with its table: drizzle leaves columns unqualified in one-table selects,
 * where a bare "id" inside a correlated subquery would name the subquery's own table.
 */
export const projectIdRef = sql.raw('"projects"."id"');

/** Columns of spec §3's project summary; images come hero first, then in their order; times as ISO text. */
export const projectSummaryColumns = {
  id: projects.id,
  name: projects.name,
  title: projects.title,
  fullAddress: projects.fullAddress,
  stage: projects.stage,
  salesStatus: projects.salesStatus,
  createdAt: isoTimestamp(projects.createdAt),
  updatedAt: isoTimestamp(projects.updatedAt),
  prefix: projects.prefix,
  slug: projects.slug,
  projectType: projects.projectType,
  buildingType: projects.buildingType,
  campaignType: projects.campaignType,
  suburb: projects.suburb,
  state: projects.state,
  postcode: projects.postcode,
  images: sql<string[]>`coalesce((
    select array_agg(${projectMedia.url} order by ${projectMedia.isHero} desc, ${projectMedia.position})
    from ${projectMedia}
    where ${projectMedia.projectId} = ${projectIdRef} and ${projectMedia.kind} = 'image'
  ), '{}')`,
};

type SummaryRow = SelectResultFields<typeof projectSummaryColumns>;

/**
 * Spec §3's summary of a row, written field by field: only these fields leave (a caller's extra columns
 * never leak). Callers add their own fields with Object.assign, not spread: on Node 20 `{ ...summary,
 * more }` costs about 30 µs an object, a search page of 100 would spend 3 ms on it (decision 022).
 */
export function toProjectSummary(row: SummaryRow): ProjectSummary {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    fullAddress: row.fullAddress,
    stage: row.stage,
    salesStatus: row.salesStatus,
    stageLabel: STAGE_LABELS[row.stage],
    salesStatusLabel: SALES_STATUS_LABELS[row.salesStatus],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    images: row.images ?? [],
    prefix: row.prefix,
    slug: row.slug,
    projectType: row.projectType,
    buildingType: row.buildingType,
    campaignType: row.campaignType,
    suburb: row.suburb,
    state: row.state,
    postcode: row.postcode,
  };
}
