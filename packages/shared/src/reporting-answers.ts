import { z } from 'zod';
import { CALENDAR_GRANULARITIES, PERFORMANCE_FIGURES } from './enums.ts';

/**
 * The listing-performance report's answer (issue 17, design §4), apart from the rest of reporting.ts:
 * the dashboard's key figures read it on its first page, and loading this module builds only its
 * schemas, not the report queries', the listing events', the feedback form's and answer's (decision
 * 044, seventh pass).
 */

// ---------------------------------------------------------------------------------------------------
// Listing performance answer

/** The figures of design §4, for a range, a period of a series, or one project. */
export const performanceFiguresSchema = z.object({
  pageViews: z.number().int(),
  /** Distinct visitors over the whole range (a HyperLogLog estimate, within 2%), never a sum of days. */
  uniqueVisitors: z.number().int(),
  enquiries: z.number().int(),
  /** Enquiries per page view, as a fraction (0.034 = 3.4%); null without views. */
  conversion: z.number().nullable(),
  brochureDownloads: z.number().int(),
  floorplanViews: z.number().int(),
  phoneReveals: z.number().int(),
  videoPlays: z.number().int(),
  galleryOpens: z.number().int(),
});
export type PerformanceFigures = z.infer<typeof performanceFiguresSchema>;
export type PerformanceFigure = keyof PerformanceFigures;

/** Median and quartiles of one figure over the comparable projects (each project's total for the range). */
export const quartilesSchema = z.object({ q1: z.number(), median: z.number(), q3: z.number() });

/**
 * Anonymised benchmark for projects of one group (same state, project type and campaign type): only
 * when at least BENCHMARK_MIN_PROJECTS other projects are in the group; never names one of them.
 */
export const benchmarkSchema = z.object({
  state: z.string(),
  projectType: z.string().nullable(),
  campaignType: z.string(),
  /** The selected projects this group covers. */
  projectIds: z.array(z.number().int()),
  /** Other projects in the group; figures is null when fewer than BENCHMARK_MIN_PROJECTS. */
  comparableProjects: z.number().int(),
  figures: z.record(z.enum(PERFORMANCE_FIGURES), quartilesSchema).nullable(),
});
export type Benchmark = z.infer<typeof benchmarkSchema>;

export const listingPerformanceAnswerSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  period: z.enum(CALENDAR_GRANULARITIES),
  /** The range of the same length just before, which `previous` covers. */
  previousStartDate: z.string(),
  previousEndDate: z.string(),
  totals: performanceFiguresSchema,
  previous: performanceFiguresSchema,
  /** One entry per period (its first day, YYYY-MM-DD; weeks start on Monday), zeros included. */
  series: z.array(performanceFiguresSchema.extend({ periodStart: z.string() })),
  /** Every covered project, most page views first. */
  byProject: z.array(performanceFiguresSchema.extend({ projectId: z.number().int(), title: z.string() })),
  benchmarks: z.array(benchmarkSchema),
});
export type ListingPerformanceAnswer = z.infer<typeof listingPerformanceAnswerSchema>;
