import { createFileRoute } from '@tanstack/react-router';
import { userProjectsQueryOptions } from '../../features/projects/api/user-projects.ts';
import {
  DashboardError,
  DashboardPage,
  DashboardPending,
} from '../../features/projects/components/dashboard-page.tsx';

export const Route = createFileRoute('/_main/dashboard')({
  loader: async ({ context }) => {
    // Admins get 403 from GET /api/user-projects (spec §6); they see an explanation instead.
    if (!context.isAdmin) await context.queryClient.ensureQueryData(userProjectsQueryOptions());
  },
  pendingComponent: DashboardPending,
  errorComponent: DashboardError,
  component: DashboardPage,
});
