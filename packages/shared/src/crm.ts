import { z } from 'zod';
import { enquiryInputSchema } from './enquiries.ts';
import { ENQUIRY_BUYER_TYPES, LEAD_STATUSES } from './enums.ts';
import { FINANCE_STATUSES, TIMEFRAMES } from './leads.ts';
import { text } from './text.ts';

/**
 * CRM integration (issue 18, design §5, decision 029): where an organisation's leads are delivered
 * (webhooks per the Standard Webhooks specification, or a CRM's inbound email address), the log of
 * every delivery and attempt, organisation API keys, and the lead API a CRM pulls from. One contract
 * for the API, the web page, the webhook payload and the demo data.
 */

export const CRM_DESTINATION_KINDS = ['WEBHOOK', 'EMAIL'] as const;
export type CrmDestinationKind = (typeof CRM_DESTINATION_KINDS)[number];
export const CRM_DESTINATION_KIND_LABELS: Record<CrmDestinationKind, string> = {
  WEBHOOK: 'Webhook',
  EMAIL: 'CRM email',
};

/**
 * A delivery's state: PENDING (queued, not tried yet), RETRYING (tried, failed, another attempt is
 * scheduled), DELIVERED (a 2xx answer; for email, written to the outbox), FAILED (retries exhausted,
 * or the destination was disabled).
 */
export const CRM_DELIVERY_STATUSES = ['PENDING', 'RETRYING', 'DELIVERED', 'FAILED'] as const;
export type CrmDeliveryStatus = (typeof CRM_DELIVERY_STATUSES)[number];
export const CRM_DELIVERY_STATUS_LABELS: Record<CrmDeliveryStatus, string> = {
  PENDING: 'Pending',
  RETRYING: 'Retrying',
  DELIVERED: 'Delivered',
  FAILED: 'Failed',
};

/** Standard Webhooks: the receiver has this long to answer. */
export const WEBHOOK_TIMEOUT_SECONDS = 15;
/** After a secret is rotated, deliveries are signed with the old one too for this long. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;
/** Retries with back-off span about three days (decision 029 gives the schedule). */
export const WEBHOOK_RETRY_SPAN_HOURS = 72;
/** The event type of a lead in the payload (Standard Webhooks `type`). */
export const LEAD_WEBHOOK_EVENT = 'lead.created';
/** A CRM can pull leads this far back through the lead API. */
export const LEAD_API_WINDOW_DAYS = 30;
export const LEAD_API_PAGE_SIZE_MAX = 100;
/** Requests per minute per API key. */
export const LEAD_API_RATE_PER_MINUTE = 120;
/** Destinations and keys an organisation may have: enough for any CRM set-up, not a flood. */
export const CRM_DESTINATIONS_MAX = 20;
export const API_KEYS_MAX = 20;

export const API_KEY_SCOPES = ['READ', 'WRITE'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  READ: 'Read leads',
  WRITE: 'Read and create leads',
};

export const CRM_MESSAGES = {
  webhookUrlHttps: 'Enter an https:// address (http:// only for this computer while testing)',
  webhookUrlPrivate: 'This address points into a private network; use a public https:// address',
  emailInvalid: 'Enter a valid email address, e.g. leads@yourcrm.com',
  projectsRequired: 'Choose at least one project, or deliver for all projects',
  projectNotOwned: 'One of these projects is not your organisation’s',
  destinationsMax: `An organisation can have at most ${CRM_DESTINATIONS_MAX} destinations`,
  apiKeysMax: `An organisation can have at most ${API_KEYS_MAX} API keys`,
  apiKeyInvalid: 'This API key is not valid, or it was revoked',
  apiKeyScope: 'This API key may only read leads',
  disabledGone: 'Disabled: the receiver answered 410 Gone',
  noOrganisation: 'You are not a member of an organisation',
  sinceTooOld: `Leads can be pulled for the last ${LEAD_API_WINDOW_DAYS} days only`,
} as const;

const nameField = text({ error: 'Enter a name' })
  .trim()
  .min(1, 'Enter a name')
  .max(80, 'must be at most 80 characters');

