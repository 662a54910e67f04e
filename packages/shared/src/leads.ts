import { z } from 'zod';
import {
  ENQUIRY_BUYER_TYPES,
  type EnquiryBuyerType,
  LEAD_SCORE_MAX,
  LEAD_SOURCES,
  LEAD_STATUSES,
  SALE_LEAD_STATUSES,
} from './enums.ts';
import { leadDateSchema } from './leads-query.ts';
import { multilineText, text } from './text.ts';

/**
 * Leads (issue 16, design §3, decision 027): the enquiry a buyer sends from a public listing page,
 * the lead it becomes, its pipeline, its score and the leads page's query. One contract for the
 * public form, the API, the web and the demo data.
 */

export const FINANCE_STATUSES = ['PRE_APPROVED', 'ARRANGING', 'NOT_STARTED', 'CASH'] as const;
export type FinanceStatus = (typeof FINANCE_STATUSES)[number];
export const FINANCE_STATUS_LABELS: Record<FinanceStatus, string> = {
  PRE_APPROVED: 'Finance pre-approved',
  ARRANGING: 'Arranging finance',
  NOT_STARTED: 'Not started yet',
  CASH: 'Paying cash',
};

export const TIMEFRAMES = [
  'READY_NOW',
  'WITHIN_3_MONTHS',
  'WITHIN_6_MONTHS',
  'WITHIN_12_MONTHS',
  'BROWSING',
] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export const TIMEFRAME_LABELS: Record<Timeframe, string> = {
  READY_NOW: 'Ready to buy now',
  WITHIN_3_MONTHS: 'Within 3 months',
  WITHIN_6_MONTHS: 'Within 6 months',
  WITHIN_12_MONTHS: 'Within 12 months',
  BROWSING: 'Just browsing',
};

/** Design §3: scores decay after this many days without activity. */
export const LEAD_SCORE_DECAY_AFTER_DAYS = 60;
/** A repeat enquiry on the same project within this window merges into the lead (design §3). */
export const LEAD_MERGE_WINDOW_HOURS = 24;
/** Speed-to-lead default (issue 16): minutes within business hours. */
export const DEFAULT_RESPONSE_TARGET_MINUTES = 15;
/** Spec §9's 2000: the longest enquiry message. */
export const ENQUIRY_MESSAGE_MAX = 2000;
/** An enquiry sent faster than this after the form was shown is a robot's (issue 16 spam rule). */
export const ENQUIRY_MIN_FILL_MS = 3000;

export const ENQUIRY_CONSENT_MESSAGE = 'Please agree to be contacted about this development';
export const ENQUIRY_PHONE_MESSAGE = 'Enter a valid phone number, e.g. 0412 345 678';

/** Form posts send '' for an untouched select; '' means not given. */
export const blankAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** The fields a scoring rule can read (design §3). */
export const SCORING_FIELDS = [
  'buyerType',
  'financeStatus',
  'timeframe',
  'budget',
  'bedrooms',
  'hasPhone',
  'hasMessage',
  'hasPostcode',
  'source',
  'hasCampaign',
] as const;
export type ScoringField = (typeof SCORING_FIELDS)[number];
export const SCORING_FIELD_LABELS: Record<ScoringField, string> = {
  buyerType: 'Buyer type',
  financeStatus: 'Finance status',
  timeframe: 'Timeframe',
  budget: 'Budget ($)',
  bedrooms: 'Bedrooms wanted',
  hasPhone: 'Gave a phone number',
  hasMessage: 'Wrote a message',
  hasPostcode: 'Gave a postcode',
  source: 'Source',
  hasCampaign: 'Came from a campaign',
};

/**
 * How a rule compares: `equals`/`in` for enumerations and text, `gte`/`lte` for numbers, `present`
 * for yes/no fields (value ignored).
 */
export const SCORING_OPERATORS = ['equals', 'in', 'gte', 'lte', 'present'] as const;
export type ScoringOperator = (typeof SCORING_OPERATORS)[number];

/**
 * The comparisons each field allows (the /lead-scoring editor offers these): a list for the
 * enumerations, numbers for budget and bedrooms, yes/no for the rest.
 */
export const SCORING_FIELD_OPERATORS: Record<ScoringField, readonly ScoringOperator[]> = {
  buyerType: ['in', 'equals', 'present'],
  financeStatus: ['in', 'equals', 'present'],
  timeframe: ['in', 'equals', 'present'],
  source: ['in', 'equals', 'present'],
  budget: ['gte', 'lte', 'equals', 'present'],
  bedrooms: ['gte', 'lte', 'equals', 'present'],
  hasPhone: ['present'],
  hasMessage: ['present'],
  hasPostcode: ['present'],
  hasCampaign: ['present'],
};
/** The values an enumeration field can take: a rule comparing with anything else would never match. */
const SCORING_FIELD_VALUES: Partial<Record<ScoringField, readonly string[]>> = {
  buyerType: ENQUIRY_BUYER_TYPES,
  financeStatus: FINANCE_STATUSES,
  timeframe: TIMEFRAMES,
  source: LEAD_SOURCES,
};

