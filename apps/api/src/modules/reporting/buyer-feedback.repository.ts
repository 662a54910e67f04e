import {
  type BuyerFeedbackAnswer,
  type BuyerFeedbackQuery,
  type RatingSummary,
  REPORTING_TIME_ZONE,
  STAR_RATING_MAX,
} from '@offplan/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { startOfDayIn } from '../leads/leads.repository.ts';
import type { ReportProject, ReportViewer } from './listing-performance.repository.ts';
import { addDays, periodStartsOf, TRUNC_UNIT } from './report-periods.ts';

/**
 * The buyer-feedback report (issue 17 item 4, decision 028): `buyer_feedback` is one row per rated
 * enquiry, small, so one statement counts it per project, agent, buyer type, period and star pair, and
 * a second reads the newest comments; the summaries are added up here.
 */

/** Comments one report carries, newest first. */
export const FEEDBACK_COMMENTS_MAX = 200;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** The projects the viewer may report on, narrowed by the ids asked for (and feedbackProject). */
export async function feedbackProjects(
  db: Db,
  viewer: ReportViewer,
  ids: readonly number[] | undefined,
): Promise<Pick<ReportProject, 'id' | 'title'>[]> {
  const conditions = [
    viewer.isAdmin
      ? undefined
      : sql`id in (select project_id from project_members where user_id = ${viewer.userId})`,
    ids ? sql`id = any(${intArray(ids)})` : undefined,
  ].filter(Boolean);
  return rowsOf<{ id: number; title: string }>(
    await db.execute(
      sql`select id, title from projects where ${conditions.length ? sql.join(conditions, sql` and `) : sql`true`}`,
    ),
  );
}

type CountRow = {
  projectId: number;
  agentId: string | null;
  agentName: string | null;
  buyerType: string;
  periodStart: string;
  projectRating: number;
  agentRating: number | null;
  n: number;
};

/** What narrows the feedback read: projects, range (Sydney days), buyer type, agent. */
function feedbackConditions(projectIds: readonly number[], query: BuyerFeedbackQuery): SQL {
  const from = startOfDayIn(query.startDate, REPORTING_TIME_ZONE);
  const until = startOfDayIn(addDays(query.endDate, 1), REPORTING_TIME_ZONE);
  return sql.join(
    [
      sql`f.project_id = any(${intArray(projectIds)})`,
      sql`f.created_at >= ${from.toISOString()}::timestamptz`,
      sql`f.created_at < ${until.toISOString()}::timestamptz`,
      query.buyerType === 'ALL' ? undefined : sql`f.buyer_type = ${query.buyerType}`,
      query.feedbackAgent ? sql`f.agent_id = ${query.feedbackAgent}` : undefined,
    ].filter(Boolean),
    sql` and `,
  );
}

async function countRows(db: Db, projectIds: readonly number[], query: BuyerFeedbackQuery) {
  const periodStart = sql`to_char(date_trunc(${TRUNC_UNIT[query.period]}, f.created_at at time zone ${REPORTING_TIME_ZONE}), 'YYYY-MM-DD')`;
  return rowsOf<CountRow>(
    await db.execute(sql`
      select f.project_id as "projectId", f.agent_id as "agentId", u.name as "agentName",
        f.buyer_type::text as "buyerType", ${periodStart} as "periodStart",
        f.project_rating as "projectRating", f.agent_rating as "agentRating", count(*)::int as n
      from buyer_feedback f left join "user" u on u.id = f.agent_id
      where ${feedbackConditions(projectIds, query)}
      group by 1, 2, 3, 4, 5, 6, 7`),
  );
}

type CommentRow = BuyerFeedbackAnswer['comments'][number];

async function commentRows(db: Db, projectIds: readonly number[], query: BuyerFeedbackQuery) {
  return rowsOf<CommentRow>(
    await db.execute(sql`
      select f.id, f.project_id as "projectId", p.title as "projectTitle", u.name as "agentName",
        f.buyer_type::text as "buyerType", f.project_rating as "projectRating",
        f.agent_rating as "agentRating", f.comment,
        to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
      from buyer_feedback f
        join projects p on p.id = f.project_id
        left join "user" u on u.id = f.agent_id
      where ${feedbackConditions(projectIds, query)} and f.comment is not null and f.comment <> ''
      order by f.created_at desc, f.id desc
      limit ${FEEDBACK_COMMENTS_MAX}`),
  );
}

