/**
 * GET /api/user-projects' schema, loaded with `import()` beside the call (user-projects.ts): the
 * frame's loader, in the first bundle, starts the call, and the first bundle holds no schema
 * (decision 044).
 */
export { userProjectsResponseSchema } from '@offplan/shared';
