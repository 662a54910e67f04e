import { z } from 'zod';
import { JOB_ROLES } from './enums.ts';

export const jobRoleIdSchema = z
  .number()
  .int()
  .refine((id) => JOB_ROLES.some((role) => role.id === id), 'Choose one of the listed roles.');

/** POST /api/account/role: the job role chosen at /role (design §1). */
export const chooseRoleRequestSchema = z.object({ roleId: jobRoleIdSchema });

/** POST /api/account/impersonation: the user's own opt-out (design §1). */
export const impersonationPreferenceSchema = z.object({ optOut: z.boolean() });

/** One of the signed-in user's sessions (GET /api/account/sessions). */
export const accountSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });

/** POST /api/account/photo answer. */
export const profilePhotoSchema = z.object({ image: z.string().nullable() });
export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** A row of the admin's user list (GET /api/admin/users). */
export const adminUserRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
  banned: z.boolean(),
  jobRoleId: z.number().nullable(),
  organisation: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const ADMIN_USERS_PER_PAGE = 25;
export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(ADMIN_USERS_PER_PAGE),
});
export const adminUsersPageSchema = z.object({
  items: z.array(adminUserRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** GET /api/admin/users/{id}: one user as the admin sees them at /profile/{id}. */
export const adminUserDetailSchema = adminUserRowSchema.extend({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  title: z.string().nullable(),
  image: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  phoneNumberVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  impersonationOptOut: z.boolean(),
  banReason: z.string().nullable(),
  termsAcceptedAt: z.string().nullable(),
  activeSessions: z.number().int(),
  organisationRole: z.string().nullable(),
  /** Why impersonation is refused for this user, or null when the admin may act as them. */
  impersonationRefusal: z.string().nullable(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** POST /api/admin/invitations: an admin invites someone, who sets a password at /activate. */
export const createInvitationRequestSchema = z.object({
  email: z.email('Enter a valid email address').max(254),
  firstName: z.string().trim().min(1, 'Enter a first name').max(100),
  lastName: z.string().trim().min(1, 'Enter a last name').max(100),
  organisationId: z.string().min(1).optional(),
});
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  expiresAt: z.string(),
});

/** GET /api/invitations/{token}: what /activate shows before the password is set (public). */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  organisationName: z.string().nullable(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** POST /api/auth/impersonation/start answer: the admin's magic token, kept in session storage. */
export const impersonationStartSchema = z.object({ magicToken: z.string(), userId: z.string() });
/** POST /api/auth/impersonation/connect answer: where the restored admin lands. */
export const impersonationConnectSchema = z.object({ redirectTo: z.string() });

/** A message of the outbox (GET /api/dev/mailbox, admins in development only). */
export const OUTBOX_CHANNELS = ['email', 'sms'] as const;
export const OUTBOX_STATUSES = ['pending', 'sent', 'stored', 'failed'] as const;
export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(OUTBOX_CHANNELS),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** Links found in the message, so the mailbox can open them. */
  links: z.array(z.string()),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const mailboxPageSchema = z.object({ items: z.array(outboxMessageSchema), total: z.number().int() });

/** What PATCH /api/admin/users/{id} changed, field by field (also the audit entry's data). */
export const adminUserChangeSchema = z.object({
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});

/** An email sent for the admin (password reset or verification): where it went. */
export const adminUserEmailSentSchema = z.object({ sentTo: z.string() });

/** How a person reaches a project (spec §6): approved member, recommended, or an access request waiting. */
export const ADMIN_USER_PROJECT_ACCESS = ['member', 'recommended', 'pending'] as const;
export type AdminUserProjectAccess = (typeof ADMIN_USER_PROJECT_ACCESS)[number];
export const ADMIN_USER_PROJECT_ACCESS_LABELS: Record<AdminUserProjectAccess, string> = {
  member: 'Member',
  recommended: 'Recommended',
  pending: 'Awaiting access',
};

/** GET /api/admin/users/{id}/projects. */
export const adminUserProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  suburb: z.string(),
  state: z.string(),
  stageLabel: z.string(),
  access: z.enum(ADMIN_USER_PROJECT_ACCESS),
  /** When the access request was made (pending only). */
  requestedAt: z.string().nullable(),
});
export type AdminUserProject = z.infer<typeof adminUserProjectSchema>;
export const adminUserProjectsSchema = z.object({ items: z.array(adminUserProjectSchema) });
export type AdminUserProjects = z.infer<typeof adminUserProjectsSchema>;

const personRefSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** GET /api/admin/users/{id}/sessions: the user's sessions that have not expired, newest use first. */
export const adminUserSessionSchema = accountSessionSchema.omit({ current: true }).extend({
  /** The admin acting as the user in this session, if any. */
  impersonatedBy: personRefSchema.nullable(),
});
export type AdminUserSession = z.infer<typeof adminUserSessionSchema>;
export const adminUserSessionsSchema = z.object({ sessions: z.array(adminUserSessionSchema) });
export type AdminUserSessions = z.infer<typeof adminUserSessionsSchema>;

/** GET /api/admin/users/{id}/audit: the newest entries about or by the user (no paging API yet). */
export const ADMIN_USER_AUDIT_LIMIT = 50;
export const adminUserAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  /** Who did it (the real person: during impersonation, the admin). */
  actor: personRefSchema.nullable(),
  /** Set when the actor was acting as someone. */
  actingAs: personRefSchema.nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminUserAuditEntry = z.infer<typeof adminUserAuditEntrySchema>;
export const adminUserAuditSchema = z.object({
  items: z.array(adminUserAuditEntrySchema),
  limit: z.number().int(),
});
export type AdminUserAudit = z.infer<typeof adminUserAuditSchema>;
