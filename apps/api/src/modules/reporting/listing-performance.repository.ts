import {
  BENCHMARK_MIN_PROJECTS,
  type Benchmark,
  type BuyerType,
  type ListingEventKind,
  type ListingPerformanceAnswer,
  type ListingPerformanceQuery,
  PERFORMANCE_FIGURES,
  type PerformanceFigures,
  REPORTING_TIME_ZONE,
} from '@offplan/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { unionEstimate } from '../../lib/hyperloglog.ts';
import { startOfDayIn } from '../leads/leads.repository.ts';
import {
  addDays,
  fewestPiecesOf,
  PERIOD_EPOCH,
  periodIndexOf,
  periodPiecesOf,
  periodStartsOf,
  previousRangeOf,
  quartilesOf,
  type SketchPiece,
} from './report-periods.ts';

/**
 * The listing-performance report (issue 17 item 3, decision 028). Two round trips whatever the range:
 * the projects (the selection and its benchmark peers), then, side by side, one statement per source
 * (event rollups, visitor sketches, leads) for the selection, reading its rows once and grouping them at
 * once per project, per period and for the whole selection now and before (`grouping sets` for counts;
 * sketches are merged per key here), and the same three for the peers' totals, which are reused for a
 * minute (`peersBookOf`).
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

/**
 * One read of the figures: which projects, from which day, and how rows are keyed and grouped. The
 * selection's rows (the range and the previous one) are keyed by project, period and scope (true: the
 * range, false: the previous one) and grouped by all three at once (`grouping sets`); the peers' rows (the range only) by
 * project alone. Only the key of a row's grouping set is set; a key that is null within its set (a day of
 * the previous range, for the project and period keys) is dropped.
 */
type Part = {
  ids: readonly number[];
  from: string;
  through: string;
  keys: (day: SQL) => SQL;
  sets: (by: SQL) => SQL;
  /** The visitor sketches that cover the part's days, each with the book keys a project's one counts for. */
  visitorPieces: VisitorPiece[];
};

/** A stored sketch span to read for every project of a part, and the keys its visitors count towards. */
type VisitorPiece = SketchPiece & { keysOf: (projectId: number) => string[] };

/** The SQL twin of `periodIndexOf`: the period of a day as a number. */
function periodIndexSql(day: SQL, period: ListingPerformanceQuery['period']): SQL {
  if (period === 'MONTH')
    return sql`(extract(year from ${day})::int * 12 + extract(month from ${day})::int - 1)`;
  const days = sql`(${day} - ${PERIOD_EPOCH}::date)`;
  return period === 'DAY' ? days : sql`(${days} / 7)`;
}

function selectionPart(selected: readonly number[], range: Range): Part {
  const inRange = (day: SQL) => sql`${day} >= ${range.startDate}::date`;
  return {
    ids: selected,
    from: range.previousStartDate,
    through: range.endDate,
    keys: (day) => sql`
      case when ${inRange(day)} then project_id end as pk,
      case when ${inRange(day)} then ${periodIndexSql(day, range.period)} end as pd,
      ${inRange(day)} as scope`,
    sets: (by) => sql`grouping sets ((pk${by}), (pd${by}), (scope${by}))`,
    visitorPieces: [
      ...periodPiecesOf(range.startDate, range.endDate, range.period).map((piece) => {
        const period = `period:${periodIndexOf(piece.starts, range.period)}`;
        return { ...piece, keysOf: (projectId: number) => [`project:${projectId}`, period, 'scope:true'] };
      }),
      ...fewestPiecesOf(range.previousStartDate, addDays(range.startDate, -1)).map((piece) => ({
        ...piece,
        keysOf: () => ['scope:false'],
      })),
    ],
  };
}

function peersPart(peers: readonly number[], range: Range): Part {
  return {
    ids: peers,
    from: range.startDate,
    through: range.endDate,
    keys: () => sql`project_id as pk, null::int as pd, null::boolean as scope`,
    sets: (by) => sql`pk, pd, scope${by}`,
    visitorPieces: fewestPiecesOf(range.startDate, range.endDate).map((piece) => ({
      ...piece,
      keysOf: (projectId: number) => [`project:${projectId}`],
    })),
  };
}

/** The ranges a report reads. */
type Range = {
  startDate: string;
  endDate: string;
  previousStartDate: string;
  period: ListingPerformanceQuery['period'];
};

