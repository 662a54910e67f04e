/**
 * Zod compiles object schemas with `new Function` where it may, and finds out by trying once. The
 * portal's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') refuses that try, and the
 * browser reports the refusal as a CSP issue on every page (Lighthouse best practices). Zod's plain
 * parser does the same work without generated code: the app asks for it before any schema is built.
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig` (one object, so that copies of Zod share
 * them) and reads `jitless` when a schema is built; setting it there is what `z.config({ jitless: true })`
 * does, without importing Zod: the first page builds no schema and loads none of Zod's code
 * (decision 044). zod-config.test.ts checks that Zod reads it.
 */
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

const zodGlobal = globalThis as ZodGlobal;
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
