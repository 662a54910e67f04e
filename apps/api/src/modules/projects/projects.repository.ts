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
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { prepareSelect } from '../../db/prepared-select.ts';
import {
  member,
  organization,
  projectAccessRequests,
  projectConfigurations,
  projectMedia,
  projectMembers,
  projectRecommendations,
  projects,
  salesStatusEnum,
  stageEnum,
} from '../../db/schema/index.ts';
import { onMarketplace, type UserIdParam, type Viewer, visibleTo } from './project-access.ts';
import { projectIdRef, projectSummaryColumns, toProjectSummary } from './project-summary.ts';

const SORT_COLUMNS = {
  updatedAt: projects.updatedAt,
  createdAt: projects.createdAt,
  title: projects.title,
  name: projects.name,
  suburb: projects.suburb,
} as const;

const hasMedia = (kind: 'brochure' | 'floorplan') =>
  sql`exists (select 1 from ${projectMedia} where ${projectMedia.projectId} = ${projectIdRef} and ${projectMedia.kind} = ${kind})`;

/**
 * What a search's statements depend on besides its values: which conditions apply, the order, and
 * whether a page is read at all. Searches of one shape share one prepared pair of statements.
 */
export type SearchShape = {
  admin: boolean;
  ids: boolean;
  suburb: boolean;
  salesStatus: boolean;
  stage: boolean;
  campaignType: boolean;
  title: boolean;
  brochure: 'true' | 'false' | undefined;
  floorplan: 'true' | 'false' | undefined;
  sortBy: ProjectSearchRequest['params']['sortBy'];
  sortOrder: ProjectSearchRequest['params']['sortOrder'];
  readsPage: boolean;
};

/** The shape of a search and the values its placeholders take; null when nothing can match. */
export function searchPlan(viewer: SearchViewer, request: ProjectSearchRequest) {
  const { params, limit } = request;
  // Spec §5: an empty id input matches nothing.
  if (params.project_ids?.length === 0) return null;
  const { page, perPage } = params.pagination;
  const offset = (page - 1) * perPage;
  const take = Math.max(0, Math.min(perPage, limit - offset));
  const shape: SearchShape = {
    admin: viewer.isAdmin,
    ids: params.project_ids !== undefined,
    suburb: Boolean(params.suburb),
    // An empty list filters nothing out (the same as leaving the key away).
    salesStatus: Boolean(params.salesStatus?.length),
    stage: Boolean(params.stage?.length),
    campaignType: Boolean(params.campaignType),
    title: Boolean(params.title),
    brochure: params.brochure,
    floorplan: params.floorplan,
    sortBy: params.sortBy,
    sortOrder: params.sortOrder,
    readsPage: take > 0,
  };
  const values = {
    userId: viewer.userId,
    ids: params.project_ids ?? [],
    suburb: params.suburb ?? '',
    salesStatuses: params.salesStatus ?? [],
    stages: params.stage ?? [],
    campaignType: params.campaignType ?? '',
    titlePattern: containsPattern(params.title ?? ''),
    countLimit: limit + 1,
    take,
    offset,
  };
  return { shape, values };
}

type SearchValues = NonNullable<ReturnType<typeof searchPlan>>['values'];
const param = (name: keyof SearchValues) => sql.placeholder(name);

/** `column = any($n)` for a list placeholder; enum lists travel as text[] (PGlite cannot send enum arrays). */
const inList = (column: SQLWrapper, name: keyof SearchValues, enumName?: string) =>
  enumName
    ? sql`${column} = any(${param(name)}::text[]::${sql.identifier(enumName)}[])`
    : sql`${column} = any(${param(name)}::int[])`;

/** The WHERE of a search: the filter of spec §3 plus what the viewer may find. */
function searchWhere(db: Db, shape: SearchShape): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    shape.admin ? undefined : visibleTo(db, { userId: param('userId'), isAdmin: false }),
  ];
  if (shape.ids) conditions.push(inList(projects.id, 'ids'));
  if (shape.suburb) conditions.push(sql`lower(${projects.suburb}) = lower(${param('suburb')})`);
  if (shape.salesStatus)
    conditions.push(inList(projects.salesStatus, 'salesStatuses', salesStatusEnum.enumName));
  if (shape.stage) conditions.push(inList(projects.stage, 'stages', stageEnum.enumName));
  if (shape.campaignType) conditions.push(eq(projects.campaignType, param('campaignType')));
  // Part of the title (the buyer-facing name), GIN-trigram indexed.
  if (shape.title) conditions.push(ilike(projects.title, param('titlePattern')));
  for (const [flag, kind] of [
    [shape.brochure, 'brochure'],
    [shape.floorplan, 'floorplan'],
  ] as const) {
    if (flag === 'true') conditions.push(hasMedia(kind));
    if (flag === 'false') conditions.push(sql`not ${hasMedia(kind)}`);
  }
  return and(...conditions);
}

