import { createFileRoute, notFound } from '@tanstack/react-router';
import { AdminPageError } from '../../components/feedback/admin-page-error.tsx';
import { scoringRulesQueryOptions } from '../../features/leads/api/lead-scoring.ts';
import { LeadScoringPage } from '../../features/leads/components/lead-scoring-page.tsx';

/** /lead-scoring (design §3 and §6, platform admins): the rules every lead is scored by. */
export const Route = createFileRoute('/_main/lead-scoring')({
  beforeLoad: ({ context }) => {
    // Admins only (spec §2 admin section); the server refuses everyone else as well.
    if (!context.isAdmin) throw notFound();
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(scoringRulesQueryOptions()),
  errorComponent: ({ error }) => <AdminPageError error={error} title="Scoring rules could not be loaded" />,
  component: LeadScoringPage,
});
