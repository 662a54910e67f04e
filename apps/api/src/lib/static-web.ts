import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Env, Hono, Schema } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { getMimeType } from 'hono/utils/mime';
import { type PageAnswers, type PageModules, pageHeadElements } from './page-answers.ts';

/** Finds a folder of the repository from here, in the sources (src/lib) and in the bundle (dist). */
function findUp(relative: string): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, relative);
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

export type StaticWebFolders = {
  /** The built web app (Vite's dist). Without it, only demo media are served. */
  webDistDir?: string;
  /** The web app's server render (its dist-server, decision 050). Without it, no page is painted first. */
  serverBuildDir?: string;
  /** `apps/api/assets`: demo media are its `demo/` folder, served at /media/demo/. */
  assetsDir?: string;
};

/** Where the folders are in a checkout and beside the bundle. */
export const defaultStaticWebFolders: StaticWebFolders = {
  webDistDir: findUp('apps/web/dist') ?? findUp('web/dist'),
  serverBuildDir: findUp('apps/web/dist-server') ?? findUp('web/dist-server'),
  assetsDir: findUp('apps/api/assets') ?? findUp('assets'),
};

const YEAR = 'public, max-age=31536000, immutable';
const HTML = 'text/html; charset=UTF-8';

/** What the build writes beside each compressible file over 1 KiB, in our order of preference. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];

/** Same threshold as the build: under 1 KiB compression saves less than the Vary costs caches. */
const COMPRESS_OVER_BYTES = 1024;

/**
 * The encoding to send among those available (in our order of preference), by the client's
 * q-values (RFC 9110 §12.5.3): the highest q wins, `q=0` refuses, `*` stands for any encoding not
 * named, and a tie goes to the earlier (smaller) one. Undefined: send the file as it is.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: readonly Encoding[],
): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepts = parseAccept(acceptEncoding);
  const wildcard = accepts.find((accept) => accept.type === '*')?.q ?? 0;
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of available) {
    const q = accepts.find((accept) => accept.type.toLowerCase() === encoding)?.q ?? wildcard;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/**
 * The file under `root` that a request path names, or undefined when the path is unsafe: anything
 * still percent-encoded after Hono's decoding (an encoded slash or percent), backslashes, NUL,
 * empty or dot segments. The final containment check holds even if those rules miss a case.
 */
function fileUnder(root: string, requestPath: string): string | undefined {
  if (/[%\\\0]/.test(requestPath)) return undefined;
  if (/\/\/|(?:^|\/)\.{1,2}(?:\/|$)/.test(requestPath)) return undefined;
  const file = path.join(root, requestPath);
  return file.startsWith(root + path.sep) ? file : undefined;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Paths that name a file, never a page: a miss there is a 404, because index.html in place of a
 * script, image or robots.txt is a broken asset that looks like a success (and gets cached).
 */
function namesAFile(requestPath: string): boolean {
  if (requestPath.startsWith('/assets/') || requestPath.startsWith('/media/')) return true;
  const lastSegment = requestPath.slice(requestPath.lastIndexOf('/') + 1);
  return /\.[a-z0-9]+$/i.test(lastSegment);
}

/**
 * Spec §2's bare-layout addresses that lead elsewhere now: answered with a permanent redirect (query
 * kept) before the web app loads; the client router redirects them too (decision 016).
 */
export const PERMANENT_WEB_REDIRECTS: Readonly<Record<string, string>> = {
  '/login-2': '/login',
  '/login-3': '/login',
  '/sidebars': '/dashboard',
};

/** The element of index.html the web app renders into, empty as the build writes it. */
const EMPTY_ROOT = '<div id="root"></div>';

/** Written by the web build beside index.html (apps/web/vite.config.ts, `landingPageModules`). */
const PAGE_MODULES_FILE = 'page-modules.json';

const isApiPath = (requestPath: string) => requestPath === '/api' || requestPath.startsWith('/api/');

/** How many visitors' painted pages are kept compressed (first-paint.ts keeps as many paints). */
const VISITOR_PAGES_KEPT = 16;

/** A plain 404: not the web app, so a missing file never arrives as a 200 page. */
const notFound = (c: Context) => c.text('Not found.', 404);

/**
 * The web build's list of each landing page's modules (decision 049), or none: a build without it (an
 * older one, a test's) gets its pages without module preloads, which only makes them slower.
 */
function readPageModules(root: string): PageModules {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path.join(root, PAGE_MODULES_FILE), 'utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as PageModules) : {};
  } catch {
    return {};
  }
}