/** Who searches: enough to build the queries without reading anything first. */
export type SearchViewer = Pick<Viewer, 'userId' | 'isAdmin'>;

/** How the viewer stands to each row of `projects` (correlated, for the few rows of a page). */
const relationColumns = (userId: UserIdParam) => ({
  isMember: sql<boolean>`exists (select 1 from ${projectMembers} where ${projectMembers.projectId} = ${projectIdRef} and ${projectMembers.userId} = ${userId})`,
  inOrganisation: sql<boolean>`exists (select 1 from ${member} where ${member.organizationId} = "projects"."organisation_id" and ${member.userId} = ${userId})`,
  isRecommended: sql<boolean>`exists (select 1 from ${projectRecommendations} where ${projectRecommendations.projectId} = ${projectIdRef} and ${projectRecommendations.userId} = ${userId})`,
  isPending: sql<boolean>`exists (select 1 from ${projectAccessRequests} where ${projectAccessRequests.projectId} = ${projectIdRef} and ${projectAccessRequests.userId} = ${userId} and ${projectAccessRequests.status} = ${APPROVAL.PENDING})`,
});

/** A search page's columns: the summary, the full fields, completeness and the caller's relation. */
const searchPageColumns = {
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
  ...relationColumns(param('userId')),
};

/** The two statements of a search shape: the capped count and the page. Exposed for the benchmark. */
export function buildSearchQueries(db: Db, shape: SearchShape) {
  const where = searchWhere(db, shape);
  const direction = shape.sortOrder === 'asc' ? asc : desc;
  const orderBy = [direction(SORT_COLUMNS[shape.sortBy]), direction(projects.id)];

  // Counting stops one past the limit: the count stays cheap however many projects match.
  const count = db
    .select({ n: sql<number>`count(*)::int` })
    .from(db.select({ one: sql`1` }).from(projects).where(where).limit(param('countLimit')).as('capped'));

  // The page's rows are chosen first, in a subquery named like the table: the per-row extras below
  // (images, flags, the caller's relation) then run for those rows only, as indexed lookups.
  const pageRows = db
    .select(getTableColumns(projects))
    .from(projects)
    .where(where)
    .orderBy(...orderBy)
    .limit(param('take'))
    .offset(param('offset'))
    .as('projects');
  const page = shape.readsPage
    ? db
        .select(searchPageColumns)
        .from(pageRows)
        .orderBy(...orderBy)
    : null;
  return { count, page };
}

type SearchQueries = ReturnType<typeof buildSearchQueries>;
/** A shape's statements, built once: the capped count and the page. */
type PreparedSearch = {
  count: ReturnType<typeof prepareSelect<SearchQueries['count']>>;
  page: ReturnType<typeof prepareSelect<NonNullable<SearchQueries['page']>>> | null;
};

/**
 * Statements per database and shape: drizzle builds a statement this size in about as long as the
 * database runs it, so each shape is built once (decision 022). They run unnamed, so PostgreSQL plans
 * each call for its own values: a named statement may switch to a generic plan after five calls, which
 * would guess how many projects a suburb or a status list matches.
 */
const preparedSearches = new WeakMap<Db, Map<string, PreparedSearch>>();

/**
 * Shapes kept built per database. The portal uses a few dozen; filters can combine into some 23,000,
 * so a caller stepping through combinations gets statements built per call past this many rather than
 * growing memory.
 */
export const PREPARED_SEARCH_SHAPES_MAX = 256;

