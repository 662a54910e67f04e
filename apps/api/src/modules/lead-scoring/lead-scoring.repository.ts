import type { ScoringRule } from '@offplan/shared';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leadScoringRules } from '../../db/schema/index.ts';

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
