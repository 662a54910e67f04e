import { z } from 'zod';
import { projectSummarySchema } from './account.ts';
import {
  PROJECT_SEARCH_DEFAULT_PAGE,
  PROJECT_SEARCH_DEFAULT_PER_PAGE,
  PROJECT_SEARCH_DEFAULT_SORT_BY,
  PROJECT_SEARCH_DEFAULT_SORT_ORDER,
  PROJECT_SEARCH_LIMIT,
  PROJECT_SEARCH_MAX_PER_PAGE,
} from './constants.ts';
import {
  ACCESS_REQUEST_STATUSES,
  type AccessRequestStatus,
  APPROVAL,
  CAMPAIGN_TYPES,
  EXIST_FLAGS,
  SALES_STATUSES,
  STAGES,
} from './enums.ts';
import { ERROR_CODES } from './error-codes.ts';
import { multilineText, text } from './text.ts';

/**
 * Projects-core API contract (issue 5): search, organisation projects, claim, access requests and
 * recommendations. Paths are in PROJECT_API_PATHS; decision record docs/decisions/019-projects-access.md.
 */

/** Conflict code (duplicate request, already a member, already claimed by this organisation). */
export const PROJECT_CONFLICT_CODE = ERROR_CODES.conflict;

/** Ids are PostgreSQL `integer`s: anything larger is refused as bad input (400), never sent to the database (500). */
export const DB_ID_MAX = 2_147_483_647;
const projectId = z
  .number()
  .int('must be a whole number')
  .positive('must be a project id')
  .max(DB_ID_MAX, 'must be a project id');
/** A record id in a path or query string (text coerced to a number), in the database's integer range. */
export const recordIdParam = z.coerce
  .number()
  .int('must be a whole number')
  .positive('must be an id')
  .max(DB_ID_MAX, 'must be an id');

// ---------------------------------------------------------------------------------------------
// POST /api/projects/search
// ---------------------------------------------------------------------------------------------

