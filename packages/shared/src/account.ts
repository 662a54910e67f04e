import { z } from 'zod';
import {
  BUILDING_TYPES,
  CAMPAIGN_TYPES,
  ORGANISATION_ROLES,
  PROJECT_TYPES,
  SALES_STATUSES,
  STAGES,
} from './enums.ts';
import { PERMISSIONS } from './permissions.ts';
import { text } from './text.ts';

/** Project summary kept from the API (spec §3). */
export const projectSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  fullAddress: z.string(),
  stage: z.enum(STAGES),
  salesStatus: z.enum(SALES_STATUSES),
  stageLabel: z.string(),
  salesStatusLabel: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  images: z.array(z.string()),
  prefix: z.string(),
  slug: z.string(),
  projectType: z.enum(PROJECT_TYPES).nullable(),
  buildingType: z.enum(BUILDING_TYPES),
  campaignType: z.enum(CAMPAIGN_TYPES),
  suburb: z.string(),
  state: z.string(),
  postcode: z.string(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

/** A pending access request (spec §3), already mapped for the client. */
export const projectRequestSchema = z.object({
  id: z.number().int(),
  requestId: z.number().int(),
  createdAt: z.string(),
  project: projectSummarySchema,
});
export type ProjectRequest = z.infer<typeof projectRequestSchema>;

export const organisationRefSchema = z.object({ id: z.string(), name: z.string() });

/** GET /api/user-projects `output` (spec §7): the account state of spec §3. */
export const userProjectsOutputSchema = z.object({
  projectIds: z.array(z.number().int()),
  recommendedProjectIds: z.array(z.number().int()),
  projectRequestsIds: z.array(z.number().int()),
  projects: z.array(projectSummarySchema),
  recommendedProjects: z.array(projectSummarySchema),
  projectRequests: z.array(projectRequestSchema),
  /** The caller's organisation and role there: its owners and admins decide its access requests. */
  organisation: organisationRefSchema.extend({ role: z.enum(ORGANISATION_ROLES) }).nullable(),
  /** What the caller may do, as the server decides it now (design §1, the sets edited at /roles). */
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type UserProjectsOutput = z.infer<typeof userProjectsOutputSchema>;

export const userProjectsResponseSchema = z.object({
  success: z.literal(true),
  output: userProjectsOutputSchema,
});
export type UserProjectsResponse = z.infer<typeof userProjectsResponseSchema>;

/**
 * POST /api/user-update body (spec §7, the spec's field names): the text rule applies (decision 024):
 * NUL refused, control and bidi characters removed before the names are trimmed and stored.
 */
const personName = () => text().trim().min(1, 'is required').max(100, 'must be at most 100 characters');
export const userUpdateRequestSchema = z.strictObject({
  clear_cookie: z.literal(0).optional(),
  first_name: personName(),
  last_name: personName(),
  title: text().trim().max(100, 'must be at most 100 characters').optional(),
});
export type UserUpdateRequest = z.infer<typeof userUpdateRequestSchema>;
