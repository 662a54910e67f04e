import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './context.ts';

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

export const webDistDir = findUp('apps/web/dist') ?? findUp('web/dist');
export const assetsDir = findUp('apps/api/assets') ?? findUp('assets');

const YEAR = 'public, max-age=31536000, immutable';

/**
 * Serves demo media, the built web app (hashed assets cached for a year, served pre-compressed
 * when the build wrote .br/.gz files) and falls back to index.html for client routes.
 */
export function mountStaticWeb(app: Hono<AppEnv>) {
  if (assetsDir) {
    app.use(
      '/media/demo/*',
      serveStatic({
        root: path.join(assetsDir, 'demo'),
        rewriteRequestPath: (requestPath) => requestPath.replace(/^\/media\/demo/, ''),
        onFound: (_path, c) => c.header('cache-control', 'public, max-age=86400'),
      }),
    );
  }
  if (!webDistDir) return;
  const root = webDistDir;
  app.use(
    '/assets/*',
    serveStatic({ root, precompressed: true, onFound: (_path, c) => c.header('cache-control', YEAR) }),
  );
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api/') || c.req.path === '/api') return next();
    return serveStatic({ root, precompressed: true })(c, next);
  });
  const indexHtml = readFileSync(path.join(root, 'index.html'), 'utf8');
  app.get('*', (c, next) => {
    if (c.req.path.startsWith('/api/') || c.req.path === '/api') return next();
    c.header('cache-control', 'no-cache');
    return c.html(indexHtml);
  });
}
