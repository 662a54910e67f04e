import {
  API_PATHS,
  isPlatformAdmin,
  PAGE_ANSWERS_ELEMENT_ID,
  PROJECT_GRID_WIDEST_ROW,
  PROJECT_IMAGE_PLACEHOLDER,
  sortProjects,
  type UserProjectsOutput,
} from '@offplan/shared';
import type { Context, Env } from 'hono';
import { escapeHtml } from './message-templates.ts';

/**
 * The answers to a signed-in page's first calls, sent inside its HTML (decision 048): path → the JSON
 * body that a GET of that path answered 200 for this request's session.
 */
export type PageAnswers = Record<string, unknown>;

/** What asks the app's own routes: the Hono app (its `request`), never a second HTTP connection. */
export type InProcess = {
  request: (input: URL, init: RequestInit, env: Env['Bindings']) => Response | Promise<Response>;
};

/** Request headers that describe the page's own answer, not a JSON call's. */
const PAGE_ONLY_HEADERS = ['accept-encoding', 'if-none-match', 'if-modified-since', 'range'];

/**
 * Asks, in-process and through the whole app (its middleware, guards and handlers, so the answers and
 * the checks are the calls' own), the GETs every signed-in page starts with: the session, and for a
 * portal user the account state the frame's navigation and the dashboard read. Undefined without a
 * session, so a signed-out visitor still gets the static, pre-compressed index.html.
 *
 * Only a plain 200 goes into the page: an answer that sets a cookie (a session being refreshed or
 * ended) or refuses is left for the browser to ask for itself, which then gets it as it would have.
 */
export function pageAnswersFrom(app: InProcess) {
  return async (c: Context): Promise<PageAnswers | undefined> => {
    if (c.req.method !== 'GET' || !c.req.header('cookie')) return undefined;
    const ask = askInProcess(app, c);
    const session = (await ask(API_PATHS.auth.getSession)) as { user?: { role?: string | null } } | null;
    if (!session?.user) return undefined;
    const answers: PageAnswers = { [API_PATHS.auth.getSession]: session };
    // Admins have no account state (spec §7 refuses them); the web app does not ask for it either.
    if (!isPlatformAdmin(session.user)) {
      const account = await ask(API_PATHS.userProjects);
      if (account !== undefined) answers[API_PATHS.userProjects] = account;
    }
    return answers;
  };
}

/**
 * Asks a GET of the app for the page's request `c`, in-process: the body when it answered a plain 200
 * that sets no cookie, else undefined.
 */
export function askInProcess(app: InProcess, c: Context): (path: string) => Promise<unknown> {
  const headers = new Headers(c.req.raw.headers);
  for (const name of PAGE_ONLY_HEADERS) headers.delete(name);
  headers.set('accept', 'application/json');
  // The calls' log lines carry the page's request id, so one page load reads as one in the log.
  const requestId = c.get('requestId');
  if (typeof requestId === 'string') headers.set('x-request-id', requestId);
  // The socket, for the client's address (rate limits, logs); never Node's response: the calls'
  // middleware would write their headers onto the page's answer.
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  const env = incoming ? { incoming } : {};
  return async (path) => {
    const answer = await app.request(new URL(path, c.req.url), { headers }, env);
    if (answer.status !== 200 || answer.headers.has('set-cookie')) return undefined;
    return answer.json();
  };
}

/**
 * The answers as a JSON data block. `<` is written as `\u003c`, so no text in an answer (a project
 * title holding `</script>`) can end the element or open a comment: the HTML parser only ever sees JSON.
 */
export function pageAnswersElement(answers: PageAnswers): string {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${json}</script>`;
}

/**
 * What the web build lists for each landing page (its `page-modules.json`): the files its first paint
 * runs, which a page of that path names as preloads so they download while the first chunk runs
 * (decision 049), and the stylesheets of the routes the server paints (decision 050). A page is
 * painted for signed-in users, or with `paintFor: 'visitors'` for visitors only.
 */
export type PageModules = Record<
  string,
  { scripts: string[]; styles: string[]; paintStyles?: string[]; paintFor?: 'visitors' }
>;

/** Pages that open on the dashboard: `/` sends a portal user there (the web app's homePathFor). */
const DASHBOARD_PAGES = new Set(['/', '/dashboard']);

type AccountAnswer = { output?: UserProjectsOutput };

/**
 * The photos of the dashboard's first row at its widest, in its default order (decision 049). The
 * page's largest paint is one of them, and without a hint the browser starts fetching them only once
 * the script has drawn the cards. A user whose own sort or filters put other cards first has fetched a
 * few photos early for nothing; the cards they see load as before.
 */
function photosInView(account: AccountAnswer): string[] {
  const firstRow = sortProjects(account.output?.projects ?? [], undefined).slice(0, PROJECT_GRID_WIDEST_ROW);
  return [...new Set(firstRow.map((project) => project.images[0] ?? PROJECT_IMAGE_PLACEHOLDER))];
}

/**
 * What a page made for one request adds to its head. A visitor's painted page (no answers): the
 * stylesheets of its paint. A signed-in page: its answers and, when it opens on the dashboard for a portal
 * user (who has account state; an admin's `/` opens elsewhere), preloads of the dashboard's modules and
 * stylesheets and of each photo in its first row (the first, in view on every layout, at high
 * priority). When the server painted the page (`painted`, decision 050), the stylesheets of the routes
 * it drew, which the paint needs. The photos come first after the stylesheets: asked for after the
 * answers and the modules, the largest paint's photo waited behind them on HTTP/1.1's six connections.
 * Every address is escaped: a photo's comes from the database.
 */
export function pageHeadElements(
  pagePath: string,
  answers: PageAnswers,
  pageModules: PageModules = {},
  painted = false,
): string {
  const attribute = (url: string) => `href="${escapeHtml(url)}"`;
  // Whoever the page was painted for (an admin's dashboard too): the paint is unstyled without them.
  const paintStyles = (painted ? (pageModules[pagePath]?.paintStyles ?? []) : []).map(
    (url) => `<link rel="stylesheet" crossorigin ${attribute(url)}>`,
  );
  const account = answers[API_PATHS.userProjects] as AccountAnswer | undefined;
  // A visitor's page has no answers: the app asks for what it needs as on any page.
  if (Object.keys(answers).length === 0) return paintStyles.join('');
  if (!DASHBOARD_PAGES.has(pagePath) || !account)
    return [...paintStyles, pageAnswersElement(answers)].join('');
  const modules = pageModules['/dashboard'];
  return [
    ...paintStyles,
    ...photosInView(account).map(
      (url, index) =>
        `<link rel="preload" as="image" ${attribute(url)}${index === 0 ? ' fetchpriority="high"' : ''}>`,
    ),
    pageAnswersElement(answers),
    ...(modules?.styles ?? []).map((url) => `<link rel="preload" as="style" ${attribute(url)}>`),
    ...(modules?.scripts ?? []).map((url) => `<link rel="modulepreload" crossorigin ${attribute(url)}>`),
  ].join('');
}
