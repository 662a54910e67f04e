import { Stack } from '@mantine/core';
import { FEEDBACK_PAGE_MAX } from '@offplan/shared';
import { createFileRoute } from '@tanstack/react-router';
import { feedbackListQueryOptions } from '../../features/feedback/api/feedback.ts';
import { FeedbackForm } from '../../features/feedback/components/feedback-form.tsx';
import { FeedbackList } from '../../features/feedback/components/feedback-list.tsx';
import { searchOf, searchString } from '../../lib/search-params.ts';

const readFeedbackSearch = searchOf({
  /** The page the feedback is about, when a link brings the user here from it. */
  page: (value) => searchString(value, { max: FEEDBACK_PAGE_MAX }),
});

/** Spec §2 "/feedback (internal)": the sidebar's 'Give us your thoughts'. Admins also see what came in. */
export const Route = createFileRoute('/_main/feedback')({
  validateSearch: readFeedbackSearch,
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