function preparedSearch(db: Db, shape: SearchShape): PreparedSearch {
  let byShape = preparedSearches.get(db);
  if (!byShape) {
    byShape = new Map();
    preparedSearches.set(db, byShape);
  }
  const key = JSON.stringify(shape);
  const prepared = byShape.get(key);
  if (prepared) return prepared;
  const { count, page } = buildSearchQueries(db, shape);
  // Rows are read with a reader compiled once (db/prepared-select.ts): drizzle's costs 0.1 ms a page.
  const built = { count: prepareSelect(db, count), page: page && prepareSelect(db, page) };
  if (byShape.size < PREPARED_SEARCH_SHAPES_MAX) byShape.set(key, built);
  return built;
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

type SearchPageRow = NonNullable<Awaited<ReturnType<NonNullable<PreparedSearch['page']>['execute']>>>[number];

/** What a search item adds to the project summary: completeness, the viewer's relation and access. */
function searchItemExtras(viewer: SearchViewer, row: SearchPageRow) {
  // Design §1 / decision 019: admins, approved members and the owning organisation read in full.
  const full = viewer.isAdmin || row.isMember || row.inOrganisation;
  return {
    is_paying: row.campaignType !== 'NONE',
    drupal_project_id: row.id,
    hasBrochure: row.hasBrochure,
    hasFloorplan: row.hasFloorplan,
    hasConfigurations: row.hasConfigurations,
    // The listing editor's rule for a usable video (spec §5), so both completeness views agree.
    hasVideo: videoIdFromLink(row.videoUrl) !== null,
    isClaimed: row.organisationId !== null,
    relation: relationOf(viewer, row),
    access: full ? ('full' as const) : ('summary' as const),
    detail: full
      ? {
          description: row.description,
          developerName: row.developerName,
          builderName: row.builderName,
          marketerName: row.marketerName,
          website: row.website,
          lga: row.lga,
          estimatedCompletionQuarter: row.estimatedCompletionQuarter,
          estimatedCompletionYear: row.estimatedCompletionYear,
          organisationId: row.organisationId,
        }
      : null,
  };
}

/** POST /api/projects/search (decision 019: full fields only for projects the viewer may read in full). */
export async function searchProjects(
  db: Db,
  viewer: SearchViewer,
  request: ProjectSearchRequest,
): Promise<ProjectSearchResponse> {
  const { page, perPage } = request.params.pagination;
  const plan = searchPlan(viewer, request);
  if (!plan) return { items: [], total: 0, limited: false, page, perPage, pageCount: 0 };
  const statements = preparedSearch(db, plan.shape);
  const [[counted], rows] = await Promise.all([
    statements.count.execute(plan.values),
    statements.page?.execute(plan.values) ?? Promise.resolve([]),
  ]);
  const matched = counted?.n ?? 0;
  const total = Math.min(matched, request.limit);
  const items = rows.map(
    (row): ProjectSearchItem => Object.assign(toProjectSummary(row), searchItemExtras(viewer, row)),
  );
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
  return rows.map((row) =>
    Object.assign(toProjectSummary(row), {
      drupal_project_id: row.id,
      isClaimed: row.organisationId !== null,
      relation: relationOf(viewer, row),
      score: Math.round(Number(row.score) * 1000) / 1000,
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

/** Whether an organisation exists (admins may list any organisation's projects; an unknown one is 404). */
export async function organisationExists(db: Db, organisationId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: organization.id })
    .from(organization)
    .where(eq(organization.id, organisationId));
  return Boolean(found);
}

/** An organisation's id and name, or undefined. */
export async function organisationNamed(db: Db, organisationId: string) {
  const [found] = await db
    .select({ id: organization.id, name: organization.name })
    .from(organization)
    .where(eq(organization.id, organisationId));
  return found;
}

/** The organisation that owns a project now (null: unclaimed; undefined: no such project). */
export async function ownerOf(db: Db, projectId: number): Promise<string | null | undefined> {
  const [row] = await db
    .select({ organisationId: projects.organisationId })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.organisationId;
}

/**
 * Claims an unclaimed project for an organisation (design §2): the claimer becomes an approved member,
 * the project leaves automatic recommendations, and the claimer's own request for it is settled.
 * 'taken' when it was no longer unclaimed: two organisations claiming at once cannot both win.
 */
export async function claimProject(
  db: Db,
  claim: { projectId: number; organisationId: string; userId: string },
  alongWith: (tx: Db) => Promise<void>,
): Promise<'claimed' | 'taken'> {
  const { projectId, organisationId, userId } = claim;
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(projects)
      .set({ organisationId, updatedAt: new Date() })
      .where(and(eq(projects.id, projectId), sql`${projects.organisationId} is null`))
      .returning({ id: projects.id });
    if (!taken) return 'taken';
    await tx.insert(projectMembers).values({ projectId, userId }).onConflictDoNothing();
    // It leaves recommendations: nobody is recommended a claimed project by the automatic rules.
    await tx
      .delete(projectRecommendations)
      .where(
        and(
          eq(projectRecommendations.projectId, projectId),
          or(
            inArray(projectRecommendations.source, ['name_match', 'domain_match']),
            eq(projectRecommendations.userId, userId),
          ),
        ),
      );
    await tx
      .update(projectAccessRequests)
      .set({ status: APPROVAL.APPROVED, decidedById: userId, decidedAt: new Date(), note: 'Claimed' })
      .where(
        and(
          eq(projectAccessRequests.projectId, projectId),
          eq(projectAccessRequests.userId, userId),
          eq(projectAccessRequests.status, APPROVAL.PENDING),
        ),
      );
    await alongWith(tx);
    return 'claimed';
  });
}

/** Legacy GET /projects/{id}: the project's id when the caller may find it (anonymous: on the marketplace). */
export async function findableProjectId(
  db: Db,
  projectId: number,
  viewer: Viewer | null,
): Promise<number | undefined> {
  const [found] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), viewer ? visibleTo(db, viewer) : onMarketplace));
  return found?.id;
}