/** A destination as the owner creates or edits it. The server checks the URL's network again. */
export const crmDestinationInputSchema = z
  .object({
    name: nameField,
    kind: z.enum(CRM_DESTINATION_KINDS),
    /** WEBHOOK only. */
    url: text().trim().max(2000).optional(),
    /** EMAIL only: the CRM's inbound (lead-parsing) address. */
    email: text().trim().toLowerCase().max(254).optional(),
    allProjects: z.boolean(),
    projectIds: z.array(z.number().int().positive()).max(1000).default([]),
    enabled: z.boolean().default(true),
  })
  .superRefine((input, context) => {
    if (input.kind === 'WEBHOOK') {
      let url: URL | null = null;
      try {
        url = new URL(input.url ?? '');
      } catch {
        url = null;
      }
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
        context.addIssue({ code: 'custom', path: ['url'], message: CRM_MESSAGES.webhookUrlHttps });
      }
    }
    if (input.kind === 'EMAIL' && !z.email().safeParse(input.email ?? '').success) {
      context.addIssue({ code: 'custom', path: ['email'], message: CRM_MESSAGES.emailInvalid });
    }
    if (!input.allProjects && input.projectIds.length === 0) {
      context.addIssue({ code: 'custom', path: ['projectIds'], message: CRM_MESSAGES.projectsRequired });
    }
  });
export type CrmDestinationInput = z.input<typeof crmDestinationInputSchema>;

const isoDateTime = z.string();

export const crmDestinationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(CRM_DESTINATION_KINDS),
  url: z.string().nullable(),
  email: z.string().nullable(),
  allProjects: z.boolean(),
  projectIds: z.array(z.number().int()),
  enabled: z.boolean(),
  /** Why the portal disabled it (a 410 answer), for the page to say; null when enabled or turned off by hand. */
  disabledReason: z.string().nullable(),
  /** The secret's last characters (`whsec_…a1b2`), never the secret: it is shown once. Null for email. */
  secretHint: z.string().nullable(),
  /** While a rotated-out secret still signs (the overlap window), when it stops. */
  previousSecretExpiresAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  /** Deliveries of the last 30 days by state, and the latest one. */
  recent: z.object({
    delivered: z.number().int(),
    retrying: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
    lastAt: isoDateTime.nullable(),
    lastStatus: z.enum(CRM_DELIVERY_STATUSES).nullable(),
  }),
});
export type CrmDestination = z.infer<typeof crmDestinationSchema>;

export const crmDestinationListSchema = z.object({ items: z.array(crmDestinationSchema) });

/** Creating a webhook destination or rotating its secret answers the secret, this once. */
export const crmDestinationWithSecretSchema = z.object({
  destination: crmDestinationSchema,
  /** `whsec_` + base64 of 24 random bytes (Standard Webhooks); null for email destinations. */
  secret: z.string().nullable(),
});

export const crmDeliveryAttemptSchema = z.object({
  at: isoDateTime,
  /** The HTTP status the receiver answered; null when none came (time-out, refused, DNS). */
  responseCode: z.number().int().nullable(),
  latencyMs: z.number().int(),
  ok: z.boolean(),
  error: z.string().nullable(),
});
export type CrmDeliveryAttempt = z.infer<typeof crmDeliveryAttemptSchema>;