/** Ratings added up: how many, their sum, and how many per star. */
class Tally {
  responses = 0;
  private sum = 0;
  private readonly distribution = new Array<number>(STAR_RATING_MAX + 1).fill(0);

  add(rating: number, count: number) {
    this.responses += count;
    this.sum += rating * count;
    this.distribution[rating] = (this.distribution[rating] ?? 0) + count;
  }

  get average(): number | null {
    return this.responses > 0 ? this.sum / this.responses : null;
  }

  summary(): RatingSummary {
    return { responses: this.responses, average: this.average, distribution: [...this.distribution] };
  }
}

/** A tally per key, made on first use. */
class Tallies<K> {
  readonly byKey = new Map<K, Tally>();
  of(key: K): Tally {
    let tally = this.byKey.get(key);
    if (!tally) {
      tally = new Tally();
      this.byKey.set(key, tally);
    }
    return tally;
  }
}

function summariesOf(rows: CountRow[]) {
  const all = { project: new Tally(), agent: new Tally() };
  const trend = { project: new Tallies<string>(), agent: new Tallies<string>() };
  const byProject = new Tallies<number>();
  const byAgent = new Tallies<string>();
  const byBuyerType = new Tallies<string>();
  const agentNames = new Map<string, string>();
  for (const row of rows) {
    all.project.add(row.projectRating, row.n);
    trend.project.of(row.periodStart).add(row.projectRating, row.n);
    byProject.of(row.projectId).add(row.projectRating, row.n);
    byBuyerType.of(row.buyerType).add(row.projectRating, row.n);
    if (row.agentRating === null) continue;
    all.agent.add(row.agentRating, row.n);
    trend.agent.of(row.periodStart).add(row.agentRating, row.n);
    if (row.agentId === null) continue;
    byAgent.of(row.agentId).add(row.agentRating, row.n);
    agentNames.set(row.agentId, row.agentName ?? '');
  }
  return { all, trend, byProject, byAgent, byBuyerType, agentNames };
}

const byResponses = <T extends { responses: number }>(a: T, b: T) => b.responses - a.responses;

/** The report over the given projects (already the viewer's, narrowed as asked). */
export async function buyerFeedbackReport(
  db: Db,
  projects: Pick<ReportProject, 'id' | 'title'>[],
  query: BuyerFeedbackQuery,
): Promise<BuyerFeedbackAnswer> {
  const ids = projects.map((project) => project.id);
  const [counts, comments] =
    ids.length > 0 ? await Promise.all([countRows(db, ids, query), commentRows(db, ids, query)]) : [[], []];
  const { all, trend, byProject, byAgent, byBuyerType, agentNames } = summariesOf(counts);
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    period: query.period,
    project: all.project.summary(),
    agent: all.agent.summary(),
    trend: periodStartsOf(query.startDate, query.endDate, query.period).map((periodStart) => ({
      periodStart,
      responses: trend.project.byKey.get(periodStart)?.responses ?? 0,
      projectAverage: trend.project.byKey.get(periodStart)?.average ?? null,
      agentAverage: trend.agent.byKey.get(periodStart)?.average ?? null,
    })),
    byProject: projects
      .filter((project) => byProject.byKey.has(project.id))
      .map((project) => ({
        projectId: project.id,
        title: project.title,
        ...byProject.of(project.id).summary(),
      }))
      .sort(byResponses),
    byAgent: [...byAgent.byKey]
      .map(([agentId, tally]) => ({ agentId, name: agentNames.get(agentId) ?? '', ...tally.summary() }))
      .sort(byResponses),
    byBuyerType: [...byBuyerType.byKey]
      .map(([buyerType, tally]) => ({ buyerType, ...tally.summary() }))
      .sort(byResponses),
    comments,
  };
}
