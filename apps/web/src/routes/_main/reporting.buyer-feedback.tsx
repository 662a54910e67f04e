import { createFileRoute } from '@tanstack/react-router';
import { AdminPageError } from '../../components/feedback/admin-page-error.tsx';
import { buyerFeedbackQueryOptions } from '../../features/reporting/api/reporting.ts';
import { BuyerFeedbackPage } from '../../features/reporting/components/buyer-feedback-page.tsx';
import { buyerFeedbackQueryOf } from '../../features/reporting/lib/report-range.ts';
import { useReportingStore } from '../../stores/reporting-store.ts';

/** /reporting/buyer-feedback (issue 17): its filters live in the persisted reporting state. */
export const Route = createFileRoute('/_main/reporting/buyer-feedback')({
  // Started here so the answer is on its way while the page's code loads; the page shows its errors.
  loader: ({ context }) =>
    context.queryClient.prefetchQuery(
      buyerFeedbackQueryOptions(buyerFeedbackQueryOf(useReportingStore.getState())),
    ),
  errorComponent: ({ error }) => <AdminPageError error={error} title="Buyer feedback could not be loaded" />,
  component: BuyerFeedbackPage,
});