/** Saving the rules re-scores the leads still being worked (not Settled or Lost) received in these last days. */
export const LEAD_RESCORE_WINDOW_DAYS = 90;

export const scoringRuleInputSchema = z
  .object({
    field: z.enum(SCORING_FIELDS),
    operator: z.enum(SCORING_OPERATORS),
    value: z.union([text().max(100), z.number().finite(), z.array(text().max(100)).max(20)]).nullable(),
    points: z.number().int().min(-100).max(100),
    /** What the lead page shows beside the points: "+20 finance pre-approved". */
    label: text().trim().min(1, 'Give the rule a label').max(80),
    enabled: z.boolean().default(true),
  })
  .superRefine((rule, context) => {
    const numeric = rule.operator === 'gte' || rule.operator === 'lte';
    if (numeric && typeof rule.value !== 'number') {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'A number is needed for this comparison',
      });
    }
    if (rule.operator === 'in' && !Array.isArray(rule.value)) {
      context.addIssue({ code: 'custom', path: ['value'], message: 'A list of values is needed' });
    }
    if (rule.operator === 'equals' && (rule.value === null || Array.isArray(rule.value))) {
      context.addIssue({ code: 'custom', path: ['value'], message: 'A value is needed' });
    }
    const label = SCORING_FIELD_LABELS[rule.field];
    if (!SCORING_FIELD_OPERATORS[rule.field].includes(rule.operator)) {
      context.addIssue({
        code: 'custom',
        path: ['operator'],
        message: `${label} cannot be compared this way`,
      });
      return;
    }
    const allowed = SCORING_FIELD_VALUES[rule.field];
    if (allowed && (rule.operator === 'equals' || rule.operator === 'in')) {
      const values: unknown[] = Array.isArray(rule.value) ? rule.value : [rule.value];
      const unknown = values.find((value) => typeof value !== 'string' || !allowed.includes(value));
      if (unknown !== undefined && rule.value !== null) {
        context.addIssue({
          code: 'custom',
          path: ['value'],
          message: `Not a value of ${label}: ${String(unknown)}`,
        });
      }
    }
    if (!allowed && rule.operator === 'equals' && typeof rule.value !== 'number') {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'A number is needed for this comparison',
      });
    }
  });
export type ScoringRuleInput = z.input<typeof scoringRuleInputSchema>;

export const scoringRuleSchema = z.object({
  id: z.number().int(),
  field: z.enum(SCORING_FIELDS),
  operator: z.enum(SCORING_OPERATORS),
  value: z.union([z.string(), z.number(), z.array(z.string())]).nullable(),
  points: z.number().int(),
  label: z.string(),
  enabled: z.boolean(),
});
export type ScoringRule = z.infer<typeof scoringRuleSchema>;

/** The whole rule set, replaced at once (the /lead-scoring page saves what it previewed). */
export const scoringRulesInputSchema = z.object({ rules: z.array(scoringRuleInputSchema).max(100) });

/** One line of a score's explanation: "+20 Finance pre-approved". */
export const scoreContributionSchema = z.object({
  ruleId: z.number().int().nullable(),
  label: z.string(),
  points: z.number().int(),
});
export type ScoreContribution = z.infer<typeof scoreContributionSchema>;

/** What a scoring rule reads from a lead. */
export type ScorableLead = {
  buyerType: string | null;
  financeStatus: string | null;
  timeframe: string | null;
  budget: number | null;
  bedrooms: number | null;
  phone: string | null;
  message: string | null;
  postcode: string | null;
  source: string | null;
  campaignId: string | null;
};

function fieldValue(lead: ScorableLead, field: ScoringField): string | number | boolean | null {
  switch (field) {
    case 'hasPhone':
      return Boolean(lead.phone);
    case 'hasMessage':
      return Boolean(lead.message?.trim());
    case 'hasPostcode':
      return Boolean(lead.postcode);
    case 'hasCampaign':
      return Boolean(lead.campaignId);
    default:
      return lead[field];
  }
}

function ruleMatches(rule: Omit<ScoringRule, 'id'>, lead: ScorableLead): boolean {
  const actual = fieldValue(lead, rule.field);
  switch (rule.operator) {
    case 'present':
      return actual !== null && actual !== false && actual !== '';
    case 'equals':
      return actual !== null && String(actual) === String(rule.value);
    case 'in':
      return actual !== null && Array.isArray(rule.value) && rule.value.includes(String(actual));
    case 'gte':
      return typeof actual === 'number' && typeof rule.value === 'number' && actual >= rule.value;
    case 'lte':
      return typeof actual === 'number' && typeof rule.value === 'number' && actual <= rule.value;
  }
}

