import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { routerPluginOptions } from './vite.config.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** The web project of the root Vitest workspace (`vitest --project web`). */
export default defineProject({
  root: webRoot,
  // The router plugin (re)generates src/routeTree.gen.ts, which route tests import.
  plugins: [tanstackRouter({ ...routerPluginOptions, autoCodeSplitting: false }), react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
  },
});