/** index.html and its compressed forms, made once at start (the build's siblings could be stale). */
function loadIndexHtml(root: string) {
  const identity = new Uint8Array(readFileSync(path.join(root, 'index.html')));
  const compressed: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>> =
    identity.length > COMPRESS_OVER_BYTES
      ? {
          br: new Uint8Array(brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })),
          gzip: new Uint8Array(gzipSync(identity, { level: 9 })),
        }
      : {};
  const text = Buffer.from(identity).toString('utf8');
  // Where a page's answers go: the end of the head, read before the (deferred) module scripts run.
  const answersAt = text.indexOf('</head>');
  // Where a page's first paint goes (decision 050): inside the element the app renders into.
  const paintAt = text.indexOf(EMPTY_ROOT) + EMPTY_ROOT.indexOf('</div>');
  const pageModules = readPageModules(root);
  return {
    identity,
    compressed,
    available: ENCODINGS.map((e) => e.name).filter((e) => compressed[e]),
    /**
     * Whether the server paints `pagePath` first for a signed-in user or a visitor: the landing pages
     * the build lists (decision 049), each for the one or the other (decision 050).
     */
    paintsFirst: (pagePath: string, signedIn: boolean) =>
      Object.hasOwn(pageModules, pagePath) &&
      paintAt > answersAt &&
      (pageModules[pagePath]?.paintFor === 'visitors') !== signedIn,
    withAnswers: (pagePath: string, answers: PageAnswers, firstPaint = '') => {
      if (answersAt < 0) return text;
      const head = text.slice(0, answersAt) + pageHeadElements(pagePath, answers, pageModules, !!firstPaint);
      if (!firstPaint || paintAt <= answersAt) return head + text.slice(answersAt);
      return head + text.slice(answersAt, paintAt) + firstPaint + text.slice(paintAt);
    },
  };
}

/**
 * A page made for one request (index.html with its answers) is compressed as it is sent: brotli at a
 * quality that costs well under a millisecond for a few kilobytes, gzip for clients without it.
 */
function compressedNow(html: string, encoding: Encoding): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.from(html, 'utf8');
  return new Uint8Array(
    encoding === 'br'
      ? brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(bytes, { level: 6 }),
  );
}

export type StaticWebOptions = {
  /**
   * The answers to send inside a page for this request (lib/page-answers.ts, decision 048), or
   * undefined for the plain index.html.
   */
  pageAnswers?: (c: Context) => Promise<PageAnswers | undefined>;
  /**
   * The markup of a landing page drawn from its answers (lib/first-paint.ts, decision 050), or
   * undefined to send the page without it.
   */
  firstPaint?: (c: Context, answers: PageAnswers) => Promise<string | undefined>;
};

/**
 * Serves demo media, the built web app (hashed assets cached for a year; files sent pre-compressed
 * when the build wrote .br/.gz siblings and the client accepts them; HTML always revalidated) and
 * index.html for client routes. Misses of anything that names a file are a plain 404.
 * Mount it after the API routes: it answers every other GET.
 */