export const PROJECT_SEARCH_SORT_FIELDS = ['updatedAt', 'createdAt', 'title', 'name', 'suburb'] as const;
export type ProjectSearchSortField = (typeof PROJECT_SEARCH_SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const projectSearchPaginationSchema = z.strictObject({
  perPage: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(PROJECT_SEARCH_MAX_PER_PAGE, `must be at most ${PROJECT_SEARCH_MAX_PER_PAGE}`)
    .default(PROJECT_SEARCH_DEFAULT_PER_PAGE),
  page: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(PROJECT_SEARCH_DEFAULT_PAGE),
});

/** Spec §3 "Project search filter" plus `project_ids` of spec §7. Unknown keys are refused. */
export const projectSearchParamsSchema = z.strictObject({
  /** Only these projects (spec §7: used to list the user's ids and fetch their projects). Empty → no items. */
  project_ids: z
    .array(projectId)
    .max(PROJECT_SEARCH_LIMIT, `must list at most ${PROJECT_SEARCH_LIMIT} ids`)
    .optional(),
  /** Exact suburb, case-insensitive. */
  suburb: text().trim().max(100, 'must be at most 100 characters').optional(),
  salesStatus: z.array(z.enum(SALES_STATUSES)).max(SALES_STATUSES.length).optional(),
  stage: z.array(z.enum(STAGES)).max(STAGES.length).optional(),
  campaignType: z.enum(CAMPAIGN_TYPES).optional(),
  /** Part of the title, case-insensitive (`%` and `_` literal). */
  title: text().trim().max(200, 'must be at most 200 characters').optional(),
  sortBy: z.enum(PROJECT_SEARCH_SORT_FIELDS).default(PROJECT_SEARCH_DEFAULT_SORT_BY),
  sortOrder: z.enum(SORT_ORDERS).default(PROJECT_SEARCH_DEFAULT_SORT_ORDER),
  /** 'true': has a brochure; 'false': has none. */
  brochure: z.enum(EXIST_FLAGS).optional(),
  floorplan: z.enum(EXIST_FLAGS).optional(),
  pagination: projectSearchPaginationSchema.default({
    perPage: PROJECT_SEARCH_DEFAULT_PER_PAGE,
    page: PROJECT_SEARCH_DEFAULT_PAGE,
  }),
});
export type ProjectSearchParams = z.infer<typeof projectSearchParamsSchema>;
export type ProjectSearchParamsInput = z.input<typeof projectSearchParamsSchema>;

export const projectSearchRequestSchema = z.strictObject({
  /** At most this many matching projects are considered (spec §9: 1000); pages run over them. */
  limit: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(PROJECT_SEARCH_LIMIT, `must be at most ${PROJECT_SEARCH_LIMIT}`)
    .default(PROJECT_SEARCH_LIMIT),
  params: projectSearchParamsSchema.default({
    sortBy: PROJECT_SEARCH_DEFAULT_SORT_BY,
    sortOrder: PROJECT_SEARCH_DEFAULT_SORT_ORDER,
    pagination: { perPage: PROJECT_SEARCH_DEFAULT_PER_PAGE, page: PROJECT_SEARCH_DEFAULT_PAGE },
  }),
});
export type ProjectSearchRequest = z.infer<typeof projectSearchRequestSchema>;
export type ProjectSearchRequestInput = z.input<typeof projectSearchRequestSchema>;

/**
 * How the caller stands to a project: `admin` (platform admin), `member` (approved project member),
 * `organisation` (the project belongs to the caller's organisation), `recommended`, `pending` (the
 * caller's access request waits), `none`.
 */
export const PROJECT_RELATIONS = [
  'admin',
  'member',
  'organisation',
  'recommended',
  'pending',
  'none',
] as const;
export type ProjectRelation = (typeof PROJECT_RELATIONS)[number];

/** Fields beyond the summary, only for projects the caller may read in full (admin, member, own organisation). */
export const projectSearchDetailSchema = z.object({
  description: z.string(),
  developerName: z.string().nullable(),
  builderName: z.string().nullable(),
  marketerName: z.string().nullable(),
  website: z.string().nullable(),
  lga: z.string().nullable(),
  estimatedCompletionQuarter: z.number().int().nullable(),
  estimatedCompletionYear: z.number().int().nullable(),
  organisationId: z.string().nullable(),
});
export type ProjectSearchDetail = z.infer<typeof projectSearchDetailSchema>;

export const projectSearchItemSchema = projectSummarySchema.extend({
  /** Spec §3: true when campaignType is not NONE. */
  is_paying: z.boolean(),
  /** Spec §3: the project id again, under its legacy name. */
  drupal_project_id: z.number().int(),
  hasBrochure: z.boolean(),
  hasFloorplan: z.boolean(),
  hasConfigurations: z.boolean(),
  /** A video link with a usable id (spec §5). With `images`, the rest of the listing's completeness. */
  hasVideo: z.boolean(),
  /** Owned by an organisation (claimed). */
  isClaimed: z.boolean(),
  relation: z.enum(PROJECT_RELATIONS),
  /** 'full' when `detail` is present; 'summary' for projects the caller may not read in full. */
  access: z.enum(['full', 'summary']),
  detail: projectSearchDetailSchema.nullable(),
});
export type ProjectSearchItem = z.infer<typeof projectSearchItemSchema>;

export const projectSearchResponseSchema = z.object({
  items: z.array(projectSearchItemSchema),
  /** Matches, capped at the request's `limit`. */
  total: z.number().int(),
  /** True when more projects match than `limit`. */
  limited: z.boolean(),
  page: z.number().int(),
  perPage: z.number().int(),
  pageCount: z.number().int(),
});
export type ProjectSearchResponse = z.infer<typeof projectSearchResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/projects/lookup?q=  (typo-tolerant, by name, title, suburb or postcode: "request access to one")
// ---------------------------------------------------------------------------------------------

export const PROJECT_LOOKUP_MAX = 20;
export const projectLookupQuerySchema = z.object({
  q: text().trim().min(2, 'must be at least 2 characters').max(100, 'must be at most 100 characters'),
  limit: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(PROJECT_LOOKUP_MAX, `must be at most ${PROJECT_LOOKUP_MAX}`)
    .default(10),
});
export const projectLookupItemSchema = projectSummarySchema.extend({
  drupal_project_id: z.number().int(),
  isClaimed: z.boolean(),
  relation: z.enum(PROJECT_RELATIONS),
  /** Trigram similarity 0..1 of the best matching field. */
  score: z.number(),
});
export type ProjectLookupItem = z.infer<typeof projectLookupItemSchema>;
export const projectLookupResponseSchema = z.object({ items: z.array(projectLookupItemSchema) });
export type ProjectLookupResponse = z.infer<typeof projectLookupResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/projects?organisationId=  → array reduced to summary fields (spec §7)
// ---------------------------------------------------------------------------------------------

export const organisationProjectsQuerySchema = z.object({
  organisationId: text().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
});
export const organisationProjectsResponseSchema = z.array(projectSummarySchema);

// ---------------------------------------------------------------------------------------------
// Access requests (portal routes of spec §7 and the /accessrequests page)
// ---------------------------------------------------------------------------------------------

export const ACCESS_REQUEST_STATUS_BY_CODE: Record<number, AccessRequestStatus> = {
  [APPROVAL.PENDING]: 'pending',
  [APPROVAL.APPROVED]: 'approved',
  [APPROVAL.DECLINED]: 'declined',
  [APPROVAL.WITHDRAWN]: 'withdrawn',
};

/** POST /api/v1/projects/request. `status` may only be 0 (pending): a request is always made pending. */
export const projectAccessRequestBodySchema = z.strictObject({
  drupal_project_id: projectId,
  status: z.literal(APPROVAL.PENDING, 'must be 0 (pending)').default(APPROVAL.PENDING),
});
export type ProjectAccessRequestBody = z.input<typeof projectAccessRequestBodySchema>;

/** Spec §3 "Pending access request": id (request id), drupal_project_id, created_at. */
export const pendingAccessRequestSchema = z.object({
  id: z.number().int(),
  drupal_project_id: z.number().int(),
  created_at: z.string(),
});
export type PendingAccessRequest = z.infer<typeof pendingAccessRequestSchema>;

export const projectAccessRequestResponseSchema = z.object({
  data: pendingAccessRequestSchema.extend({ status: z.number().int() }),
});
export type ProjectAccessRequestResponse = z.infer<typeof projectAccessRequestResponseSchema>;

export const pendingAccessRequestsResponseSchema = z.object({ data: z.array(pendingAccessRequestSchema) });
export type PendingAccessRequestsResponse = z.infer<typeof pendingAccessRequestsResponseSchema>;

/** POST /api/project/memberupdate: withdraws one of the caller's own pending requests (by request id). */
export const memberUpdateBodySchema = z.strictObject({
  data: z.strictObject({
    op: z.literal('delete', "must be 'delete'"),
    id: z.number().int('must be a whole number').positive('must be an id').max(DB_ID_MAX, 'must be an id'),
  }),
});
export type MemberUpdateBody = z.infer<typeof memberUpdateBodySchema>;
export const memberUpdateResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ id: z.number().int(), status: z.number().int() }),
});

