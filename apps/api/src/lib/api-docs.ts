import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import {
  LEAD_WEBHOOK_EVENT,
  leadWebhookSchema,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOK_TIMEOUT_SECONDS,
} from '@offplan/shared';
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
 * Decision 029: what the portal POSTs to a CRM webhook destination, documented under the document's
 * `webhooks` (OpenAPI 3.1) so a CRM's developer reads the payload and the signature beside the lead API.
 */
function registerLeadWebhook(app: OpenAPIHono<AppEnv>) {
  app.openAPIRegistry.registerWebhook({
    method: 'post',
    path: LEAD_WEBHOOK_EVENT,
    tags: ['CRM'],
    summary: 'A new lead, sent to each webhook destination that routes its project',
    description: [
      'Signed per Standard Webhooks (https://www.standardwebhooks.com): `webhook-signature` is `v1,` + base64',
      'HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the secret (`whsec_…`, base64 after the',
      `prefix). For ${WEBHOOK_SECRET_OVERLAP_HOURS} h after a rotation a second, space-separated signature`,
      'is made with the previous secret. `webhook-id` is the same on every retry of one lead to one',
      `destination: use it to ignore repeats. Answer any 2xx within ${WEBHOOK_TIMEOUT_SECONDS} s; anything`,
      'else (a redirect too) is retried for about three days; 410 Gone disables the destination.',
    ].join(' '),
    request: {
      headers: z.object({
        'webhook-id': z.string().openapi({ example: 'msg_2b1c8a0e4f6d4c5b9a7e3d2c1b0a9f8e' }),
        'webhook-timestamp': z.string().openapi({ description: 'Seconds since 1970', example: '1767225600' }),
        'webhook-signature': z
          .string()
          .openapi({ example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=' }),
      }),
      body: { content: { 'application/json': { schema: leadWebhookSchema } } },
    },
    responses: {
      200: { description: 'Any 2xx: delivered' },
      410: { description: 'Gone: the destination is disabled and its owners are told' },
    },
  });
}

/**
 * GET /api/openapi.json: our routes' document plus better-auth's own endpoints (from its openAPI
 * plugin, re-rooted under /api/auth); GET /api/docs: a readable reference of it.
 */
export function mountApiDocs(app: OpenAPIHono<AppEnv>, productName: string) {
  const title = `${productName} Portal API`;
  registerLeadWebhook(app);
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
