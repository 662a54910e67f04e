import type { ExportDataset } from './exports.ts';

/**
 * Every API path the web app calls, in one place (decision 024): a path is written once, here, so a
 * renamed route is one edit and a grep for `'/api/` in the web finds nothing else. Parameterised
 * paths are functions that encode their parts. The API may build its routes from the same constants.
 */

/** Where better-auth is mounted; its client adds its own endpoint names to this. */
export const AUTH_BASE_PATH = '/api/auth';

const auth = (endpoint: string) => `${AUTH_BASE_PATH}/${endpoint}`;

/**
 * Projects-core API (issue 5): search, organisation projects, claim, access requests and
 * recommendations; decision record docs/decisions/019-projects-access.md.
 */
export const PROJECT_API_PATHS = {
  search: '/api/projects/search',
  lookup: '/api/projects/lookup',
  byOrganisation: '/api/projects',
  request: '/api/v1/projects/request',
  pending: (userId: string) => `/api/v1/user/user/agent/request/${encodeURIComponent(userId)}/pending`,
  claim: (projectId: number) => `/api/project?op=claim_project&project_id=${projectId}`,
  memberUpdate: '/api/project/memberupdate',
  accessRequests: '/api/access-requests',
  accessRequestDecision: (requestId: number) => `/api/access-requests/${requestId}/decision`,
  recommendations: '/api/admin/project-recommendations',
} as const;

/** The better-auth endpoints the web calls directly (the rest go through its client). */
export const AUTH_API_PATHS = {
  getSession: auth('get-session'),
  signUpEmail: auth('sign-up/email'),
  signOut: auth('sign-out'),
  sendVerificationEmail: auth('send-verification-email'),
  requestPasswordReset: auth('request-password-reset'),
  resetPassword: auth('reset-password'),
  changePassword: auth('change-password'),
  changeEmail: auth('change-email'),
  twoFactor: (enabled: boolean) => auth(`two-factor/${enabled ? 'enable' : 'disable'}`),
  phoneSendOtp: auth('phone-number/send-otp'),
  phoneVerify: auth('phone-number/verify'),
  revokeOtherSessions: auth('revoke-other-sessions'),
  activateInvitation: auth('invitation/activate'),
  impersonationStart: auth('impersonation/start'),
  impersonationConnect: auth('impersonation/connect'),
  banUser: auth('admin/ban-user'),
  unbanUser: auth('admin/unban-user'),
  revokeUserSessions: auth('admin/revoke-user-sessions'),
} as const;

/** An admin's actions on one user at /profile/{id} (issue 19 item 1, decision 031). */
export const ADMIN_USER_API_PATHS = {
  /** PATCH: names, title and job role (the organisation moves through `adminUserOrganisation`). */
  user: (id: string) => `/api/admin/users/${encodeURIComponent(id)}`,
  verifyEmail: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/verify-email`,
  passwordReset: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/password-reset`,
  verificationEmail: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/verification-email`,
  projects: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/projects`,
  sessions: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/sessions`,
  audit: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/audit`,
} as const;

/** Manage Roles (issue 19 item 2, decision 032). */
export const ROLES_API_PATHS = {
  roles: '/api/admin/roles',
  role: (setKey: string) => `/api/admin/roles/${encodeURIComponent(setKey)}`,
} as const;

/** The scheduled-tasks page (issue 19 item 3, decision 033). */
export const SCHEDULED_TASKS_API_PATHS = {
  overview: '/api/admin/scheduled-tasks',
  jobs: (queue: string) => `/api/admin/scheduled-tasks/queues/${encodeURIComponent(queue)}/jobs`,
  retry: (queue: string, id: string) =>
    `/api/admin/scheduled-tasks/queues/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(id)}/retry`,
  cancel: (queue: string, id: string) =>
    `/api/admin/scheduled-tasks/queues/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(id)}/cancel`,
  /** Outside production only: a job that fails on purpose (the e2e test's failed job to retry). */
  devFailingJob: '/api/dev/scheduled-tasks/failing-job',
} as const;