const dayCondition = (part: Part, day: SQL) =>
  sql`project_id = any(${intArray(part.ids)}) and ${day} >= ${part.from}::date and ${day} <= ${part.through}::date`;

/** A grouped row: its key (only the key of its grouping set is set), and its values. */
type KeyedRow = { pk: number | null; pd: number | null; scope: boolean | null };

async function metricRows(db: Db, part: Part) {
  const day = sql`day`;
  return rowsOf<KeyedRow & { kind: ListingEventKind; n: number }>(
    await db.execute(sql`
      select pk, pd, scope, kind::text as kind, sum(count)::float8 as n
      from (select kind, count, ${part.keys(day)} from listing_metric_days where ${dayCondition(part, day)}) as keyed
      group by ${part.sets(sql`, kind`)}`),
  );
}

/**
 * Unique visitors: the stored sketches of the part's pieces for its projects, one short row each
 * (tens per project for a two-year range), merged per key here (`unionEstimate`). Answers each key's
 * estimate.
 */
async function visitorEstimates(db: Db, part: Part): Promise<Map<string, number>> {
  const pieces = new Map(part.visitorPieces.map((piece) => [`${piece.grain}:${piece.starts}`, piece]));
  const grains = part.visitorPieces.map((piece) => piece.grain).join(',');
  const starts = part.visitorPieces.map((piece) => piece.starts).join(',');
  const rows = rowsOf<{ projectId: number; grain: string; starts: string; sketch: Uint8Array }>(
    await db.execute(sql`
      select s.project_id as "projectId", s.grain::text as grain, s.starts::text as starts, s.sketch
      from unnest(${`{${grains}}`}::visitor_sketch_grain[], ${`{${starts}}`}::date[]) as piece(grain, starts)
      join listing_visitor_sketches s on s.grain = piece.grain and s.starts = piece.starts
      where s.project_id = any(${intArray(part.ids)})`),
  );
  const sketchesOf = new Map<string, Uint8Array[]>();
  for (const row of rows) {
    for (const key of pieces.get(`${row.grain}:${row.starts}`)!.keysOf(row.projectId)) {
      const sketches = sketchesOf.get(key);
      if (sketches) sketches.push(row.sketch);
      else sketchesOf.set(key, [row.sketch]);
    }
  }
  return new Map([...sketchesOf].map(([key, sketches]) => [key, unionEstimate(sketches)]));
}

