import { z } from 'zod';
import { REPORTING_MIN_START_DATE } from './constants.ts';
import { BUYER_TYPES, CALENDAR_GRANULARITIES, STAGES, STAR_RATING_MAX } from './enums.ts';
import type { PerformanceFigure } from './reporting-answers.ts';
import { multilineText, text } from './text.ts';

/**
 * Reporting (issue 17, design §4, decision 028): listing events the public listing page sends, the
 * listing-performance and buyer-feedback reports, and the buyer's feedback form. One contract for the
 * tracker, the API, the web, the demo data and the benchmark. The listing-performance answer is
 * reporting-answers.ts.
 */

// ---------------------------------------------------------------------------------------------------
// Listing events (the public listing page's first-party tracker)

/** What a visitor does on a public listing page. Enquiries are counted from leads, not from events. */
export const LISTING_EVENT_KINDS = [
  'page_view',
  'brochure_download',
  'floorplan_view',
  'phone_reveal',
  'video_play',
  'gallery_open',
] as const;
export type ListingEventKind = (typeof LISTING_EVENT_KINDS)[number];

export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** Most events one batch may carry; a page sends a few at a time. */
export const LISTING_EVENT_BATCH_MAX = 50;
/** Largest batch body, in bytes. */
export const LISTING_EVENT_BODY_MAX = 16 * 1024;
/** Events counted per client address per minute; past it a batch is answered 429 and not stored. */
export const LISTING_EVENTS_PER_ADDRESS_PER_MINUTE = 600;

/** A random id the page keeps in the visitor's browser storage: no personal data. */
const visitorIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'visitorId must be 16 to 64 letters, digits, - or _');
const shortText = (max: number) => text().max(max).optional();

export const listingEventSchema = z.strictObject({
  kind: z.enum(LISTING_EVENT_KINDS),
  projectId: z.number().int().positive(),
});
export type ListingEventInput = z.infer<typeof listingEventSchema>;

/** One batch from one page view: the visitor, where they came from, and what they did. */
export const listingEventBatchSchema = z.strictObject({
  visitorId: visitorIdSchema,
  /** `document.referrer`; only its host is kept. */
  referrer: shortText(2000),
  utmSource: shortText(200),
  utmMedium: shortText(200),
  utmCampaign: shortText(200),
  events: z.array(listingEventSchema).min(1).max(LISTING_EVENT_BATCH_MAX),
});
export type ListingEventBatch = z.infer<typeof listingEventBatchSchema>;

/** 202: `stored` events were kept; the rest were left out (a bot, a portal user, an unknown listing). */
export const listingEventAnswerSchema = z.object({ stored: z.number().int() });
export type ListingEventAnswer = z.infer<typeof listingEventAnswerSchema>;

// ---------------------------------------------------------------------------------------------------
// Report queries

/** The longest range one report covers. */
export const REPORTING_MAX_RANGE_YEARS = 5;
/** A benchmark is shown only when at least this many other comparable projects exist. */
export const BENCHMARK_MIN_PROJECTS = 5;
/** Projects one report may name; without ids, the report covers every project the user may see. */
export const REPORTING_MAX_PROJECTS = 200;

export const REPORTING_MESSAGES = {
  startTooEarly: `The start date cannot be before ${REPORTING_MIN_START_DATE}`,
  endBeforeStart: 'The end date must be on or after the start date',
  rangeTooLong: `A report covers at most ${REPORTING_MAX_RANGE_YEARS} years`,
  badDate: 'Enter a date as YYYY-MM-DD',
  projectNotVisible: 'You cannot see one of the chosen projects',
} as const;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, REPORTING_MESSAGES.badDate)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), REPORTING_MESSAGES.badDate);

/** Query-string list of ids: `projectIds=1,2,3` (or the parameter repeated). */
const idList = z.preprocess(
  (value) =>
    value === undefined || value === ''
      ? undefined
      : (Array.isArray(value) ? value : String(value).split(','))
          .map((part) => String(part).trim())
          .filter(Boolean),
  z
    .array(z.coerce.number().int().positive())
    .max(REPORTING_MAX_PROJECTS, `Choose at most ${REPORTING_MAX_PROJECTS} projects`)
    .optional(),
);

function addYears(isoDay: string, years: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
}

/** The range every report takes, checked the same way on the server and in the page's form. */
export const reportRangeSchema = z
  .object({
    startDate: isoDate,
    endDate: isoDate,
    /** Spec §3 calendar granularity; spec §9: month by default. */
    period: z.enum(CALENDAR_GRANULARITIES).default('MONTH'),
  })
  .superRefine((range, ctx) => {
    if (range.startDate < REPORTING_MIN_START_DATE)
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: REPORTING_MESSAGES.startTooEarly });
    if (range.endDate < range.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: REPORTING_MESSAGES.endBeforeStart });
    else if (range.endDate > addYears(range.startDate, REPORTING_MAX_RANGE_YEARS))
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: REPORTING_MESSAGES.rangeTooLong });
  });