/** In-app message retraction, readers and the signed-in app's event stream (issue 19 item 7, decision 033). */
export const IN_APP_MESSAGE_API_PATHS = {
  retract: (messageId: string) => `/api/admin/messages/${encodeURIComponent(messageId)}/retract`,
  receipts: (messageId: string) => `/api/admin/messages/${encodeURIComponent(messageId)}/receipts`,
  /** Server-sent events for the signed-in app (one stream per tab). */
  stream: '/api/notification-events',
} as const;

/** Buyer demands and the marketplace's search intake (issue 19 item 5, decision 035). */
export const BUYER_DEMAND_PATHS = {
  /** Admins: demand beside supply for a period. */
  buyerDemands: '/api/buyer-demands',
  /** The public marketplace reports its buyers' searches here. */
  marketplaceSearches: '/api/marketplace-searches',
} as const;

/** CSV exports (issue 19 item 6, decision 036). */
export const EXPORT_API_PATHS = {
  exportCount: (dataset: ExportDataset) => `/api/exports/${dataset}/count`,
  exportCsv: (dataset: ExportDataset) => `/api/exports/${dataset}`,
  exportsRecent: '/api/exports/recent',
} as const;

/** Email settings (issue 19 item 4, decision 034). */
export const EMAIL_SETTINGS_API_PATHS = {
  senders: '/api/email-settings/senders',
  sender: (tenant: string) => `/api/email-settings/senders/${encodeURIComponent(tenant)}`,
  projects: '/api/email-settings/projects',
  projectLeadRecipients: (projectId: number) => `/api/email-settings/projects/${projectId}/lead-recipients`,
  templates: '/api/email-settings/templates',
  template: (name: string) => `/api/email-settings/templates/${encodeURIComponent(name)}`,
  templatePreview: (name: string) => `/api/email-settings/templates/${encodeURIComponent(name)}/preview`,
  templateTest: (name: string) => `/api/email-settings/templates/${encodeURIComponent(name)}/test`,
} as const;

