import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../lib/context.ts';

const APP_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine injects its style tags at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

// The API reference page configures its (self-hosted) script inline.
const DOCS_POLICY = APP_POLICY.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");

/** nosniff, no framing, strict referrer, and a content security policy on every answer. */
export const securityHeaders = [
  secureHeaders({
    crossOriginEmbedderPolicy: false,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
  }),
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    c.header('content-security-policy', c.req.path === '/api/docs' ? DOCS_POLICY : APP_POLICY);
  }),
] as const;
