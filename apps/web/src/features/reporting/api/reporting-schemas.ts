/**
 * The listing-performance answer's schema (packages/shared reporting-answers.ts), loaded with
 * `import()` beside each call (reporting.ts): the dashboard's key figures ask for it on its first
 * paint, and a module there may not bring Zod (decision 044, seventh pass).
 */
export { listingPerformanceAnswerSchema } from '@offplan/shared';
