/**
 * The buyer-feedback answer's schema, loaded with `import()` beside its call (reporting.ts), apart
 * from the listing performance's: the dashboard's key figures need only that one (decision 044).
 */
export { buyerFeedbackAnswerSchema } from '@offplan/shared';
