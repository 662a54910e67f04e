import { Stack } from '@mantine/core';
import { FEEDBACK_PAGE_MAX } from '@offplan/shared';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { feedbackListQueryOptions } from '../../features/feedback/api/feedback.ts';
import { FeedbackForm } from '../../features/feedback/components/feedback-form.tsx';
import { FeedbackList } from '../../features/feedback/components/feedback-list.tsx';

const feedbackSearchSchema = z.object({
  /** The page the feedback is about, when a link brings the user here from it. */
  page: z.string().max(FEEDBACK_PAGE_MAX).optional().catch(undefined),
});

/** Spec §2 "/feedback (internal)": the sidebar's 'Give us your thoughts'. Admins also see what came in. */
export const Route = createFileRoute('/_main/feedback')({
  validateSearch: feedbackSearchSchema,
  loader: ({ context }) =>
    context.isAdmin ? context.queryClient.ensureQueryData(feedbackListQueryOptions()) : undefined,
  component: FeedbackPage,
});

function FeedbackPage() {
  const { page } = Route.useSearch();
  const { isAdmin } = Route.useRouteContext();
  return (
    <Stack gap="lg">
      <FeedbackForm initialPage={page} />
      {isAdmin ? <FeedbackList /> : null}
    </Stack>
  );
}
