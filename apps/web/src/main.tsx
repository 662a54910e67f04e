import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
// First: no schema may be parsed before Zod is told not to generate code (lib/zod-config.ts).
import './lib/zod-config.ts';

import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrandedMantineProvider } from './features/site/components/branded-mantine-provider.tsx';
import { startAnalytics } from './lib/analytics/start.ts';
import { dropPageAnswers } from './lib/page-answers.ts';
import { queryClient } from './lib/query-client.ts';
import { useToastsInUse } from './lib/toast-host.ts';
import { createAppRouter, installAccessErrorHandlers } from './router.tsx';
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

const router = createAppRouter({ queryClient });
installAccessErrorHandlers(router, queryClient);
// Decision 048: the answers sent with the page serve its first load only; later reads ask the server.
const stopDroppingAnswers = router.subscribe('onResolved', () => {
  dropPageAnswers();
  stopDroppingAnswers();
});
// Issue 21: the landing page's route chunks load now, beside its session and site calls; the router
// would ask for each only once its guards have answered. A failure here is retried by the router.
const [landingRoutes] = router.getMatchedRoutes(window.location.pathname);
for (const route of landingRoutes) router.loadRouteChunk(route)?.catch(() => undefined);
// Before the first render: the landing URL's campaign and visitor ids, and the first page view.
startAnalytics(router);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
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
  </StrictMode>,
);
