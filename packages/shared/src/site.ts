import { z } from 'zod';
import { DEFAULT_CONTACT_URL, FEEDBACK_PAGE_MAX } from './constants.ts';
import { CAMPAIGN_TYPES, TENANTS } from './enums.ts';
import { multilineText, text } from './text.ts';

/** Design §8: a partner developer logo of the tenant's welcome panel. */
export const partnerLogoSchema = z.object({ name: z.string(), src: z.string(), alt: z.string() });
export type PartnerLogoInfo = z.infer<typeof partnerLogoSchema>;

/** GET /api/site: public facts the web app needs before sign-in, for the tenant of the request's host. */
export const siteInfoSchema = z.object({
  productName: z.string(),
  siteName: z.string(),
  tenant: z.enum(TENANTS),
  // Defaults: what an answer from before tenants (issue 4) meant, the default tenant.
  /** Spec §1: 'Offplan' or 'IBN Lead Gen'. */
  tenantDisplayName: z.string().default('Offplan'),
  /** Spec §1: e.g. 'OffplanCPS'. */
  portalType: z.string().default('OffplanCPS'),
  defaultCampaignType: z.enum(CAMPAIGN_TYPES).default('CPS'),
  /** A Mantine colour name: the web app's primary colour. */
  primaryColor: z.string().default('brand'),
  logoUrl: z.string().default('/brand/offplan-logo.svg'),
  partnerLogos: z.array(partnerLogoSchema).default([]),
  /** Spec §2: the external contact-us page of the sidebar's contact block (CONTACT_URL setting). */
  contactUrl: z.string().default(DEFAULT_CONTACT_URL),
  maintenanceMode: z.boolean(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

/** How long a process may answer from its copy of the site settings before reading them again. */
export const SITE_SETTINGS_CACHE_MS = 2000;

/** GET/PUT /api/site/settings (admins): the run-time switches. */
export const siteSettingsSchema = z.object({
  maintenanceMode: z.boolean(),
  /** MAINTENANCE_MODE=true in the process settings forces maintenance whatever the switch says. */
  forcedBySetting: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const updateSiteSettingsSchema = z.strictObject({ maintenanceMode: z.boolean() });
export type UpdateSiteSettings = z.infer<typeof updateSiteSettingsSchema>;

/** /feedback (spec §2, internal). */
export const FEEDBACK_CATEGORIES = ['general', 'bug', 'idea', 'data', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const FEEDBACK_CATEGORY_LABELS: Record<FeedbackCategory, string> = {
  general: 'General feedback',
  bug: 'Something is not working',
  idea: 'Idea or feature request',
  data: 'Listing or lead data',
  other: 'Other',
};
export const FEEDBACK_MESSAGE_MAX = 2000;

export const feedbackInputSchema = z.strictObject({
  category: z.enum(FEEDBACK_CATEGORIES, { error: 'Choose a category.' }),
  message: multilineText({ error: 'Tell us your thoughts.' })
    .trim()
    .min(1, 'Tell us your thoughts.')
    .max(FEEDBACK_MESSAGE_MAX, `Keep it under ${FEEDBACK_MESSAGE_MAX} characters.`),
  page: text()
    .trim()
    .max(FEEDBACK_PAGE_MAX, `At most ${FEEDBACK_PAGE_MAX} characters.`)
    .optional()
    .transform((value) => value || undefined),
});
export type FeedbackInput = z.input<typeof feedbackInputSchema>;

export const feedbackItemSchema = z.object({
  id: z.string(),
  category: z.enum(FEEDBACK_CATEGORIES),
  message: z.string(),
  page: z.string().nullable(),
  email: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  tenant: z.string(),
  createdAt: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;
export const feedbackListSchema = z.object({ items: z.array(feedbackItemSchema) });
export const FEEDBACK_LIST_LIMIT = 200;

/** Coming Soon products users can register interest in (spec §2 hidden section). */
export const INTEREST_PRODUCTS = ['product-ai'] as const;
export type InterestProduct = (typeof INTEREST_PRODUCTS)[number];
export const INTEREST_NOTE_MAX = 500;

export const registerInterestSchema = z.strictObject({
  note: multilineText()
    .trim()
    .max(INTEREST_NOTE_MAX, `At most ${INTEREST_NOTE_MAX} characters.`)
    .optional()
    .transform((value) => value || undefined),
});
export type RegisterInterestInput = z.input<typeof registerInterestSchema>;

export const myInterestSchema = z.object({
  registered: z.boolean(),
  note: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type MyInterest = z.infer<typeof myInterestSchema>;

export const interestListSchema = z.object({
  total: z.number().int(),
  items: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      note: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type InterestList = z.infer<typeof interestListSchema>;
