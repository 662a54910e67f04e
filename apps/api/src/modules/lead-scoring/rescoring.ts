import {
  type ScorableLead,
  type ScoreContribution,
  type ScoringPreview,
  type ScoringRule,
  scoreDecayPoints,
  scoreLead,
} from '@offplan/shared';

/** A rule as `scoreLead` takes it: saved rules have ids, rules being previewed do not yet. */
export type RuleToApply = Omit<ScoringRule, 'id'> & { id: number | null };

const DAY = 24 * 60 * 60 * 1000;

/** Whole days since the lead's last activity: what design §3's decay counts (the decay job's SQL floors the same way). */
export const daysWithoutActivity = (lastActivityAt: Date, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - lastActivityAt.getTime()) / DAY));

/**
 * A lead scored by `rules` as the table would show it today: the rules' total (`baseScore`), each
 * rule's part, and the score less the decay its inactivity earns.
 */
export function rescore(
  rules: readonly RuleToApply[],
  lead: ScorableLead & { lastActivityAt: Date },
  now: Date,
): { baseScore: number; score: number; contributions: ScoreContribution[] } {
  const { score: baseScore, contributions } = scoreLead(rules, lead);
  const decay = scoreDecayPoints(baseScore, daysWithoutActivity(lead.lastActivityAt, now));
  return { baseScore, score: baseScore - decay, contributions };
}

export type PreviewLead = ScorableLead & {
  id: number;
  projectTitle: string;
  name: string;
  createdAt: Date;
  score: number;
  lastActivityAt: Date;
};

/** Issue 16: how a rule set would re-score these leads (their current score beside the new one); writes nothing. */
export function previewScoring(
  rules: readonly RuleToApply[],
  leads: readonly PreviewLead[],
  now: Date,
): ScoringPreview {
  let raised = 0;
  let lowered = 0;
  const rows = leads.map((lead) => {
    const next = rescore(rules, lead, now);
    if (next.score > lead.score) raised += 1;
    if (next.score < lead.score) lowered += 1;
    return {
      id: lead.id,
      projectTitle: lead.projectTitle,
      name: lead.name,
      createdAt: lead.createdAt.toISOString(),
      currentScore: lead.score,
      newScore: next.score,
      newContributions: next.contributions,
    };
  });
  return { leads: rows, changed: raised + lowered, raised, lowered };
}