export const crmDeliverySchema = z.object({
  id: z.number().int(),
  destinationId: z.number().int(),
  /** Null for a test lead. */
  leadId: z.number().int().nullable(),
  projectId: z.number().int().nullable(),
  projectTitle: z.string().nullable(),
  test: z.boolean(),
  /** The Standard Webhooks `webhook-id`: the same on every attempt and resend (the receiver's idempotency key). */
  messageId: z.string(),
  status: z.enum(CRM_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastAttemptAt: isoDateTime.nullable(),
  nextAttemptAt: isoDateTime.nullable(),
  responseCode: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: isoDateTime,
  /** The latest attempts, newest first (at most 10). */
  history: z.array(crmDeliveryAttemptSchema),
});
export type CrmDelivery = z.infer<typeof crmDeliverySchema>;

export const crmDeliveryQuerySchema = z.object({
  status: z.enum(CRM_DELIVERY_STATUSES).optional(),
  /** Opaque, from the previous page's `nextCursor`. */
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export const crmDeliveryPageSchema = z.object({
  items: z.array(crmDeliverySchema),
  nextCursor: z.string().nullable(),
});
export type CrmDeliveryPage = z.infer<typeof crmDeliveryPageSchema>;

export const crmResendAllAnswerSchema = z.object({ resent: z.number().int() });

/** Spec §3 'CRM projects and details': the organisation's projects with their delivery state. */
export const crmProjectSchema = z.object({
  projectId: z.number().int(),
  title: z.string(),
  /** Enabled destinations that deliver this project's leads. */
  destinations: z.number().int(),
  lastDeliveredAt: isoDateTime.nullable(),
  /** Deliveries of the last 30 days still failing or retrying. */
  failing: z.number().int(),
});
export const crmProjectListSchema = z.object({ items: z.array(crmProjectSchema) });

export const apiKeyInputSchema = z.object({ name: nameField, scope: z.enum(API_KEY_SCOPES) });
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  /** The key's first characters (`opk_AbC1…`), to tell keys apart; the key itself is shown once. */
  prefix: z.string(),
  createdAt: isoDateTime,
  createdBy: z.string().nullable(),
  lastUsedAt: isoDateTime.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
/** The new key, this once: `opk_` + base64url of 32 random bytes; only its SHA-256 is kept. */
export const createdApiKeySchema = z.object({ apiKey: apiKeySchema, key: z.string() });

/**
 * A lead as it leaves the portal: the webhook's `data`, the CRM email's JSON attachment and the lead
 * API's items. Contact details are the organisation's own: its CRM gets them in full.
 */
export const leadPayloadSchema = z.object({
  id: z.number().int(),
  /** A test lead from 'Send test lead': never a real buyer. */
  test: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  status: z.enum(LEAD_STATUSES),
  source: z.string(),
  score: z.number().int(),
  project: z.object({ id: z.number().int(), title: z.string(), url: z.string() }),
  organisation: z.object({ id: z.string(), name: z.string() }),
  buyer: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    postcode: z.string().nullable(),
  }),
  buyerType: z.enum(ENQUIRY_BUYER_TYPES as [string, ...string[]]),
  budget: z.number().int().nullable(),
  bedrooms: z.number().int().nullable(),
  configuration: z.string().nullable(),
  timeframe: z.enum(TIMEFRAMES).nullable(),
  financeStatus: z.enum(FINANCE_STATUSES).nullable(),
  message: z.string().nullable(),
  utm: z.object({
    source: z.string().nullable(),
    medium: z.string().nullable(),
    campaign: z.string().nullable(),
  }),
});
export type LeadPayload = z.infer<typeof leadPayloadSchema>;

/** The Standard Webhooks body: `{type, timestamp, data}`. */
export const leadWebhookSchema = z.object({
  type: z.literal(LEAD_WEBHOOK_EVENT),
  timestamp: isoDateTime,
  data: leadPayloadSchema,
});
export type LeadWebhook = z.infer<typeof leadWebhookSchema>;

export const leadApiQuerySchema = z.object({
  /** ISO date-time; at most LEAD_API_WINDOW_DAYS ago (the default). */
  since: text().max(40).optional(),
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LEAD_API_PAGE_SIZE_MAX).default(LEAD_API_PAGE_SIZE_MAX),
});
export const leadApiPageSchema = z.object({
  data: z.array(leadPayloadSchema),
  /** Pass back as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});

/**
 * A lead from another source through the same intake as the enquiry form (dedupe, score,
 * notifications, delivery): the enquiry's fields, the project, and consent as the source recorded it.
 */
export const leadApiInputSchema = enquiryInputSchema.extend({
  projectId: z.number().int().positive(),
});
export type LeadApiInput = z.input<typeof leadApiInputSchema>;
export const leadApiCreatedSchema = z.object({
  id: z.number().int(),
  /** True when the lead merged into one the same buyer sent on the project within 24 hours. */
  merged: z.boolean(),
});
