import {
  APPROVAL,
  NO_NEW_ENQUIRY_SALES_STATUSES,
  type ProjectLookupItem,
  type ProjectRelation,
  type ProjectSearchItem,
  type ProjectSearchRequest,
  type ProjectSearchResponse,
  type ProjectSummary,
  videoIdFromLink,
} from '@offplan/shared';
import { and, asc, desc, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  member,
  projectAccessRequests,
  projectConfigurations,
  projectMedia,
  projectMembers,
  projectRecommendations,
  projects,
} from '../../db/schema/index.ts';
import { type Viewer, visibleTo } from './project-access.ts';
import { projectIdRef, projectSummaryColumns, toProjectSummary } from './project-summary.ts';

const SORT_COLUMNS = {
  updatedAt: projects.updatedAt,
  createdAt: projects.createdAt,
  title: projects.title,
  name: projects.name,
  suburb: projects.suburb,
} as const;

/** `%` and `_` typed by the user are literal characters, not wildcards. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

const hasMedia = (kind: 'brochure' | 'floorplan') =>
  sql`exists (select 1 from ${projectMedia} where ${projectMedia.projectId} = ${projectIdRef} and ${projectMedia.kind} = ${kind})`;

/** The WHERE of a search: the filter of spec §3 plus what the viewer may find; undefined when nothing can match. */
export function searchWhere(
  db: Db,
  viewer: SearchViewer,
  params: ProjectSearchRequest['params'],
): SQL | undefined | null {
  const conditions: (SQL | undefined)[] = [visibleTo(db, viewer)];
  if (params.project_ids) {
    if (params.project_ids.length === 0) return null;
    conditions.push(inArray(projects.id, params.project_ids));
  }
  if (params.suburb) conditions.push(sql`lower(${projects.suburb}) = lower(${params.suburb})`);
  // An empty list filters nothing out (the same as leaving the key away).
  if (params.salesStatus?.length) conditions.push(inArray(projects.salesStatus, params.salesStatus));
  if (params.stage?.length) conditions.push(inArray(projects.stage, params.stage));
  if (params.campaignType) conditions.push(eq(projects.campaignType, params.campaignType));
  // Part of the title (the buyer-facing name), GIN-trigram indexed.
  if (params.title) conditions.push(ilike(projects.title, `%${escapeLike(params.title)}%`));
  for (const [flag, kind] of [
    [params.brochure, 'brochure'],
    [params.floorplan, 'floorplan'],
  ] as const) {
    if (flag === 'true') conditions.push(hasMedia(kind));
    if (flag === 'false') conditions.push(sql`not ${hasMedia(kind)}`);
  }
  return and(...conditions);
}

/** The two statements a search runs: the capped count and the page. Exposed for the benchmark. */
/** Who searches: enough to build the queries without reading anything first. */
export type SearchViewer = Pick<Viewer, 'userId' | 'isAdmin'>;

/** How the viewer stands to each row of `projects` (correlated, for the few rows of a page). */
const relationColumns = (userId: string) => ({
  isMember: sql<boolean>`exists (select 1 from ${projectMembers} where ${projectMembers.projectId} = ${projectIdRef} and ${projectMembers.userId} = ${userId})`,
  inOrganisation: sql<boolean>`exists (select 1 from ${member} where ${member.organizationId} = "projects"."organisation_id" and ${member.userId} = ${userId})`,
  isRecommended: sql<boolean>`exists (select 1 from ${projectRecommendations} where ${projectRecommendations.projectId} = ${projectIdRef} and ${projectRecommendations.userId} = ${userId})`,
  isPending: sql<boolean>`exists (select 1 from ${projectAccessRequests} where ${projectAccessRequests.projectId} = ${projectIdRef} and ${projectAccessRequests.userId} = ${userId} and ${projectAccessRequests.status} = ${APPROVAL.PENDING})`,
});

