import { z } from 'zod';

/**
 * Zod compiles object schemas with `new Function` where it may, and finds out by trying once. The
 * portal's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') refuses that try, and the
 * browser reports the refusal as a CSP issue on every page (Lighthouse best practices). Zod's plain
 * parser does the same work without generated code: the app asks for it before anything is parsed.
 */
z.config({ jitless: true });
