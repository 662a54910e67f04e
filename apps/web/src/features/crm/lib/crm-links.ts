/**
 * The API's readable reference (apps/api/src/lib/api-docs.ts mounts it): a page the browser opens,
 * not a call through apiRequest, so API_PATHS (the calls' paths) has no entry for it.
 */
export const API_DOCS_PATH = '/api/docs';