/** Enquiries: leads created in the part's Sydney days, narrowed by buyer type. */
async function enquiryRows(db: Db, part: Part, buyerType: ListingPerformanceQuery['buyerType']) {
  const day = sql`(created_at at time zone ${REPORTING_TIME_ZONE})::date`;
  const from = startOfDayIn(part.from, REPORTING_TIME_ZONE);
  const until = startOfDayIn(addDays(part.through, 1), REPORTING_TIME_ZONE);
  return rowsOf<KeyedRow & { n: number }>(
    await db.execute(sql`
      select pk, pd, scope, count(*)::float8 as n
      from (
        select ${part.keys(day)} from leads
        where project_id = any(${intArray(part.ids)})
          and created_at >= ${from.toISOString()}::timestamptz and created_at < ${until.toISOString()}::timestamptz
          ${buyerType === 'ALL' ? sql`` : sql`and buyer_type = ${buyerType}`}
      ) as keyed
      group by ${part.sets(sql``)}`),
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

/** The figures of each key: `project:12`, `period:1316` (periodIndexOf), `scope:true` (the range), `scope:false` (the previous one). */
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
    if (key !== null) this.addTo(key, figure, value);
  }

  addTo(key: string, figure: keyof PerformanceFigures, value: number) {
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

/** Every figure of the selection (per project, period and scope) and of its peers (per project). */
async function figureBookOf(
  db: Db,
  parts: Part[],
  buyerType: ListingPerformanceQuery['buyerType'],
): Promise<FigureBook> {
  const book = new FigureBook();
  const reads = parts
    .filter((part) => part.ids.length > 0)
    .flatMap((part) => [
      metricRows(db, part).then((rows) => {
        for (const row of rows) book.add(row, KIND_FIGURE[row.kind], row.n);
      }),
      visitorEstimates(db, part).then((estimates) => {
        for (const [key, estimate] of estimates) book.addTo(key, 'uniqueVisitors', estimate);
      }),
      enquiryRows(db, part, buyerType).then((rows) => {
        for (const row of rows) book.add(row, 'enquiries', row.n);
      }),
    ]);
  await Promise.all(reads);
  return book;
}

/** How long the peers' figures of a range are reused: about as far as the rollups are behind anyway. */
export const PEER_FIGURES_SECONDS = 60;
const PEER_FIGURES_KEPT = 100;
const peerFigures = new WeakMap<Db, Map<string, { expires: number; book: Promise<FigureBook> }>>();

/**
 * The benchmark peers' totals for a range, reused for PEER_FIGURES_SECONDS per database. They are the
 * expensive part of a report (every day of every comparable project, tens of them per group, where the
 * selection is a handful) and the same for everyone who asks about those groups and that range, so the
 * report pages, the dashboard and every user looking at the same range share one read a minute.
 */
function peersBookOf(
  db: Db,
  peers: readonly number[],
  range: Range,
  buyerType: BuyerType,
): Promise<FigureBook> {
  if (peers.length === 0) return Promise.resolve(new FigureBook());
  let cache = peerFigures.get(db);
  if (!cache) {
    cache = new Map();
    peerFigures.set(db, cache);
  }
  const key = [range.startDate, range.endDate, buyerType, [...peers].sort((a, b) => a - b).join(',')].join(
    '|',
  );
  const now = Date.now();
  const kept = cache.get(key);
  if (kept && kept.expires > now) return kept.book;
  const book = figureBookOf(db, [peersPart(peers, range)], buyerType);
  cache.delete(key);
  cache.set(key, { expires: now + PEER_FIGURES_SECONDS * 1000, book });
  // A failed read is not kept: the next report reads again.
  book.catch(() => cache.delete(key));
  for (const oldest of cache.keys()) {
    if (cache.size <= PEER_FIGURES_KEPT) break;
    cache.delete(oldest);
  }
  return book;
}

const groupKeyOf = (project: ReportProject) =>
  JSON.stringify([project.state, project.projectType, project.campaignType]);

/**
 * Per group of the selection, the quartiles of each figure over the group's other projects (each
 * one's total for the range), only with at least BENCHMARK_MIN_PROJECTS of them: never an id or a name.
 */
function benchmarksOf(selected: ReportProject[], peers: ReportProject[], peersBook: FigureBook): Benchmark[] {
  const groups = new Map<string, { first: ReportProject; projectIds: number[]; peerIds: number[] }>();
  for (const project of selected) {
    const group = groups.get(groupKeyOf(project));
    if (group) group.projectIds.push(project.id);
    else groups.set(groupKeyOf(project), { first: project, projectIds: [project.id], peerIds: [] });
  }
  for (const peer of peers) groups.get(groupKeyOf(peer))?.peerIds.push(peer.id);
  return [...groups.values()].map(({ first, projectIds, peerIds }) => {
    const figuresOfPeers = peerIds.map((id) => peersBook.of(`project:${id}`));
    const figures =
      peerIds.length < BENCHMARK_MIN_PROJECTS
        ? null
        : (Object.fromEntries(
            PERFORMANCE_FIGURES.map((figure) => [
              figure,
              quartilesOf(
                figuresOfPeers.flatMap((figures) => (figures[figure] === null ? [] : [figures[figure]])),
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
  const range: Range = {
    startDate: query.startDate,
    endDate: query.endDate,
    previousStartDate,
    period: query.period,
  };
  const [book, peersBook] = await Promise.all([
    figureBookOf(
      db,
      [
        selectionPart(
          selected.map((project) => project.id),
          range,
        ),
      ],
      query.buyerType,
    ),
    peersBookOf(
      db,
      peers.map((project) => project.id),
      range,
      query.buyerType,
    ),
  ]);
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    period: query.period,
    previousStartDate,
    previousEndDate,
    totals: book.of('scope:true'),
    previous: book.of('scope:false'),
    series: periodStartsOf(query.startDate, query.endDate, query.period).map((periodStart) => ({
      periodStart,
      ...book.of(`period:${periodIndexOf(periodStart, query.period)}`),
    })),
    byProject: selected
      .map((project) => ({
        projectId: project.id,
        title: project.title,
        ...book.of(`project:${project.id}`),
      }))
      .sort((a, b) => b.pageViews - a.pageViews || a.title.localeCompare(b.title)),
    benchmarks: benchmarksOf(selected, peers, peersBook),
  };
}
