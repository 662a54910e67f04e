import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

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

export default defineConfig({
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
  ],
  server: {
    port: devPort,
    strictPort: true,
    // The API serves the built app from one origin; in development Vite stands in front of it.
    proxy: { '/api': proxyToApi, '/media': proxyToApi },
  },
  preview: { port: 4173 },
  build: {
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
  },
});