/** POST /api/project?op=claim_project&project_id={id} */
export const claimProjectQuerySchema = z.object({
  op: z.literal('claim_project', "must be 'claim_project'"),
  project_id: recordIdParam,
});
export const claimProjectBodySchema = z.strictObject({
  /** Shown back in messages; the project is identified by `project_id` only. */
  projectName: text().trim().max(300).optional(),
  /** The client's current recommended ids (ignored: the server knows them). */
  recommendedProjects: z.array(z.number().int()).max(PROJECT_SEARCH_LIMIT).optional(),
  /** The caller's organisation; when given it must be theirs (by id, or the object of account state). */
  organisation: z
    .union([text().max(100), z.object({ id: text().max(100), name: text().max(300).optional() })])
    .nullable()
    .optional(),
  /** The campaign the claimer asks for; campaign types are admin-set (design §2), so it is passed to admins only. */
  campaignType: z.enum(CAMPAIGN_TYPES).optional(),
});
export type ClaimProjectBody = z.infer<typeof claimProjectBodySchema>;
export const claimProjectResponseSchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('claimed'),
    project_id: z.number().int(),
    organisation: z.object({ id: z.string(), name: z.string() }),
  }),
  z.object({
    outcome: z.literal('requested'),
    project_id: z.number().int(),
    /** The access request the claim turned into (design §2). */
    request: pendingAccessRequestSchema,
  }),
]);
export type ClaimProjectResponse = z.infer<typeof claimProjectResponseSchema>;

export const accessRequestListQuerySchema = z.object({
  status: z.enum(ACCESS_REQUEST_STATUSES).default('pending'),
});

export const accessRequestItemSchema = z.object({
  id: z.number().int(),
  status: z.enum(ACCESS_REQUEST_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  note: z.string().nullable(),
  project: projectSummarySchema.extend({ organisationId: z.string().nullable() }),
  requester: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    organisation: z.object({ id: z.string(), name: z.string() }).nullable(),
  }),
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type AccessRequestItem = z.infer<typeof accessRequestItemSchema>;
export const accessRequestListResponseSchema = z.object({ items: z.array(accessRequestItemSchema) });
export type AccessRequestListResponse = z.infer<typeof accessRequestListResponseSchema>;

export const ACCESS_REQUEST_NOTE_MAX = 1000;
export const accessRequestDecisionBodySchema = z.strictObject({
  decision: z.enum(['approve', 'decline']),
  note: multilineText()
    .trim()
    .max(ACCESS_REQUEST_NOTE_MAX, `must be at most ${ACCESS_REQUEST_NOTE_MAX} characters`)
    .optional(),
});
export type AccessRequestDecisionBody = z.infer<typeof accessRequestDecisionBodySchema>;
export const accessRequestDecisionResponseSchema = z.object({ request: accessRequestItemSchema });

// ---------------------------------------------------------------------------------------------
// Admin-assigned recommendations (design §2)
// ---------------------------------------------------------------------------------------------

export const assignRecommendationBodySchema = z.strictObject({
  userId: text().trim().min(1, 'is required').max(100),
  projectId,
});
export type AssignRecommendationBody = z.infer<typeof assignRecommendationBodySchema>;
export const assignRecommendationResponseSchema = z.object({
  userId: z.string(),
  projectId: z.number().int(),
  source: z.enum(['name_match', 'domain_match', 'admin']),
});