/**
 * The one scoring function (design §3): each enabled rule that matches adds its points; the total is
 * held to 0–100. Answers every contribution, so a lead can say why it scored as it did.
 */
export function scoreLead(
  rules: readonly (Omit<ScoringRule, 'id'> & { id: number | null })[],
  lead: ScorableLead,
): { score: number; contributions: ScoreContribution[] } {
  const contributions: ScoreContribution[] = [];
  for (const rule of rules) {
    if (!rule.enabled || !ruleMatches(rule, lead)) continue;
    contributions.push({ ruleId: rule.id, label: rule.label, points: rule.points });
  }
  const total = contributions.reduce((sum, item) => sum + item.points, 0);
  return { score: Math.max(0, Math.min(LEAD_SCORE_MAX, total)), contributions };
}

/**
 * Design §3 decay: after 60 days without activity a score loses a quarter of its value for each
 * further 30 days, down to nothing. Answers the points to take off (0 while active).
 */
export function scoreDecayPoints(score: number, daysWithoutActivity: number): number {
  if (daysWithoutActivity < LEAD_SCORE_DECAY_AFTER_DAYS) return 0;
  const steps = 1 + Math.floor((daysWithoutActivity - LEAD_SCORE_DECAY_AFTER_DAYS) / 30);
  return Math.min(score, Math.round((score * Math.min(steps, 4)) / 4));
}

export const leadPersonSchema = z.object({ id: z.string(), name: z.string() });

/** One row of the leads table. Contact fields are masked for job roles of spec §6's list [8]. */
export const leadSummarySchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectTitle: z.string(),
  createdAt: z.string(),
  lastEnquiryAt: z.string(),
  status: z.enum(LEAD_STATUSES),
  buyerType: z.enum(ENQUIRY_BUYER_TYPES as [EnquiryBuyerType, ...EnquiryBuyerType[]]),
  score: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  source: z.string(),
  enquiryCount: z.number().int(),
  assignee: leadPersonSchema.nullable(),
  /** Seconds from the enquiry to the first move out of New; null while New. */
  firstResponseSeconds: z.number().int().nullable(),
  /** True when contact details were masked for the reader. */
  masked: z.boolean(),
});
export type LeadSummary = z.infer<typeof leadSummarySchema>;

export const LEAD_TIMELINE_KINDS = [
  'enquiry',
  'repeat_enquiry',
  'status',
  'note',
  'assigned',
  'speed_alert',
  'notified',
] as const;
export type LeadTimelineKind = (typeof LEAD_TIMELINE_KINDS)[number];

export const leadTimelineEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEAD_TIMELINE_KINDS),
  at: z.string(),
  actor: leadPersonSchema.nullable(),
  /** Plain text (a note, a lost reason, a repeat enquiry's message); always shown as text. */
  text: z.string().nullable(),
  /** Kind-specific facts: {from, to} for a status, {assignee} for an assignment. */
  data: z.record(z.string(), z.unknown()),
});
export type LeadTimelineEntry = z.infer<typeof leadTimelineEntrySchema>;