export const API_PATHS = {
  ...PROJECT_API_PATHS,
  auth: AUTH_API_PATHS,

  site: '/api/site',
  siteSettings: '/api/site/settings',

  userProjects: '/api/user-projects',
  userUpdate: '/api/user-update',
  accountRole: '/api/account/role',
  accountPhoto: '/api/account/photo',
  accountImpersonation: '/api/account/impersonation',
  accountSessions: '/api/account/sessions',
  accountSession: (id: string) => `/api/account/sessions/${encodeURIComponent(id)}`,
  invitation: (token: string) => `/api/invitations/${encodeURIComponent(token)}`,

  adminUsers: '/api/admin/users',
  adminUser: (id: string) => `/api/admin/users/${encodeURIComponent(id)}`,
  adminInvitations: '/api/admin/invitations',
  adminMessages: '/api/admin/messages',
  adminMessageOrganisations: '/api/admin/messages/organisations',

  notificationToken: '/api/notifications/token',
  notifications: (email: string) => `/api/notifications/${encodeURIComponent(email)}`,
  notificationReceipt: (event: 'open' | 'read' | 'click') => `/api/notifications/${event}`,

  listings: '/api/listings',
  listingSearchAdd: '/api/listings/search-add',
  listing: (id: number) => `/api/listings/${id}`,
  listingMedia: (id: number) => `/api/listings/${id}/media`,
  listingMediaItem: (id: number, mediaId: number) => `/api/listings/${id}/media/${mediaId}`,
  gazetteer: '/api/gazetteer',

  interest: (product: string) => `/api/interest/${encodeURIComponent(product)}`,
  myInterest: (product: string) => `/api/interest/${encodeURIComponent(product)}/me`,
  feedback: '/api/feedback',
  devMailbox: '/api/dev/mailbox',

  leads: '/api/leads',
  leadsExport: '/api/leads/export',
  leadResponseTimes: '/api/leads/response-times',
  lead: (id: number) => `/api/leads/${id}`,
  leadStatus: (id: number) => `/api/leads/${id}/status`,
  leadNotes: (id: number) => `/api/leads/${id}/notes`,
  leadAssignee: (id: number) => `/api/leads/${id}/assignee`,
  leadSettings: '/api/leads/settings',
  projectLeadRecipients: (projectId: number) => `/api/projects/${projectId}/lead-recipients`,
  leadDigest: '/api/account/lead-digest',
  leadScoringRules: '/api/lead-scoring/rules',
  leadScoringPreview: '/api/lead-scoring/preview',

  listingEvents: '/api/listing-events',
  reportListingPerformance: '/api/reporting/listing-performance',
  reportBuyerFeedback: '/api/reporting/buyer-feedback',

  /** The caller's organisation (issue 18 items 1–3, decision 030). */
  organisation: '/api/organisation',
  organisationLogo: '/api/organisation/logo',
  organisationMembers: '/api/organisation/members',
  organisationMember: (memberId: string) => `/api/organisation/members/${encodeURIComponent(memberId)}`,
  organisationProjects: '/api/organisation/projects',
  organisationInvitations: '/api/organisation/invitations',
  organisationInvitation: (id: string) => `/api/organisation/invitations/${encodeURIComponent(id)}`,
  organisationInvitationResend: (id: string) =>
    `/api/organisation/invitations/${encodeURIComponent(id)}/resend`,
  organisationJoinRequests: '/api/organisation/join-requests',
  organisationJoinRequestDecision: (id: number) => `/api/organisation/join-requests/${id}/decision`,
  /** Admin: every pending invitation across organisations (/pending-invites). */
  pendingInvitations: '/api/admin/pending-invitations',
  pendingInvitation: (id: string) => `/api/admin/pending-invitations/${encodeURIComponent(id)}`,
  pendingInvitationResend: (id: string) => `/api/admin/pending-invitations/${encodeURIComponent(id)}/resend`,
  adminOrganisations: '/api/admin/organisations',
  adminUserOrganisation: (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}/organisation`,

  crmDestinations: '/api/crm/destinations',
  crmDestination: (id: number) => `/api/crm/destinations/${id}`,
  /** POST: a new secret (shown once); the old one signs too for WEBHOOK_SECRET_OVERLAP_HOURS. */
  crmDestinationSecret: (id: number) => `/api/crm/destinations/${id}/secret`,
  crmDestinationDeliveries: (id: number) => `/api/crm/destinations/${id}/deliveries`,
  crmDestinationResendFailed: (id: number) => `/api/crm/destinations/${id}/resend-failed`,
  crmDestinationTest: (id: number) => `/api/crm/destinations/${id}/test`,
  crmDeliveryResend: (id: number) => `/api/crm/deliveries/${id}/resend`,
  crmProjects: '/api/crm/projects',
  apiKeys: '/api/crm/api-keys',
  apiKey: (id: number) => `/api/crm/api-keys/${id}`,
  /** The lead API (organisation API key as `Authorization: Bearer opk_…`). */
  leadApi: '/api/v1/leads',
  listingFeed: '/api/v1/listings/reaxml',
  /** Outside production only: a webhook receiver for the demo data and trying a destination. */
  devWebhookReceiver: '/api/dev/webhook-receiver',

  analyticsConfig: '/api/analytics/config',
  analyticsBatch: '/api/analytics/batch',
} as const;

/**
 * The id of the JSON element in which the server sends a signed-in page the answers to its first GETs
 * (decision 048): written by the API (lib/page-answers.ts), read once by the web app (lib/page-answers.ts).
 */
export const PAGE_ANSWERS_ELEMENT_ID = 'page-answers';
