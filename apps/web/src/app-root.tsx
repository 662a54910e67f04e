import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense } from 'react';
import { BrandedMantineProvider } from './features/site/components/branded-mantine-provider.tsx';
import { useToastsInUse } from './lib/toast-host.ts';
import type { AppRouter } from './router.tsx';
import { siteColorManager } from './stores/theme-store.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// The toast container and its transitions are not needed to paint (issue 21): it loads once a module
// that shows toasts has (lib/toast-host.ts); a toast shown before it arrives waits in
// @mantine/notifications' store and appears once it has.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

function ToastContainer() {
  if (!useToastsInUse()) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}

/** The whole app: what the browser renders (main.tsx) and the server's first paint draws (entry-server.tsx). */
export function AppRoot({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrandedMantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="light"
          colorSchemeManager={siteColorManager}
        >
          <ToastContainer />
          <RouterProvider router={router} />
        </BrandedMantineProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
