import {
  LEAD_RESCORE_WINDOW_DAYS,
  LEAD_SCORE_DECAY_AFTER_DAYS,
  type LeadStatus,
  type ScoreContribution,
  type ScoringRule,
} from '@offplan/shared';
import { and, asc, desc, eq, gt, gte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leadScoringRules, leads, projects } from '../../db/schema/index.ts';
import { type PreviewLead, type RuleToApply, rescore } from './rescoring.ts';

/** The scoring rules in the order they apply (design §3); intake, re-scoring and the preview read them here. */
export async function loadScoringRules(db: Db): Promise<ScoringRule[]> {
  const rows = await db
    .select({
      id: leadScoringRules.id,
      field: leadScoringRules.field,
      operator: leadScoringRules.operator,
      value: leadScoringRules.value,
      points: leadScoringRules.points,
      label: leadScoringRules.label,
      enabled: leadScoringRules.enabled,
    })
    .from(leadScoringRules)
    .orderBy(asc(leadScoringRules.position), asc(leadScoringRules.id));
  return rows.map((row) => ({ ...row, value: row.value ?? null }));
}

/**
 * Replaces the whole rule set in one transaction (positions follow the list's order). `afterWrite`
 * runs in the same transaction (the audit row, the re-scoring job), so all of it commits or none.
 * Answers the saved rules.
 */
export async function replaceScoringRules(
  db: Db,
  rules: readonly Omit<RuleToApply, 'id'>[],
  actorId: string,
  afterWrite: (tx: Db, before: ScoringRule[]) => Promise<void>,
): Promise<ScoringRule[]> {
  return db.transaction(async (tx) => {
    // One save at a time: a second admin's save waits and then replaces this one whole.
    await tx.execute(sql`lock table ${leadScoringRules} in share row exclusive mode`);
    const before = await loadScoringRules(tx);
    await tx.delete(leadScoringRules);
    if (rules.length > 0) {
      const now = new Date();
      await tx.insert(leadScoringRules).values(
        rules.map((rule, index) => ({
          position: index + 1,
          field: rule.field,
          operator: rule.operator,
          value: rule.value,
          points: rule.points,
          label: rule.label,
          enabled: rule.enabled,
          updatedById: actorId,
          updatedAt: now,
        })),
      );
    }
    await afterWrite(tx, before);
    return loadScoringRules(tx);
  });
}

const scorableColumns = {
  buyerType: leads.buyerType,
  financeStatus: leads.financeStatus,
  timeframe: leads.timeframe,
  budget: leads.budget,
  bedrooms: leads.bedrooms,
  phone: leads.phone,
  message: leads.message,
  postcode: leads.postcode,
  source: leads.source,
  campaignId: leads.campaignId,
  lastActivityAt: leads.lastActivityAt,
};

/** The most recent leads across every organisation, with what scoring reads (the /lead-scoring preview). */
export async function recentLeadsForPreview(db: Db, limit: number): Promise<PreviewLead[]> {
  return db
    .select({
      id: leads.id,
      projectTitle: projects.title,
      name: leads.name,
      createdAt: leads.createdAt,
      score: leads.score,
      ...scorableColumns,
    })
    .from(leads)
    .innerJoin(projects, eq(projects.id, leads.projectId))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
}

/** Closed leads keep the score they were worked with. */
export const RESCORE_SKIPS: readonly LeadStatus[] = ['SETTLED', 'LOST'];

const DAY = 24 * 60 * 60 * 1000;

/**
 * One batch of the leads a rule change re-scores, by id after `afterId`: each batch starts where the
 * last one ended, so the whole run reads the table once.
 */
function openLeadsAfter(db: Db, since: Date, afterId: number, limit: number) {
  return db
    .select({
      id: leads.id,
      baseScore: leads.baseScore,
      score: leads.score,
      scoreContributions: leads.scoreContributions,
      ...scorableColumns,
    })
    .from(leads)
    .where(
      and(gt(leads.id, afterId), gte(leads.createdAt, since), notInArray(leads.status, [...RESCORE_SKIPS])),
    )
    .orderBy(asc(leads.id))
    .limit(limit);
}

