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

/** Where the web build's server render is: its entry file, in a checkout and beside the bundle. */
export const FIRST_PAINT_ENTRY = 'entry-server.js';

/**
 * Decision 050: the markup of a signed-in landing page, drawn by the web app's own server build from
 * the answers the page is sent with (decision 048) and the site's settings, asked in-process like them.
 * Undefined without a server build (the page is sent as before), when the render does not draw that
 * page whole from these answers, fails or takes longer than FIRST_PAINT_LIMIT_MS.
 *
 * The server build is loaded on the first such page, not at start: it is only needed once someone
 * signs in, and loading it takes ~100 ms that a start (issue 21 item 4) need not spend.
 */
export function firstPaintFrom(app: InProcess, serverBuildDir: string | undefined) {
  const entry = serverBuildDir ? path.join(serverBuildDir, FIRST_PAINT_ENTRY) : undefined;
  if (!entry || !existsSync(entry)) return undefined;
  let renderer: Promise<RenderFirstPaint | undefined> | undefined;

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
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(resolve, FIRST_PAINT_LIMIT_MS, undefined);
    });
    const rendered = render(url.pathname + url.search, { ...answers, [API_PATHS.site]: site }).catch(
      () => undefined,
    );
    try {
      return await Promise.race([rendered, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
