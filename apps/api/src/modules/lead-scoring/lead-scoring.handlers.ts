import { LEAD_SCORING_PREVIEW_SIZE } from '@offplan/shared';
import { jobsInTransaction } from '../../jobs/queue.ts';
import { audit } from '../../lib/audit.ts';
import { createRouter } from '../../lib/router.ts';
import { LEAD_JOB_RETRY, LEAD_JOBS } from '../leads/lead-jobs.ts';
import { loadScoringRules, recentLeadsForPreview, replaceScoringRules } from './lead-scoring.repository.ts';
import { getScoringRules, postScoringPreview, putScoringRules } from './lead-scoring.routes.ts';
import { previewScoring } from './rescoring.ts';

export const leadScoringRouter = createRouter();

leadScoringRouter.openapi(getScoringRules, async (c) =>
  c.json({ rules: await loadScoringRules(c.get('deps').database.db) }, 200),
);

leadScoringRouter.openapi(putScoringRules, async (c) => {
  const { rules } = c.req.valid('json');
  const { database, queue } = c.get('deps');
  const saved = await replaceScoringRules(database.db, rules, c.get('user').id, async (tx, before) => {
    await audit(
      c,
      {
        action: 'lead_scoring.replace_rules',
        targetType: 'lead_scoring_rules',
        data: { before, after: rules },
      },
      tx,
    );
    // Re-scoring runs after the commit, with whatever rules are saved by then (two quick saves end on the last).
    // Every open lead at once: pg-boss's own 15-minute claim, not the per-lead jobs' minute.
    await queue.send(
      LEAD_JOBS.rescore,
      {},
      { ...jobsInTransaction(tx), ...LEAD_JOB_RETRY, expireInSeconds: 15 * 60 },
    );
  });
  return c.json({ rules: saved }, 200);
});

leadScoringRouter.openapi(postScoringPreview, async (c) => {
  const { rules } = c.req.valid('json');
  const leads = await recentLeadsForPreview(c.get('deps').database.db, LEAD_SCORING_PREVIEW_SIZE);
  const proposed = rules.map((rule) => ({ ...rule, id: null }));
  return c.json(previewScoring(proposed, leads, new Date()), 200);
});
