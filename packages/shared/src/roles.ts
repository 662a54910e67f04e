import { z } from 'zod';
import { JOB_ROLES, MASKED_LEAD_CONTACT_ROLE_IDS, ORGANISATION_ROLES } from './enums.ts';
import { PERMISSIONS, type Permission, type PermissionSetKey } from './permissions.ts';

/** /roles, Manage Roles (issue 19 item 2, decision 032): the permission sets and their edits. */

/** One line per permission: what holding it lets a person do (the rows of the /roles matrix). */
export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  'projects.edit': 'Add projects and edit the listings of their approved projects',
  'projects.claim': 'Claim an unowned project for their organisation',
  'leads.view': 'See the leads of their approved projects (counts and status)',
  'leads.contact_details': "Read a lead's name, email and phone, and work the lead",
  'leads.export': 'Download their leads as CSV',
  'reporting.view': 'Open the listing-performance and buyer-feedback reports',
  'crm.manage': "Connect the organisation's CRM: webhooks and API keys",
  'organisation.manage': "Edit the organisation's details and manage its members and invitations",
  'users.manage': 'Admin: edit users, verify emails, ban, reset passwords, move people between organisations',
  impersonate: 'Admin: act as a user (never another admin)',
  'settings.manage': 'Admin: manage roles, email settings and scheduled tasks',
};

/** What a set is: the platform admin's, an organisation role's, or a job role's restriction. */
export const PERMISSION_SET_KINDS = ['platform', 'organisation', 'jobRole'] as const;
export type PermissionSetKind = (typeof PERMISSION_SET_KINDS)[number];

export const PERMISSION_SET_KIND_LABELS: Record<PermissionSetKind, string> = {
  platform: 'Platform',
  organisation: 'Organisation roles',
  jobRole: 'Job roles (restrict the organisation role)',
};

type SetInfo = { key: PermissionSetKey; kind: PermissionSetKind; label: string; note: string | null };

const capitalised = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/** The sets /roles shows, in its column order, each with its label and (for some) a note. */
export const PERMISSION_SET_INFO: readonly SetInfo[] = [
  { key: 'platform_admin', kind: 'platform', label: 'Platform admin', note: null },
  ...ORGANISATION_ROLES.map(
    (role): SetInfo => ({
      key: `organisation_${role}`,
      kind: 'organisation',
      label: capitalised(role),
      note: role === 'member' ? 'Also applies to people without an organisation.' : null,
    }),
  ),
  ...JOB_ROLES.map(
    (role): SetInfo => ({
      key: `job_role_${role.id}`,
      kind: 'jobRole',
      label: role.label,
      note: MASKED_LEAD_CONTACT_ROLE_IDS.includes(role.id)
        ? `Spec §6 role-id list [${MASKED_LEAD_CONTACT_ROLE_IDS.join(', ')}]: starts without lead contact details and export, so leads show masked names, emails and phones.`
        : null,
    }),
  ),
];

/**
 * Which permission each admin area needs besides being a platform admin (their routes use
 * `requirePlatformAdmin` and `requirePermission(ADMIN_AREA_PERMISSIONS.<area>)`).
 */
export const ADMIN_AREA_PERMISSIONS = {
  roles: 'settings.manage',
  emailSettings: 'settings.manage',
  scheduledTasks: 'settings.manage',
  users: 'users.manage',
} as const satisfies Record<string, Permission>;

/** The permission without which nobody could manage roles again: the platform admin set keeps it. */
export const ROLES_MANAGE_PERMISSION: Permission = ADMIN_AREA_PERMISSIONS.roles;

export const ROLES_MESSAGES = {
  unknownSet: 'No such permission set.',
  lockout: `The platform admin set must keep ${ROLES_MANAGE_PERMISSION}: without it no admin could manage roles again.`,
  unknownPermission: (names: string[]) =>
    `Unknown permission${names.length > 1 ? 's' : ''}: ${names.join(', ')}.`,
} as const;

/** PUT /api/admin/roles/{setKey}: the set's permissions as they are to be (names checked by the API). */
export const permissionSetInputSchema = z.strictObject({
  permissions: z.array(z.string().max(100)).max(100),
});
export type PermissionSetInput = z.infer<typeof permissionSetInputSchema>;

export const permissionSetSchema = z.object({
  key: z.string(),
  kind: z.enum(PERMISSION_SET_KINDS),
  label: z.string(),
  note: z.string().nullable(),
  permissions: z.array(z.enum(PERMISSIONS)),
  defaultPermissions: z.array(z.enum(PERMISSIONS)),
  edited: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type PermissionSetView = z.infer<typeof permissionSetSchema>;

export const permissionSetsAnswerSchema = z.object({
  permissions: z.array(z.object({ name: z.enum(PERMISSIONS), description: z.string() })),
  sets: z.array(permissionSetSchema),
});
export type PermissionSetsAnswer = z.infer<typeof permissionSetsAnswerSchema>;
