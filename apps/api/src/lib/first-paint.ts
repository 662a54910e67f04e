import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_PATHS } from '@offplan/shared';
import type { Context } from 'hono';
import { askInProcess, type InProcess, type PageAnswers } from './page-answers.ts';

/** The web app's server render (apps/web/src/entry-server.tsx): a page's markup, or undefined. */
type RenderFirstPaint = (pagePath: string, answers: PageAnswers) => Promise<string | undefined>;

/**
 * A render slower than this is not waited for: the page goes without its first paint, as before
 * (decision 050). A render takes ~20–30 ms on the two-core machines; the first after a start, which
 * loads the page's modules, ~300 ms.
 */
export const FIRST_PAINT_LIMIT_MS = 400;

/** How many visitors' pages (address and site settings) are kept drawn. */
const VISITOR_PAINTS_KEPT = 16;

/** Where the web build's server render is: its entry file, in a checkout and beside the bundle. */
export const FIRST_PAINT_ENTRY = 'entry-server.js';

/**
 * Decision 050: the markup of a landing page, drawn by the web app's own server build from the answers
 * the page is sent with (decision 048; none for a visitor's page) and the site's settings, asked
 * in-process like them. Undefined without a server build (the page is sent as before), when the render
 * does not draw that page whole from these answers, fails or takes longer than FIRST_PAINT_LIMIT_MS.
 *
 * The server build is loaded on the first such page, not at start: loading it takes ~100 ms that a
 * start (issue 21 item 4) need not spend.
 */
export function firstPaintFrom(app: InProcess, serverBuildDir: string | undefined) {
  const entry = serverBuildDir ? path.join(serverBuildDir, FIRST_PAINT_ENTRY) : undefined;
  if (!entry || !existsSync(entry)) return undefined;
  let renderer: Promise<RenderFirstPaint | undefined> | undefined;
  // A visitor's page (no answers) is drawn from the site's settings alone (the host's tenant, the
  // maintenance switch), the same for every visitor: drawn once per address and settings. The
  // addresses are the few the build lists for visitors, without a query (static-web.ts); the oldest
  // drawing goes first once a changed setting or a tenant more would make it hold more than a few.
  const visitorPaints = new Map<string, Promise<string | undefined>>();

  return async (c: Context, answers: PageAnswers): Promise<string | undefined> => {
    renderer ??= import(pathToFileURL(entry).href).then(
      (module: { renderFirstPaint?: RenderFirstPaint }) => module.renderFirstPaint,
      (error: unknown) => {
        c.get('log')?.error({ err: error, entry }, 'the web build’s server render could not be loaded');
        return undefined;
      },
    );
    const render = await renderer;
    if (!render) return undefined;
    const site = await askInProcess(app, c)(API_PATHS.site);
    if (site === undefined) return undefined;
    const url = new URL(c.req.url);
    const pagePath = url.pathname + url.search;
    const pageAnswers = { ...answers, [API_PATHS.site]: site };
    if (Object.keys(answers).length > 0) return renderInTime(render, pagePath, pageAnswers);
    const key = `${pagePath} ${JSON.stringify(site)}`;
    const kept = visitorPaints.get(key);
    if (kept) return kept;
    const markup = renderInTime(render, pagePath, pageAnswers);
    visitorPaints.set(key, markup);
    if (visitorPaints.size > VISITOR_PAINTS_KEPT)
      visitorPaints.delete(visitorPaints.keys().next().value ?? key);
    // A render that drew nothing or came late (the first after a start loads its modules) is tried again.
    void markup.then((drawn) => {
      if (drawn === undefined && visitorPaints.get(key) === markup) visitorPaints.delete(key);
    });
    return markup;
  };
}

/** The render's markup, or undefined when it fails or takes longer than FIRST_PAINT_LIMIT_MS. */
async function renderInTime(
  render: RenderFirstPaint,
  pagePath: string,
  answers: PageAnswers,
): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, FIRST_PAINT_LIMIT_MS, undefined);
  });
  const rendered = render(pagePath, answers).catch(() => undefined);
  try {
    return await Promise.race([rendered, late]);
  } finally {
    clearTimeout(timer);
  }
}
