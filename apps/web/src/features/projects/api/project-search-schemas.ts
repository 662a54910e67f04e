/**
 * The project search and lookup answers' schemas, loaded with `import()` beside each call
 * (project-search.ts): the dashboard's page imports the search, and a module on its first paint may
 * not bring Zod and projects.ts's schemas (decision 044, seventh pass).
 */
export { projectLookupResponseSchema, projectSearchResponseSchema } from '@offplan/shared';
