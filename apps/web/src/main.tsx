import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';

import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrandedMantineProvider } from './features/site/components/branded-mantine-provider.tsx';
import { startAnalytics } from './lib/analytics/start.ts';
import { queryClient } from './lib/query-client.ts';
import { createAppRouter, installAccessErrorHandlers } from './router.tsx';
import { siteColorManager } from './stores/theme-store.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const router = createAppRouter({ queryClient });
installAccessErrorHandlers(router, queryClient);
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
        <Notifications position="top-right" />
        <RouterProvider router={router} />
      </BrandedMantineProvider>
    </QueryClientProvider>
  </StrictMode>,
);
