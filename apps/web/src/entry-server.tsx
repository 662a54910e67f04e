// First: no schema may be parsed before Zod is told not to generate code (lib/zod-config.ts).
import './lib/zod-config.ts';

import { AsyncLocalStorage } from 'node:async_hooks';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { AppRoot } from './app-root.tsx';
import { loadFirstPage } from './lib/first-load.ts';
import { setPageAnswersScope } from './lib/page-answers.ts';
import { createQueryClient } from './lib/query-client.ts';
import { createAppRouter } from './router.tsx';

/*
 * Decision 050: the server draws a signed-in landing page's first paint, the frame and the page as the
 * app renders them, from the answers to the page's first calls (decision 048). The browser shows it
 * while the scripts load and then renders the same page over it (main.tsx). Built by
 * `vite build --ssr` into dist-server/, loaded by the API (apps/api/src/lib/first-paint.ts).
 */

const renderAnswers = new AsyncLocalStorage<Map<string, unknown>>();
setPageAnswersScope(() => renderAnswers.getStore());

/**
 * The markup of `path` (path and query) for the user the answers belong to (path of a GET → its JSON
 * body), or undefined when that page does not render whole from them: it redirects elsewhere, a loader
 * needs a call not answered, or something fails. A render never calls out: a call without an answer fails.
 */
export async function renderFirstPaint(
  path: string,
  answers: Record<string, unknown>,
): Promise<string | undefined> {
  return renderAnswers.run(new Map(Object.entries(answers)), async () => {
    const queryClient = createQueryClient();
    // One try: a failed call here fails for want of an answer, which a retry cannot bring.
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
    const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
    try {
      await loadFirstPage(router, queryClient);
      // A page that sends its visitor elsewhere is not drawn: its matches did not all succeed.
      const { location, matches } = router.state;
      if (location.href !== path) return undefined;
      if (matches.some((match) => match.status !== 'success')) return undefined;
      const cache = queryClient.getQueryCache();
      if (cache.findAll().some((query) => query.state.status === 'error')) return undefined;
      // Inert until the app takes over (main.tsx renders in its place): a click or a key pressed on a
      // control that does nothing yet would be lost. Hidden from assistive technology as inert content
      // is (aria-hidden says so to tools that do not read inert): it waits for the app's own page.
      const markup = renderToString(<AppRoot router={router} queryClient={queryClient} />);
      return `<div inert aria-hidden="true">${markup}</div>`;
    } catch {
      return undefined;
    } finally {
      queryClient.clear();
    }
  });
}