export const leadDetailSchema = leadSummarySchema.extend({
  postcode: z.string().nullable(),
  budget: z.number().int().nullable(),
  bedrooms: z.number().int().nullable(),
  configuration: z.string().nullable(),
  timeframe: z.enum(TIMEFRAMES).nullable(),
  financeStatus: z.enum(FINANCE_STATUSES).nullable(),
  message: z.string().nullable(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  referrer: z.string().nullable(),
  campaignId: z.string().nullable(),
  consentAt: z.string(),
  lostReason: z.string().nullable(),
  salePrice: z.number().int().nullable(),
  saleDate: z.string().nullable(),
  /** The score before decay and each rule's part in it, then the decay line when there is one. */
  scoreContributions: z.array(scoreContributionSchema),
  timeline: z.array(leadTimelineEntrySchema),
  /** The same buyer's leads on other projects the reader may see (design §3 "linked across projects"). */
  alsoEnquiredOn: z.array(
    z.object({
      leadId: z.number().int(),
      projectId: z.number().int(),
      projectTitle: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** Who the lead can be assigned to: the project's approved members. */
  assignableMembers: z.array(leadPersonSchema),
  /** Whether the reader may change it (status, notes, assignee); admins and approved members may. */
  canEdit: z.boolean(),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

/**
 * The list counts its filters' leads exactly up to this many, then says "10,000+" (`totalCapped`):
 * counting a million leads on every page would cost more than the page (issue 16 benchmark), and no
 * one pages past 400 pages of 25.
 */
export const LEAD_COUNT_CAP = 10_000;

export const leadPageSchema = z.object({
  items: z.array(leadSummarySchema),
  /** Leads the filters find, at most LEAD_COUNT_CAP. */
  total: z.number().int(),
  /** True when more than LEAD_COUNT_CAP leads match: `total` is then the cap (show "10,000+"). */
  totalCapped: z.boolean().optional(),
  page: z.number().int(),
  perPage: z.number().int(),
  /** Whether the reader may export (refused for spec §6's list [8]). */
  canExport: z.boolean(),
  /** Whether contact details are masked for the reader. */
  masked: z.boolean(),
});
export type LeadPage = z.infer<typeof leadPageSchema>;

export const leadStatusChangeSchema = z
  .object({
    status: z.enum(LEAD_STATUSES),
    lostReason: z.preprocess(blankAsUndefined, multilineText().trim().min(1).max(500).optional()),
    salePrice: z.preprocess(blankAsUndefined, z.coerce.number().int().min(1).max(1_000_000_000).optional()),
    saleDate: z.preprocess(blankAsUndefined, leadDateSchema.optional()),
  })
  .superRefine((change, context) => {
    if (change.status === 'LOST' && !change.lostReason) {
      context.addIssue({ code: 'custom', path: ['lostReason'], message: 'Say why the lead was lost' });
    }
    if (SALE_LEAD_STATUSES.includes(change.status)) {
      if (change.salePrice === undefined)
        context.addIssue({ code: 'custom', path: ['salePrice'], message: 'Enter the sale price' });
      if (change.saleDate === undefined)
        context.addIssue({ code: 'custom', path: ['saleDate'], message: 'Enter the sale date' });
    }
  });
export type LeadStatusChange = z.input<typeof leadStatusChangeSchema>;

export const leadNoteInputSchema = z.object({
  text: multilineText().trim().min(1, 'Write a note').max(5000, 'must be at most 5000 characters'),
});
export const leadAssignInputSchema = z.object({ assigneeId: text().max(100).nullable() });

/**
 * Response times cover the last 30 days unless the query gives `from`: speed-to-lead is about how the
 * team answers now, and a percentile over every lead ever would sort every lead on each page view
 * (a million leads: seconds, not milliseconds).
 */
export const LEAD_RESPONSE_TIMES_DEFAULT_DAYS = 30;

/** Response times of the leads in a query (issue 16 speed-to-lead), per agent and per project. */
export const responseTimeRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  leads: z.number().int(),
  responded: z.number().int(),
  medianSeconds: z.number().nullable(),
  p90Seconds: z.number().nullable(),
});
export const leadResponseTimesSchema = z.object({
  overall: responseTimeRowSchema,
  byAgent: z.array(responseTimeRowSchema),
  byProject: z.array(responseTimeRowSchema),
});
export type LeadResponseTimes = z.infer<typeof leadResponseTimesSchema>;

/** An organisation's speed-to-lead target (issue 16). */
export const leadResponseTargetSchema = z.object({
  minutes: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60),
  businessHoursOnly: z.boolean(),
});
export type LeadResponseTarget = z.infer<typeof leadResponseTargetSchema>;

/** A project's lead-notification recipients: empty means the default (organisation owners and members). */
export const leadRecipientsSchema = z.object({
  emails: z.array(z.email().max(254)).max(50),
  /** Who receives when `emails` is empty, for the page to show. */
  defaults: z.array(z.string()),
});
export const leadRecipientsInputSchema = z.object({
  emails: z
    .array(text().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address')))
    .max(50, 'At most 50 recipients'),
});

export const leadDigestPreferenceSchema = z.object({ dailyDigest: z.boolean() });

/** The preview of a rule set on the most recent leads (issue 16: 200) before it is saved. */
export const LEAD_SCORING_PREVIEW_SIZE = 200;
export const scoringPreviewSchema = z.object({
  leads: z.array(
    z.object({
      id: z.number().int(),
      projectTitle: z.string(),
      name: z.string(),
      createdAt: z.string(),
      currentScore: z.number().int(),
      newScore: z.number().int(),
      newContributions: z.array(scoreContributionSchema),
    }),
  ),
  changed: z.number().int(),
  raised: z.number().int(),
  lowered: z.number().int(),
});
export type ScoringPreview = z.infer<typeof scoringPreviewSchema>;

/**
 * A CSV cell that a spreadsheet will not run as a formula (OWASP CSV injection): a value starting with
 * =, +, -, @, tab or carriage return is prefixed with an apostrophe; every cell is quoted.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""';
  if (typeof value === 'number') return `"${value}"`;
  let cell = value;
  if (/^[=+\-@\t\r]/.test(cell)) cell = `'${cell}`;
  return `"${cell.replace(/"/g, '""')}"`;
}
