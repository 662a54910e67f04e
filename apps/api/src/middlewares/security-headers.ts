import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Settings } from '../env.ts';
import type { AppEnv } from '../lib/context.ts';

/**
 * The content security policy of the app. `imageOrigins` are the extra origins images may come from:
 * the object-storage bucket's public address when listing media live there (lib/media-storage.ts).
 */
export function contentSecurityPolicy(imageOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine injects its style tags at run time.
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageOrigins].join(' '),
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * What hono/secure-headers sends with `crossOriginEmbedderPolicy: false`, `xFrameOptions: 'DENY'` and
 * `referrerPolicy: 'strict-origin-when-cross-origin'` (security-headers.test.ts compares the two).
 */
export const SECURE_HEADERS: readonly (readonly [string, string])[] = [
  ['cross-origin-resource-policy', 'same-origin'],
  ['cross-origin-opener-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['strict-transport-security', 'max-age=15552000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'DENY'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

/** Origins images may come from besides the portal: the bucket's public address when listing media live in S3. */
export function imageOriginsOf(settings: Pick<Settings, 'listings'>): string[] {
  const s3 = settings.listings.s3;
  return s3 ? [new URL(s3.publicUrl).origin] : [];
}

/** The headers every answer of the app carries, its content security policy last. */
export function appSecurityHeaders(
  imageOrigins: readonly string[] = [],
): readonly (readonly [string, string])[] {
  return [...SECURE_HEADERS, ['content-security-policy', contentSecurityPolicy(imageOrigins)]];
}

/** The Node response of a request served by @hono/node-server; none for in-process calls (tests). */
export function nodeResponseOf(c: Context): ServerResponse | undefined {
  return (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
}

/**
 * nosniff, no framing, strict referrer, and a content security policy on every answer. An answer that
 * sets one of these headers itself keeps its own value (the feedback page's `same-origin`).
 *
 * Served over HTTP, the headers go on Node's response before the handler runs: Node merges them with
 * the answer's own when it writes the head. Setting them on the answer after the handler instead turned
 * each answer's plain header object into an undici `Headers` (about 11 validated `set`s, then copied
 * back into an object by @hono/node-server): a tenth of a `/healthz` request's time (decision 045).
 */
export function securityHeaders(imageOrigins: readonly string[] = []) {
  const appHeaders = appSecurityHeaders(imageOrigins);
  // The API reference page configures its (self-hosted) script inline.
  const docsHeaders = appHeaders.map(([name, value]) =>
    name === 'content-security-policy'
      ? ([name, value.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")] as const)
      : ([name, value] as const),
  );
  return createMiddleware<AppEnv>(async (c, next) => {
    const headers = c.req.path === '/api/docs' ? docsHeaders : appHeaders;
    const outgoing = nodeResponseOf(c);
    if (outgoing) {
      for (const [name, value] of headers) outgoing.setHeader(name, value);
      return next();
    }
    await next();
    // In process there is no Node response: on the answer's own headers (`c.header` on a finished
    // answer would rebuild it as a streamed Response).
    for (const [name, value] of headers) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  });
}