export function mountStaticWeb<E extends Env, S extends Schema, B extends string>(
  app: Hono<E, S, B>,
  folders: StaticWebFolders = defaultStaticWebFolders,
  options: StaticWebOptions = {},
) {
  for (const [from, to] of Object.entries(PERMANENT_WEB_REDIRECTS)) {
    app.get(from, (c) => {
      const query = new URL(c.req.url).search;
      return c.redirect(`${to}${query}`, 301);
    });
  }
  if (folders.assetsDir) {
    const demoMedia = serveStatic({
      root: path.join(folders.assetsDir, 'demo'),
      rewriteRequestPath: (requestPath) => requestPath.replace(/^\/media\/demo/, ''),
    });
    app.use('/media/demo/*', async (c, next) => {
      const response = await demoMedia(c, async () => {});
      if (!response) return next();
      // On the answer itself: serveStatic's onFound runs after the response is built.
      response.headers.set('Cache-Control', 'public, max-age=86400');
      return response;
    });
  }
  if (!folders.webDistDir) return;
  const root = path.resolve(folders.webDistDir);
  const index = loadIndexHtml(root);

  const sendIndex = async (c: Context) => {
    const answers = await options.pageAnswers?.(c);
    if (answers) return sendPageWithAnswers(c, answers);
    // A visitor's page is painted only at its plain address: the same for every visitor (first-paint.ts
    // keeps it), where a query (`?redirect=…`) would make each address a render of its own.
    const firstPaint =
      index.paintsFirst(c.req.path, false) && new URL(c.req.url).search === ''
        ? await options.firstPaint?.(c, {})
        : undefined;
    if (firstPaint) return sendVisitorPage(c, firstPaint);
    c.header('Cache-Control', 'no-cache');
    if (index.available.length) c.header('Vary', 'Accept-Encoding', { append: true });
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'), index.available);
    const body = encoding ? index.compressed[encoding] : undefined;
    if (encoding && body) c.header('Content-Encoding', encoding);
    c.header('Content-Type', HTML);
    return c.body(body ?? index.identity, 200);
  };

  const sendPageWithAnswers = async (c: Context, answers: PageAnswers) => {
    const firstPaint = index.paintsFirst(c.req.path, true)
      ? await options.firstPaint?.(c, answers)
      : undefined;
    // One person's data: never kept by a shared cache, nor on the browser's disk.
    return sendMadePage(c, index.withAnswers(c.req.path, answers, firstPaint), 'private, no-store');
  };

  // A visitor's painted page is the same for every visitor while its paint is (first-paint.ts keeps
  // the paint, so the same string comes back): compressed once per paint, not per request.
  const visitorPages = new Map<string, Map<string, Uint8Array<ArrayBuffer>>>();
  const sendVisitorPage = (c: Context, firstPaint: string) => {
    let bodies = visitorPages.get(firstPaint);
    if (!bodies) {
      bodies = new Map();
      visitorPages.set(firstPaint, bodies);
      // As many as first-paint.ts keeps paints; the oldest goes first.
      const oldest = visitorPages.keys().next().value;
      if (visitorPages.size > VISITOR_PAGES_KEPT && oldest !== undefined) visitorPages.delete(oldest);
    }
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'), ['br', 'gzip']) ?? 'identity';
    // By page and encoding: the page's head names its own stylesheets.
    const key = `${c.req.path} ${encoding}`;
    let body = bodies.get(key);
    if (!body) {
      const html = index.withAnswers(c.req.path, {}, firstPaint);
      body =
        encoding === 'identity' ? new Uint8Array(Buffer.from(html, 'utf8')) : compressedNow(html, encoding);
      bodies.set(key, body);
    }
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Encoding', { append: true });
    if (encoding !== 'identity') c.header('Content-Encoding', encoding);
    c.header('Content-Type', HTML);
    return c.body(body, 200);
  };

  /** index.html made for this request (answers, a first paint), compressed as it is sent. */
  const sendMadePage = (c: Context, html: string, cacheControl: string) => {
    c.header('Cache-Control', cacheControl);
    c.header('Vary', 'Accept-Encoding', { append: true });
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'), ['br', 'gzip']);
    if (encoding) c.header('Content-Encoding', encoding);
    c.header('Content-Type', HTML);
    return c.body(encoding ? compressedNow(html, encoding) : html, 200);
  };

  const sendFile = async (c: Context, file: string) => {
    const contentType = getMimeType(file) ?? 'application/octet-stream';
    const available = COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType)
      ? ENCODINGS.filter(({ suffix }) => isFile(file + suffix)).map(({ name }) => name)
      : [];
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'), available);
    const suffix = ENCODINGS.find(({ name }) => name === encoding)?.suffix ?? '';
    // Caches must keep each encoding apart, including the uncompressed answer.
    if (available.length) c.header('Vary', 'Accept-Encoding', { append: true });
    if (encoding) c.header('Content-Encoding', encoding);
    if (contentType.startsWith('text/html')) c.header('Cache-Control', 'no-cache');
    else if (c.req.path.startsWith('/assets/')) c.header('Cache-Control', YEAR);
    // Unhashed public files (favicon, partner logos) may change with a release: an hour, then revalidate.
    else c.header('Cache-Control', 'public, max-age=3600');
    // serveStatic streams the chosen file (HEAD and Range included) but names the type after the
    // .br/.gz it sends, so the original's type is put back on its answer.
    const response = await serveStatic({ path: file + suffix })(c, async () => {});
    if (!response) {
      // Removed between our look and serveStatic's: nothing of this answer applies any more.
      c.header('Content-Encoding', undefined);
      c.header('Cache-Control', undefined);
      return notFound(c);
    }
    response.headers.set('Content-Type', contentType);
    return response;
  };

  app.get('*', async (c, next) => {
    const requestPath = c.req.path;
    if (isApiPath(requestPath)) return next();
    if (requestPath === '/' || requestPath === '/index.html') return sendIndex(c);
    // An unsafe path is never looked up, but may still be a client route.
    const file = fileUnder(root, requestPath);
    if (file && isFile(file)) return sendFile(c, file);
    return namesAFile(requestPath) ? notFound(c) : sendIndex(c);
  });
}