export const listingPerformanceQuerySchema = z.intersection(
  reportRangeSchema,
  z.object({
    projectIds: idList,
    /** Spec §3 buyer type; ALL by default. Narrows enquiries (visitors are anonymous). */
    buyerType: z.enum(BUYER_TYPES).default('ALL'),
    /** Construction stage of the projects to include; every stage when absent. */
    constructionStatus: z.enum(STAGES).optional(),
  }),
);
export type ListingPerformanceQuery = z.infer<typeof listingPerformanceQuerySchema>;

// ---------------------------------------------------------------------------------------------------
// Listing performance answer: its schema is reporting-answers.ts (decision 044)

export const PERFORMANCE_FIGURE_LABELS: Record<PerformanceFigure, string> = {
  pageViews: 'Page views',
  uniqueVisitors: 'Unique visitors',
  enquiries: 'Enquiries',
  conversion: 'Conversion',
  brochureDownloads: 'Brochure downloads',
  floorplanViews: 'Floorplan views',
  phoneReveals: 'Phone reveals',
  videoPlays: 'Video plays',
  galleryOpens: 'Gallery opens',
};

// ---------------------------------------------------------------------------------------------------
// Buyer feedback

/** Days a feedback link works; it works once. */
export const FEEDBACK_LINK_DAYS = 30;
export const FEEDBACK_COMMENT_MAX = 2000;

const starRating = z.coerce
  .number({ error: `Choose 0 to ${STAR_RATING_MAX} stars` })
  .int(`Choose 0 to ${STAR_RATING_MAX} stars`)
  .min(0, `Choose 0 to ${STAR_RATING_MAX} stars`)
  .max(STAR_RATING_MAX, `Choose 0 to ${STAR_RATING_MAX} stars`);

/** The public feedback form (server-rendered, works without JavaScript). */
export const buyerFeedbackInputSchema = z.object({
  projectRating: starRating,
  /** Absent when no agent handled the enquiry. */
  agentRating: z.preprocess((value) => (value === '' ? undefined : value), starRating.optional()),
  comment: z.preprocess(
    (value) => (value === '' ? undefined : value),
    multilineText().max(FEEDBACK_COMMENT_MAX, `At most ${FEEDBACK_COMMENT_MAX} characters`).optional(),
  ),
});
export type BuyerFeedbackInput = z.infer<typeof buyerFeedbackInputSchema>;

export const buyerFeedbackQuerySchema = z.intersection(
  reportRangeSchema,
  z.object({
    projectIds: idList,
    buyerType: z.enum(BUYER_TYPES).default('ALL'),
    /** Spec §3 reporting state feedbackProject / feedbackAgent: narrow to one project or one agent. */
    feedbackProject: z.coerce.number().int().positive().optional(),
    feedbackAgent: z.string().min(1).max(64).optional(),
  }),
);
export type BuyerFeedbackQuery = z.infer<typeof buyerFeedbackQuerySchema>;

/** Count of ratings per star, index 0 to 5. */
const distributionSchema = z.array(z.number().int()).length(STAR_RATING_MAX + 1);
const ratingSummarySchema = z.object({
  responses: z.number().int(),
  /** Mean stars, null without responses. */
  average: z.number().nullable(),
  distribution: distributionSchema,
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const buyerFeedbackAnswerSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  period: z.enum(CALENDAR_GRANULARITIES),
  /** Project ratings. */
  project: ratingSummarySchema,
  /** Agent ratings. */
  agent: ratingSummarySchema,
  trend: z.array(
    z.object({
      periodStart: z.string(),
      responses: z.number().int(),
      projectAverage: z.number().nullable(),
      agentAverage: z.number().nullable(),
    }),
  ),
  byProject: z.array(ratingSummarySchema.extend({ projectId: z.number().int(), title: z.string() })),
  byAgent: z.array(ratingSummarySchema.extend({ agentId: z.string(), name: z.string() })),
  byBuyerType: z.array(ratingSummarySchema.extend({ buyerType: z.string() })),
  /** Newest first, at most 200. */
  comments: z.array(
    z.object({
      id: z.number().int(),
      projectId: z.number().int(),
      projectTitle: z.string(),
      agentName: z.string().nullable(),
      buyerType: z.string(),
      projectRating: z.number().int(),
      agentRating: z.number().int().nullable(),
      comment: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type BuyerFeedbackAnswer = z.infer<typeof buyerFeedbackAnswerSchema>;
