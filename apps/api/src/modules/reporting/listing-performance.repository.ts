import {
  BENCHMARK_MIN_PROJECTS,
  type Benchmark,
  type ListingEventKind,
  type ListingPerformanceAnswer,
  type ListingPerformanceQuery,
  PERFORMANCE_FIGURES,
  type PerformanceFigures,
  REPORTING_TIME_ZONE,
} from '@offplan/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { estimateCardinality } from '../../lib/hyperloglog.ts';
import { startOfDayIn } from '../leads/leads.repository.ts';
import { addDays, periodStartsOf, previousRangeOf, quartilesOf, TRUNC_UNIT } from './report-periods.ts';

/**
 * The listing-performance report (issue 17 item 3, decision 028). Two round trips whatever the range:
 * the projects (the selection and its benchmark peers), then three statements side by side, one per
 * source (event rollups, visitor sketches, leads), each reading its rows once and grouping them at once
 * per project, per period and for the whole selection now and before (`grouping sets`).
 */

/** Who asks, as the handler read it (decision 024: the repository is told, it never decides). */
export type ReportViewer = { userId: string; isAdmin: boolean };

/** A project a report covers, with what groups it for benchmarks. */
export type ReportProject = {
  id: number;
  title: string;
  state: string;
  projectType: string | null;
  campaignType: string;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** An int[] parameter as one array literal: one placeholder however many ids. */
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** The projects a viewer may report on: every one for platform admins, their approved projects otherwise. */
const visibleCondition = (viewer: ReportViewer): SQL =>
  viewer.isAdmin
    ? sql`true`
    : sql`p.id in (select project_id from project_members where user_id = ${viewer.userId})`;

/** How many of the ids asked for the viewer may see (all of them, or the report is refused). */
async function visibleCount(db: Db, viewer: ReportViewer, ids: readonly number[]): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from projects p where p.id = any(${intArray(ids)}) and ${visibleCondition(viewer)}`,
    ),
  );
  return row?.n ?? 0;
}

type ProjectRow = ReportProject & { selected: boolean };

/**
 * The selection (visible, narrowed by ids and stage) and its benchmark peers: the other projects on the
 * marketplace of the same state, project type and campaign type, any organisation's.
 */
async function selectionAndPeers(
  db: Db,
  viewer: ReportViewer,
  ids: readonly number[] | undefined,
  stage: string | undefined,
): Promise<ProjectRow[]> {
  const narrowed = [
    visibleCondition(viewer),
    ids ? sql`p.id = any(${intArray(ids)})` : undefined,
    stage ? sql`p.stage = ${stage}` : undefined,
  ].filter(Boolean);
  return rowsOf<ProjectRow>(
    await db.execute(sql`
      with selected as (
        select p.id, p.title, p.state, p.project_type, p.campaign_type from projects p
        where ${sql.join(narrowed, sql` and `)}
      )
      select id, title, state::text as state, project_type::text as "projectType",
        campaign_type::text as "campaignType", true as selected
      from selected
      union all
      select p.id, '' as title, p.state::text, p.project_type::text, p.campaign_type::text, false
      from projects p
      where p.sales_status <> 'HIDDEN' and p.stage <> 'NOT_PROCEEDING'
        and p.id not in (select id from selected)
        and exists (
          select 1 from selected s
          where s.state = p.state and s.campaign_type = p.campaign_type
            and s.project_type is not distinct from p.project_type
        )`),
  );
}

/** What every figures statement needs: the projects, the selection, the ranges. */
type Scope = {
  all: readonly number[];
  selected: readonly number[];
  startDate: string;
  endDate: string;
  previousStartDate: string;
  period: ListingPerformanceQuery['period'];
};

/**
 * The keys one row is grouped under: its project (days of the range), its period (the selection's days
 * of the range) and its scope ('current' or 'previous', the selection's days). `grouping()` tells the
 * sets apart in the visitor merge; a key that is null within its set (a row outside the range) is dropped.
 */
const groupingKeys = (scope: Scope, day: SQL) => sql`
  case when ${day} >= ${scope.startDate}::date then project_id end as pk,
  case when ${day} >= ${scope.startDate}::date and project_id = any(${intArray(scope.selected)})
    then to_char(date_trunc(${TRUNC_UNIT[scope.period]}, ${day}::timestamp), 'YYYY-MM-DD') end as pd,
  case when project_id = any(${intArray(scope.selected)})
    then case when ${day} >= ${scope.startDate}::date then 'current' else 'previous' end end as scope`;

/** Rows of the range for every project, and of the previous range for the selection. */
const rangeCondition = (scope: Scope, day: SQL, from: SQL | string, through: SQL | string) => sql`
  project_id = any(${intArray(scope.all)}) and ${day} >= ${from} and ${day} <= ${through}
  and (${day} >= ${scope.startDate}::date or project_id = any(${intArray(scope.selected)}))`;

/** A grouped row: its key (only the key of its grouping set is set), and its values. */
type KeyedRow = { pk: number | null; pd: string | null; scope: string | null };

async function metricRows(db: Db, scope: Scope) {
  const day = sql`day`;
  return rowsOf<KeyedRow & { kind: ListingEventKind; n: number }>(
    await db.execute(sql`
      select pk, pd, scope, kind::text as kind, sum(count)::float8 as n
      from (
        select kind, count, ${groupingKeys(scope, day)}
        from listing_metric_days
        where ${rangeCondition(scope, day, sql`${scope.previousStartDate}::date`, sql`${scope.endDate}::date`)}
      ) as keyed
      group by grouping sets ((pk, kind), (pd, kind), (scope, kind))`),
  );
}

/**
 * Unique visitors: per set and key, the sketches of its days merged (greatest rank per register), then
 * what the estimate needs (registers set, sum of 2^-rank); `estimateCardinality` finishes it.
 */
async function visitorRows(db: Db, scope: Scope) {
  const day = sql`day`;
  return rowsOf<KeyedRow & { registers: number; inverse: number }>(
    await db.execute(sql`
      select g, pk, pd, scope, count(*)::int as registers, sum(power(2::float8, -r))::float8 as inverse
      from (
        select grouping(pk, pd, scope)::int as g, pk, pd, scope, register, max(rank) as r
        from (
          select register, rank, ${groupingKeys(scope, day)}
          from listing_visitor_days
          where ${rangeCondition(scope, day, sql`${scope.previousStartDate}::date`, sql`${scope.endDate}::date`)}
        ) as keyed
        group by grouping sets ((pk, register), (pd, register), (scope, register))
      ) as merged
      where coalesce(pk::text, pd, scope) is not null
      group by g, pk, pd, scope`),
  );
}

/** Enquiries: leads created in the ranges' Sydney days, narrowed by buyer type. */
async function enquiryRows(db: Db, scope: Scope, buyerType: ListingPerformanceQuery['buyerType']) {
  const day = sql`(created_at at time zone ${REPORTING_TIME_ZONE})::date`;
  const from = startOfDayIn(scope.previousStartDate, REPORTING_TIME_ZONE);
  const until = startOfDayIn(addDays(scope.endDate, 1), REPORTING_TIME_ZONE);
  return rowsOf<KeyedRow & { n: number }>(
    await db.execute(sql`
      select pk, pd, scope, count(*)::float8 as n
      from (
        select ${groupingKeys(scope, day)}
        from leads
        where created_at >= ${from.toISOString()}::timestamptz and created_at < ${until.toISOString()}::timestamptz
          and ${rangeCondition(scope, day, sql`${scope.previousStartDate}::date`, sql`${scope.endDate}::date`)}
          ${buyerType === 'ALL' ? sql`` : sql`and buyer_type = ${buyerType}`}
      ) as keyed
      group by grouping sets ((pk), (pd), (scope))`),
  );
}

const KIND_FIGURE: Record<ListingEventKind, keyof PerformanceFigures> = {
  page_view: 'pageViews',
  brochure_download: 'brochureDownloads',
  floorplan_view: 'floorplanViews',
  phone_reveal: 'phoneReveals',
  video_play: 'videoPlays',
  gallery_open: 'galleryOpens',
};

const emptyFigures = (): PerformanceFigures => ({
  pageViews: 0,
  uniqueVisitors: 0,
  enquiries: 0,
  conversion: null,
  brochureDownloads: 0,
  floorplanViews: 0,
  phoneReveals: 0,
  videoPlays: 0,
  galleryOpens: 0,
});

/** The figures of each key: `project:12`, `period:2025-03-03`, `scope:current`, `scope:previous`. */
class FigureBook {
  private readonly figures = new Map<string, PerformanceFigures>();

  private keyOf(row: KeyedRow): string | null {
    if (row.pk !== null) return `project:${row.pk}`;
    if (row.pd !== null) return `period:${row.pd}`;
    if (row.scope !== null) return `scope:${row.scope}`;
    return null;
  }

  add(row: KeyedRow, figure: keyof PerformanceFigures, value: number) {
    const key = this.keyOf(row);
    if (key === null) return;
    let figures = this.figures.get(key);
    if (!figures) {
      figures = emptyFigures();
      this.figures.set(key, figures);
    }
    (figures[figure] as number) += value;
  }

  /** The figures of a key (zeros when nothing happened), conversion worked out. */
  of(key: string): PerformanceFigures {
    const figures = { ...(this.figures.get(key) ?? emptyFigures()) };
    figures.conversion = figures.pageViews > 0 ? figures.enquiries / figures.pageViews : null;
    return figures;
  }
}

async function figureBookOf(db: Db, scope: Scope, buyerType: ListingPerformanceQuery['buyerType']) {
  const [metrics, visitors, enquiries] = await Promise.all([
    metricRows(db, scope),
    visitorRows(db, scope),
    enquiryRows(db, scope, buyerType),
  ]);
  const book = new FigureBook();
  for (const row of metrics) book.add(row, KIND_FIGURE[row.kind], row.n);
  for (const row of visitors)
    book.add(row, 'uniqueVisitors', estimateCardinality(row.registers, row.inverse));
  for (const row of enquiries) book.add(row, 'enquiries', row.n);
  return book;
}

const groupKeyOf = (project: ReportProject) =>
  JSON.stringify([project.state, project.projectType, project.campaignType]);

/**
 * Per group of the selection, the quartiles of each figure over the group's other projects (each
 * one's total for the range), only with at least BENCHMARK_MIN_PROJECTS of them: never an id or a name.
 */
function benchmarksOf(selected: ReportProject[], peers: ReportProject[], book: FigureBook): Benchmark[] {
  const groups = new Map<string, { first: ReportProject; projectIds: number[]; peerIds: number[] }>();
  for (const project of selected) {
    const group = groups.get(groupKeyOf(project));
    if (group) group.projectIds.push(project.id);
    else groups.set(groupKeyOf(project), { first: project, projectIds: [project.id], peerIds: [] });
  }
  for (const peer of peers) groups.get(groupKeyOf(peer))?.peerIds.push(peer.id);
  return [...groups.values()].map(({ first, projectIds, peerIds }) => {
    const peerFigures = peerIds.map((id) => book.of(`project:${id}`));
    const figures =
      peerIds.length < BENCHMARK_MIN_PROJECTS
        ? null
        : (Object.fromEntries(
            PERFORMANCE_FIGURES.map((figure) => [
              figure,
              quartilesOf(
                peerFigures.flatMap((figures) => (figures[figure] === null ? [] : [figures[figure]])),
              ),
            ]),
          ) as Benchmark['figures']);
    return {
      state: first.state,
      projectType: first.projectType,
      campaignType: first.campaignType,
      projectIds,
      comparableProjects: peerIds.length,
      figures,
    };
  });
}

/** The report, or 'notVisible' when an id asked for is not one the viewer may report on. */
export async function listingPerformance(
  db: Db,
  viewer: ReportViewer,
  query: ListingPerformanceQuery,
): Promise<ListingPerformanceAnswer | 'notVisible'> {
  const ids = query.projectIds ? [...new Set(query.projectIds)] : undefined;
  const [projects, visible] = await Promise.all([
    selectionAndPeers(db, viewer, ids, query.constructionStatus),
    ids ? visibleCount(db, viewer, ids) : undefined,
  ]);
  if (ids && visible !== ids.length) return 'notVisible';
  const selected = projects.filter((project) => project.selected);
  const peers = projects.filter((project) => !project.selected);
  const { previousStartDate, previousEndDate } = previousRangeOf(query.startDate, query.endDate);
  const scope: Scope = {
    all: projects.map((project) => project.id),
    selected: selected.map((project) => project.id),
    startDate: query.startDate,
    endDate: query.endDate,
    previousStartDate,
    period: query.period,
  };
  const book = scope.all.length > 0 ? await figureBookOf(db, scope, query.buyerType) : new FigureBook();
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    period: query.period,
    previousStartDate,
    previousEndDate,
    totals: book.of('scope:current'),
    previous: book.of('scope:previous'),
    series: periodStartsOf(query.startDate, query.endDate, query.period).map((periodStart) => ({
      periodStart,
      ...book.of(`period:${periodStart}`),
    })),
    byProject: selected
      .map((project) => ({
        projectId: project.id,
        title: project.title,
        ...book.of(`project:${project.id}`),
      }))
      .sort((a, b) => b.pageViews - a.pageViews || a.title.localeCompare(b.title)),
    benchmarks: benchmarksOf(selected, peers, book),
  };
}