/** Compared field by field: jsonb hands keys back in its own order, so the JSON texts differ. */
const sameContributions = (a: readonly ScoreContribution[], b: readonly ScoreContribution[]) =>
  a.length === b.length &&
  a.every(
    (item, index) =>
      item.ruleId === b[index]?.ruleId && item.label === b[index]?.label && item.points === b[index]?.points,
  );

type Rescored = { id: number; baseScore: number; score: number; contributions: ScoreContribution[] };

/** One UPDATE for a batch of new scores. */
async function writeScores(db: Db, rows: Rescored[]) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.id}::int, ${row.baseScore}::smallint, ${row.score}::smallint, ${JSON.stringify(row.contributions)}::jsonb)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update ${leads} set base_score = v.base_score, score = v.score, score_contributions = v.contributions
    from (values ${values}) as v(id, base_score, score, contributions)
    where ${leads.id} = v.id`);
}

/**
 * Job `lead-rescore` (sent by a save of the rules): re-scores, with the rules saved now, every lead of
 * the last 90 days that is not Settled or Lost, a batch at a time, writing only the leads whose score
 * or reasons change. Safe to run twice. Answers how many changed.
 */
export async function rescoreOpenLeads(db: Db, now = new Date(), batchSize = 500): Promise<number> {
  const rules = await loadScoringRules(db);
  const since = new Date(now.getTime() - LEAD_RESCORE_WINDOW_DAYS * DAY);
  let changed = 0;
  let afterId = 0;
  for (;;) {
    const batch = await openLeadsAfter(db, since, afterId, batchSize);
    const rescored: Rescored[] = [];
    for (const lead of batch) {
      const next = rescore(rules, lead, now);
      const same =
        lead.baseScore === next.baseScore &&
        lead.score === next.score &&
        sameContributions(lead.scoreContributions, next.contributions);
      if (!same) rescored.push({ id: lead.id, ...next });
    }
    await writeScores(db, rescored);
    changed += rescored.length;
    const last = batch.at(-1);
    if (!last || batch.length < batchSize) return changed;
    afterId = last.id;
  }
}

/** The rows of a raw statement's result (both drivers answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Rows the decay job reads per statement: one id range, so no statement locks or logs the whole table. */
const DECAY_BATCH = 20_000;

/**
 * Job `lead-score-decay` (daily): design §3's decay in SQL, the same steps as `scoreDecayPoints`
 * (packages/shared leads.ts): from 60 whole days without activity a score loses a quarter of its base
 * for each 30 days, down to nothing; a lead active again gets its base score back. Set-based, one id
 * range at a time, writing only the rows whose score changes. Answers how many changed.
 */
export async function decayLeadScores(db: Db, now = new Date(), batchSize = DECAY_BATCH): Promise<number> {
  const bounds = rowsOf<{ low: number | null; high: number | null }>(
    await db.execute(sql`select min(${leads.id}) as low, max(${leads.id}) as high from ${leads}`),
  );
  const { low, high } = bounds[0] ?? { low: null, high: null };
  if (low === null || high === null) return 0;
  const at = now.toISOString();
  let changed = 0;
  for (let from = Number(low); from <= Number(high); from += batchSize) {
    const updated = await db.execute(sql`
      with inactivity as (
        select id, base_score,
          floor(extract(epoch from (${at}::timestamptz - last_activity_at)) / 86400)::int as days
        from ${leads}
        where id >= ${from} and id < ${from + batchSize}
      ), target as (
        select id, case
          when days < ${LEAD_SCORE_DECAY_AFTER_DAYS} then base_score
          else base_score - least(
            base_score,
            round(base_score * least(4, 1 + (days - ${LEAD_SCORE_DECAY_AFTER_DAYS}) / 30) / 4.0)::int
          )
        end as score
        from inactivity
      )
      update ${leads} set score = target.score
      from target
      where ${leads.id} = target.id and ${leads.score} <> target.score
      returning ${leads.id}`);
    changed += rowsOf(updated).length;
  }
  return changed;
}