export function buildSearchQueries(db: Db, viewer: SearchViewer, request: ProjectSearchRequest) {
  const { params, limit } = request;
  const where = searchWhere(db, viewer, params);
  if (where === null) return null;
  const { page, perPage } = params.pagination;
  const offset = (page - 1) * perPage;
  const take = Math.max(0, Math.min(perPage, limit - offset));
  const direction = params.sortOrder === 'asc' ? asc : desc;
  const orderBy = [direction(SORT_COLUMNS[params.sortBy]), direction(projects.id)];

  // Counting stops one past the limit: the count stays cheap however many projects match. Except with
  // a title filter: a LIMIT makes the planner scan the table for the first matches, where the trigram
  // index finds them all several times faster (decision 019, bench:projects).
  const count = params.title
    ? db.select({ n: sql<number>`count(*)::int` }).from(projects).where(where)
    : db.select({ n: sql<number>`count(*)::int` }).from(
        db
          .select({ one: sql`1` })
          .from(projects)
          .where(where)
          .limit(limit + 1)
          .as('capped'),
      );

  const userId = viewer.userId;
  // The page's rows are chosen first, in a subquery named like the table: the per-row extras below
  // (images, flags, the caller's relation) then run for those rows only, as indexed lookups.
  const pageRows = db
    .select(getTableColumns(projects))
    .from(projects)
    .where(where)
    .orderBy(...orderBy)
    .limit(take)
    .offset(offset)
    .as('projects');
  const pageQuery =
    take === 0
      ? null
      : db
          .select({
            ...projectSummaryColumns,
            organisationId: projects.organisationId,
            description: projects.description,
            developerName: projects.developerName,
            builderName: projects.builderName,
            marketerName: projects.marketerName,
            website: projects.website,
            lga: projects.lga,
            estimatedCompletionQuarter: projects.estimatedCompletionQuarter,
            estimatedCompletionYear: projects.estimatedCompletionYear,
            videoUrl: projects.videoUrl,
            hasBrochure: sql<boolean>`${hasMedia('brochure')}`,
            hasFloorplan: sql<boolean>`${hasMedia('floorplan')}`,
            hasConfigurations: sql<boolean>`exists (select 1 from ${projectConfigurations} where ${projectConfigurations.projectId} = ${projectIdRef})`,
            ...relationColumns(userId),
          })
          .from(pageRows)
          .orderBy(...orderBy);
  return { count, page: pageQuery, offset, take };
}

type RelationFlags = {
  inOrganisation: boolean;
  salesStatus: ProjectSummary['salesStatus'];
  isMember: boolean;
  isRecommended: boolean;
  isPending: boolean;
};

function relationOf(viewer: SearchViewer, row: RelationFlags): ProjectRelation {
  if (viewer.isAdmin) return 'admin';
  if (row.isMember) return 'member';
  if (row.inOrganisation) return 'organisation';
  if (row.isRecommended && !NO_NEW_ENQUIRY_SALES_STATUSES.includes(row.salesStatus)) return 'recommended';
  if (row.isPending) return 'pending';
  return 'none';
}

/** POST /api/projects/search (decision 019: full fields only for projects the viewer may read in full). */
export async function searchProjects(
  db: Db,
  viewer: SearchViewer,
  request: ProjectSearchRequest,
): Promise<ProjectSearchResponse> {
  const { page, perPage } = request.params.pagination;
  const queries = buildSearchQueries(db, viewer, request);
  if (!queries) return { items: [], total: 0, limited: false, page, perPage, pageCount: 0 };
  const [[counted], rows] = await Promise.all([queries.count, queries.page ?? Promise.resolve([])]);
  const matched = counted?.n ?? 0;
  const total = Math.min(matched, request.limit);
  const items: ProjectSearchItem[] = rows.map((row) => {
    const {
      organisationId,
      description,
      developerName,
      builderName,
      marketerName,
      website,
      lga,
      estimatedCompletionQuarter,
      estimatedCompletionYear,
      videoUrl,
      hasBrochure,
      hasFloorplan,
      hasConfigurations,
      isMember,
      inOrganisation,
      isRecommended,
      isPending,
      ...summaryRow
    } = row;
    // Design §1 / decision 019: admins, approved members and the owning organisation read in full.
    const full = viewer.isAdmin || isMember || inOrganisation;
    return {
      ...toProjectSummary(summaryRow),
      is_paying: row.campaignType !== 'NONE',
      drupal_project_id: row.id,
      hasBrochure,
      hasFloorplan,
      hasConfigurations,
      // The listing editor's rule for a usable video (spec §5), so both completeness views agree.
      hasVideo: videoIdFromLink(videoUrl) !== null,
      isClaimed: organisationId !== null,
      relation: relationOf(viewer, {
        inOrganisation,
        salesStatus: row.salesStatus,
        isMember,
        isRecommended,
        isPending,
      }),
      access: full ? 'full' : 'summary',
      detail: full
        ? {
            description,
            developerName,
            builderName,
            marketerName,
            website,
            lga,
            estimatedCompletionQuarter,
            estimatedCompletionYear,
            organisationId,
          }
        : null,
    };
  });
  return {
    items,
    total,
    limited: matched > request.limit,
    page,
    perPage,
    pageCount: Math.ceil(total / perPage),
  };
}

