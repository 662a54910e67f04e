import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
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

/** nosniff, no framing, strict referrer, and a content security policy on every answer. */
export function securityHeaders(imageOrigins: readonly string[] = []) {
  const appPolicy = contentSecurityPolicy(imageOrigins);
  // The API reference page configures its (self-hosted) script inline.
  const docsPolicy = appPolicy.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");
  return [
    secureHeaders({
      crossOriginEmbedderPolicy: false,
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
    }),
    createMiddleware<AppEnv>(async (c, next) => {
      await next();
      // On the answer's own headers, as secureHeaders does: `c.header` on a finished answer rebuilds it
      // as a streamed undici Response, and @hono/node-server then loses its direct write (the cached
      // public page paid ~18% of its time for that).
      c.res.headers.set('content-security-policy', c.req.path === '/api/docs' ? docsPolicy : appPolicy);
    }),
  ] as const;
}
