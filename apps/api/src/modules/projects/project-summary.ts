import { type ProjectSummary, SALES_STATUS_LABELS, STAGE_LABELS } from '@offplan/shared';
import { sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { projectMedia, projects } from '../../db/schema/index.ts';

/**
 * `projects.id` always written with its table: drizzle leaves columns unqualified in one-table selects,
 * where a bare "id" inside a correlated subquery would name the subquery's own table.
 */
export const projectIdRef = sql.raw('"projects"."id"');

/** Columns of spec §3's project summary; images come hero first, then in their order. */
export const projectSummaryColumns = {
  id: projects.id,
  name: projects.name,
  title: projects.title,
  fullAddress: projects.fullAddress,
  stage: projects.stage,
  salesStatus: projects.salesStatus,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
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

export function toProjectSummary(row: SummaryRow): ProjectSummary {
  return {
    ...row,
    stageLabel: STAGE_LABELS[row.stage],
    salesStatusLabel: SALES_STATUS_LABELS[row.salesStatus],
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    images: row.images ?? [],
  };
}
