import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
// First: no schema may be parsed before Zod is told not to generate code (lib/zod-config.ts).
import './lib/zod-config.ts';

import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app-root.tsx';
import { startAnalytics } from './lib/analytics/start.ts';
import { loadFirstPage, yieldToBrowser } from './lib/first-load.ts';
import { dropPageAnswers } from './lib/page-answers.ts';
import { queryClient } from './lib/query-client.ts';
import { createAppRouter, installAccessErrorHandlers } from './router.tsx';

/**
 * Starts the app in several browser tasks rather than one long one (issue 21, yieldToBrowser): the
 * first chunk's modules are evaluated in the task that ran it, then the router is made, then the
 * landing page's chunks are asked for, then the page is loaded and drawn.
 */
async function startApp(rootElement: HTMLElement) {
  const router = createAppRouter({ queryClient });
  installAccessErrorHandlers(router, queryClient);
  // Decision 048: the answers sent with the page serve its first load only; later reads ask the server.
  const stopDroppingAnswers = router.subscribe('onResolved', () => {
    dropPageAnswers();
    stopDroppingAnswers();
  });
  // Issue 21: the landing page's route chunks load now, beside its session and site calls; the router
  // would ask for each only once its guards have answered. A failure here is retried by the router.
  await yieldToBrowser();
  const [landingRoutes] = router.getMatchedRoutes(window.location.pathname);
  for (const route of landingRoutes) router.loadRouteChunk(route)?.catch(() => undefined);
  await yieldToBrowser();
  // Before the first render: the landing URL's campaign and visitor ids, and the first page view.
  startAnalytics(router);

  const app = <AppRoot router={router} queryClient={queryClient} />;
  if (rootElement.firstElementChild === null) {
    createRoot(rootElement).render(app);
    return;
  }
  // Decision 050: a page the server painted stays on screen until the app can draw it whole (rendered
  // at once, the app would first replace it with its loading views), and the app draws it in slices
  // (a transition yields to the browser every few milliseconds): the page is already there to see,
  // and what the visitor does meanwhile (a scroll, a click on a link) is not held up by one long task.
  await loadFirstPage(router, queryClient).catch(() => undefined);
  startTransition(() => createRoot(rootElement).render(app));
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
void yieldToBrowser().then(() => startApp(rootElement));
