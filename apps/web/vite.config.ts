import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { type BuildEnvironmentOptions, defineConfig, type Plugin, type ProxyOptions } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiOrigin = 'http://127.0.0.1:3000';
const devPort = 5173;
const devOrigins = new Set([`http://localhost:${devPort}`, `http://127.0.0.1:${devPort}`]);

/**
 * The dev server is the API's front door in development, so a call from the app's own dev origin is
 * relayed as if made on the API's origin (better-auth and the CSRF check trust only that one).
 * Calls from any other origin pass through unchanged and are refused as usual.
 */
const proxyToApi: ProxyOptions = {
  target: apiOrigin,
  changeOrigin: true,
  configure: (proxy) => {
    proxy.on('proxyReq', (proxyRequest, request) => {
      if (request.headers.origin && devOrigins.has(request.headers.origin)) {
        proxyRequest.setHeader('origin', apiOrigin);
      }
    });
  },
};

/** Paths are absolute so the config works whether Vite starts from the repo root or from apps/web. */
export const routerPluginOptions = {
  target: 'react',
  routesDirectory: `${webRoot}src/routes`,
  generatedRouteTree: `${webRoot}src/routeTree.gen.ts`,
  // Keeps the generator's scratch files out of the working tree.
  tmpDir: `${webRoot}node_modules/.tanstack/tmp`,
  // Tests live next to code; never let one become a route.
  routeFileIgnorePattern: '\\.test\\.tsx?$',
} as const;

/**
 * @offplan/shared is one barrel of zod schemas built at module top level, which a bundler must keep as
 * side effects: importing one constant brought every schema (and libphonenumber's metadata) onto the
 * first page. Its modules only declare things, so one is bundled only where something of it is used.
 */
const sharedSchemasWithoutSideEffects: Plugin = {
  name: 'offplan-shared-without-side-effects',
  transform(_code, id) {
    if (id.includes('/packages/shared/src/')) return { moduleSideEffects: false };
    return undefined;
  },
};

/**
 * The modules a signed-in landing page asks for late on its way to the first paint (decision 049): the
 * schemas its first answers are checked with, which load only once the session check and the route's
 * loader run, each a round trip after the route chunks. Not the route chunks themselves: named in the
 * page (~75 files) they compete with the first chunk and the dashboard's LCP got worse (1.27–1.52 s
 * against 1.23–1.26 s, three rounds of seven loads). A page is painted for signed-in users, or with
 * `paintFor: 'visitors'` for visitors only (it needs no one's answers).
 */
const LANDING_PAGES: Record<string, { modules: string[]; routes: string[]; paintFor?: 'visitors' }> = {
  '/dashboard': {
    modules: ['src/lib/session-schema.ts', 'src/features/projects/api/user-projects-schema.ts'],
    // The routes the page draws: the server paints them (decision 050), so their stylesheets must be
    // in the page's head, not added once their scripts have run.
    routes: ['src/routes/_main.tsx', 'src/routes/_main/dashboard.tsx'],
  },
  // The sign-in page, painted for visitors (decision 050): drawn from the site's settings alone.
  '/login': {
    modules: [],
    routes: ['src/routes/_auth.tsx', 'src/routes/_auth/login.tsx'],
    paintFor: 'visitors',
  },
};

/** Where the build lists them, beside index.html: read by the API (apps/api/src/lib/static-web.ts). */
const PAGE_MODULES_FILE = 'page-modules.json';

/**
 * Writes, for each landing page, the files of its modules' chunks and every chunk they import
 * statically (the first chunk aside: the page loads it anyway), with their stylesheets. The server
 * names them in that page's HTML as preloads, so they download while the first chunk runs. Also the
 * stylesheets of the chunks drawing its routes (`paintStyles`), which a page the server painted links.
 */
