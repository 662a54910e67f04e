import { useSuspenseQuery } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { MaintenanceScreen } from '../components/feedback/maintenance-screen.tsx';
import { RouteProgress } from '../components/feedback/route-progress.tsx';
import { siteQueryOptions } from '../features/site/api/site.ts';
import type { RouterContext } from '../router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  loader: ({ context }) => context.queryClient.ensureQueryData(siteQueryOptions()),
  component: RootComponent,
});

function RootComponent() {
  const { data: site } = useSuspenseQuery(siteQueryOptions());
  if (site.maintenanceMode) return <MaintenanceScreen />;
  return (
    <>
      <RouteProgress />
      <Outlet />
    </>
  );
}
