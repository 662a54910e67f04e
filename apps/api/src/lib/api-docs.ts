import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { Scalar } from '@scalar/hono-api-reference';
import { AUTH_BASE_PATH } from '../auth.ts';
import type { AppEnv } from './context.ts';

const SCALAR_BUNDLE_PATH = '/api/docs/scalar.js';

/** Scalar's browser bundle, served from our own origin: no third-party script runs beside the portal. */
function scalarBundle(): string {
  const entry = createRequire(import.meta.url).resolve('@scalar/api-reference');
  return readFileSync(path.join(path.dirname(entry), 'browser', 'standalone.js'), 'utf8');
}

type OpenApiDocument = {
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown> };
};

/**
 * GET /api/openapi.json: our routes' document plus better-auth's own endpoints (from its openAPI
 * plugin, re-rooted under /api/auth); GET /api/docs: a readable reference of it.
 */
export function mountApiDocs(app: OpenAPIHono<AppEnv>, productName: string) {
  const title = `${productName} Portal API`;
  let document: OpenApiDocument | undefined;
  app.get('/api/openapi.json', async (c) => {
    if (!document) {
      const own = app.getOpenAPI31Document({
        openapi: '3.1.0',
        info: {
          title,
          version: '1.0.0',
          description: 'Every failure answers `{error: {code, message, fields?}}`.',
        },
      }) as OpenApiDocument;
      const auth = (await c.get('deps').auth.api.generateOpenAPISchema()) as OpenApiDocument;
      const authPaths = Object.fromEntries(
        Object.entries(auth.paths ?? {}).map(([route, item]) => [`${AUTH_BASE_PATH}${route}`, item]),
      );
      document = {
        ...own,
        paths: { ...own.paths, ...authPaths },
        components: {
          ...own.components,
          schemas: { ...auth.components?.schemas, ...own.components?.schemas },
        },
      };
    }
    return c.json(document);
  });

  let bundle: string | undefined;
  app.get(SCALAR_BUNDLE_PATH, (c) => {
    bundle ??= scalarBundle();
    c.header('content-type', 'text/javascript; charset=utf-8');
    c.header('cache-control', 'public, max-age=86400');
    return c.body(bundle);
  });
  app.get('/api/docs', Scalar({ url: '/api/openapi.json', pageTitle: title, cdn: SCALAR_BUNDLE_PATH }));
}