const landingPageModules: Plugin = {
  name: 'offplan-landing-page-modules',
  // The browser's build only: the server's first-paint build (decision 050) has no pages to list.
  apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
    const byModule = new Map(
      chunks.flatMap((chunk) =>
        chunk.facadeModuleId ? [[path.relative(webRoot, chunk.facadeModuleId), chunk] as const] : [],
      ),
    );
    const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    /** The chunk files of `fileNames` and all they import statically, the first chunk aside. */
    const withImports = (fileNames: string[]) => {
      const files = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = byFile.get(fileName);
        if (!chunk || chunk.isEntry || files.has(fileName)) return;
        files.add(fileName);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const fileName of fileNames) visit(fileName);
      return [...files];
    };
    const stylesOf = (files: string[]) => [
      ...new Set(files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])])),
    ];
    const chunkOf = (module: string, page: string) => {
      const chunk = byModule.get(module);
      if (!chunk) this.error(`${PAGE_MODULES_FILE}: no chunk for ${module} (${page}); was it renamed?`);
      return chunk.fileName;
    };
    const pages: Record<
      string,
      { scripts: string[]; styles: string[]; paintStyles: string[]; paintFor?: 'visitors' }
    > = {};
    for (const [page, { modules, routes, paintFor }] of Object.entries(LANDING_PAGES)) {
      const files = withImports(modules.map((module) => chunkOf(module, page)));
      // The router splits each route's component into a module of its own (autoCodeSplitting).
      const routeFiles = withImports(routes.map((route) => chunkOf(`${route}?tsr-split=component`, page)));
      pages[page] = {
        scripts: files.map((file) => `/${file}`),
        styles: stylesOf(files).map((file) => `/${file}`),
        paintStyles: stylesOf(routeFiles).map((file) => `/${file}`),
        ...(paintFor && { paintFor }),
      };
    }
    this.emitFile({
      type: 'asset',
      fileName: PAGE_MODULES_FILE,
      source: `${JSON.stringify(pages, null, 2)}\n`,
    });
  },
};

/** The browser's build: dist/, served by the API. */
const browserBuild: BuildEnvironmentOptions = {
  outDir: `${webRoot}dist`,
  emptyOutDir: true,
  assetsDir: 'assets',
  rolldownOptions: {
    output: {
      // Everything the entry imports statically is downloaded on every first visit anyway: one file,
      // instead of some forty small chunks queuing for the browser's six connections (issue 21).
      codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
    },
  },
};

/**
 * The server's first-paint build (`vite build --ssr src/entry-server.tsx`, decision 050): React,
 * Mantine and the router bundled in (`ssr.noExternal`), built for production; the routes stay split,
 * so the API loads only the modules of the pages it paints.
 */
const serverBuild: BuildEnvironmentOptions = {
  outDir: `${webRoot}dist-server`,
  emptyOutDir: true,
  copyPublicDir: false,
};

export default defineConfig(({ isSsrBuild }) => ({
  root: webRoot,
  plugins: [
    tanstackRouter({
      ...routerPluginOptions,
      autoCodeSplitting: true,
      // The router's default leaves loaders and pending components in the first bundle, and with them
      // every feature module they import. Routes whose loader only starts a call keep theirs there
      // (codeSplitGroupings in the route), so the call does not wait for a chunk.
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader'],
          ['component'],
          ['pendingComponent', 'errorComponent', 'notFoundComponent'],
        ],
      },
    }),
    react(),
    sharedSchemasWithoutSideEffects,
    landingPageModules,
  ],
  server: {
    port: devPort,
    strictPort: true,
    // The API serves the built app from one origin; in development Vite stands in front of it.
    proxy: { '/api': proxyToApi, '/media': proxyToApi },
  },
  preview: { port: 4173 },
  ssr: { noExternal: true },
  // The server's build runs React's production code whatever NODE_ENV the API starts with.
  ...(isSsrBuild && { define: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  build: isSsrBuild ? serverBuild : browserBuild,
}));
