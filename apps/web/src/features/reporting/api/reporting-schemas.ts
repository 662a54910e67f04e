/**
 * The two reports' answer schemas, loaded with `import()` beside each call (reporting.ts): the
 * dashboard's key figures ask for the listing performance on its first paint, and a module there may
 * not bring Zod and reporting.ts's schemas (decision 044, seventh pass).
 */
export { buyerFeedbackAnswerSchema, listingPerformanceAnswerSchema } from '@offplan/shared';
