import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { RouteProgress } from '../components/feedback/route-progress.tsx';
import { siteQueryOptions } from '../features/site/api/site.ts';
import { loadMaintenanceViews, MaintenanceGate } from '../features/site/components/maintenance-gate.tsx';
import type { RouterContext } from '../router.tsx';
import { waitForRehydration } from '../stores/persistence.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  loader: async ({ context }) => {
    // Spec §4: persisted state is back before the first page renders, or PERSIST_REHYDRATION_TIMEOUT_MS
    // passes and the app starts with defaults for whatever is still loading.
    const [site] = await Promise.all([
      context.queryClient.ensureQueryData(siteQueryOptions()),
      waitForRehydration(),
    ]);
    if (site.maintenanceMode) await loadMaintenanceViews();
    return site;
  },
  component: RootComponent,
});

function RootComponent() {
  // Issue 4: the maintenance screen for all but admins and sign-in (features/site, decision 018).
  return (
    <MaintenanceGate>
      <RouteProgress />
      <Outlet />
    </MaintenanceGate>
  );
}
