import { createFileRoute } from '@tanstack/react-router';
import { userProjectsQueryOptions } from '../../features/projects/api/user-projects.ts';
import {
  DashboardError,
  DashboardPage,
  DashboardPending,
} from '../../features/projects/components/dashboard-page.tsx';

export const Route = createFileRoute('/_main/dashboard')({
  // The loader stays in the first bundle: split out, its chunk would load before the call starts.
  codeSplitGroupings: [['component'], ['pendingComponent', 'errorComponent', 'notFoundComponent']],
  loader: ({ context }) => {
    // Started, not awaited (issue 21): the frame paints at once and the page, which suspends on the
    // same query, shows DashboardPending until the projects stream in; a failure reaches DashboardError.
    // Admins get 403 from GET /api/user-projects (spec §6); they see an explanation instead.
    if (!context.isAdmin) void context.queryClient.prefetchQuery(userProjectsQueryOptions());
  },
  pendingComponent: DashboardPending,
  errorComponent: DashboardError,
  component: DashboardPage,
});
