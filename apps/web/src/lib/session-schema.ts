/**
 * The session answer's schema, for `fetchSession` (auth-client.ts) to load with `import()` when a
 * session comes back: a signed-out visitor of the sign-in page never loads Zod (decision 044).
 */
export { authSessionSchema } from '@offplan/shared';