/**
 * Typo-tolerant lookup by title, name, suburb or postcode (pg_trgm word similarity, GIN-indexed), for
 * finding a project to request access to or claim. Summary fields only, whoever asks.
 */
export async function lookupProjects(
  db: Db,
  viewer: SearchViewer,
  q: string,
  limit: number,
): Promise<ProjectLookupItem[]> {
  const term = q.toLowerCase();
  const score = sql<number>`greatest(
    word_similarity(${term}, lower(${projects.title})),
    word_similarity(${term}, lower(${projects.name})),
    word_similarity(${term}, lower(${projects.suburb})),
    case when ${projects.postcode} = ${q} then 1 else 0 end
  )::float8`;
  // pg_trgm's default word-similarity threshold (0.6) misses common typos; this lookup's is lower, set for
  // its own transaction only so the GIN-indexed `<%` operator applies it.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(LOOKUP_SIMILARITY_THRESHOLD)}, true)`,
    );
    return lookupQuery(tx, viewer, q, term, score, limit);
  });
  return rows.map(
    ({ organisationId, score: rowScore, isMember, inOrganisation, isRecommended, isPending, ...row }) => ({
      ...toProjectSummary(row),
      drupal_project_id: row.id,
      isClaimed: organisationId !== null,
      relation: relationOf(viewer, {
        inOrganisation,
        salesStatus: row.salesStatus,
        isMember,
        isRecommended,
        isPending,
      }),
      score: Math.round(Number(rowScore) * 1000) / 1000,
    }),
  );
}

/** Word similarity at or above this counts as a match (0.4 lets "Penrtih" find Penrith). */
export const LOOKUP_SIMILARITY_THRESHOLD = 0.4;

function lookupQuery(
  db: Db,
  viewer: SearchViewer,
  q: string,
  term: string,
  score: SQL<number>,
  limit: number,
) {
  const userId = viewer.userId;
  return db
    .select({
      ...projectSummaryColumns,
      organisationId: projects.organisationId,
      score,
      ...relationColumns(userId),
    })
    .from(projects)
    .where(
      and(
        visibleTo(db, viewer),
        or(
          sql`${term} <% ${projects.title}`,
          sql`${term} <% ${projects.name}`,
          sql`${term} <% ${projects.suburb}`,
          eq(projects.postcode, q),
        ),
      ),
    )
    .orderBy(desc(score), desc(projects.updatedAt), desc(projects.id))
    .limit(limit);
}

/** GET /api/projects?organisationId=: the organisation's projects, reduced to summary fields. */
export async function organisationProjects(db: Db, organisationId: string): Promise<ProjectSummary[]> {
  const rows = await db
    .select(projectSummaryColumns)
    .from(projects)
    .where(eq(projects.organisationId, organisationId))
    .orderBy(desc(projects.updatedAt), desc(projects.id));
  return rows.map(toProjectSummary);
}

/** One project as the viewer may find it (visibility rules applied), or undefined. */
export async function findVisibleProject(db: Db, viewer: Viewer, projectId: number) {
  const [row] = await db
    .select({
      id: projects.id,
      title: projects.title,
      name: projects.name,
      organisationId: projects.organisationId,
      salesStatus: projects.salesStatus,
      stage: projects.stage,
    })
    .from(projects)
    .where(and(eq(projects.id, projectId), visibleTo(db, viewer)));
  return row;
}
