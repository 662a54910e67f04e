import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiOrigin = 'http://127.0.0.1:3000';

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

export default defineConfig({
  root: webRoot,
  plugins: [tanstackRouter({ ...routerPluginOptions, autoCodeSplitting: true }), react()],
  server: {
    port: 5173,
    // The API serves the built app from one origin; in development Vite stands in front of it.
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: true },
      '/media': { target: apiOrigin, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: `${webRoot}dist`,
    emptyOutDir: true,
    assetsDir: 'assets',
  },
});
