import {
  JOB_ROLES,
  type JobRoleId,
  MASKED_LEAD_CONTACT_ROLE_IDS,
  ORGANISATION_ROLES,
  type OrganisationRole,
} from './enums.ts';

/** Design §1 starting set of permissions, each checked on the server for every call that needs it. */
export const PERMISSIONS = [
  'projects.edit',
  'projects.claim',
  'leads.view',
  'leads.contact_details',
  'leads.export',
  'reporting.view',
  'crm.manage',
  'organisation.manage',
  'users.manage',
  'impersonate',
  'settings.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** A permission set's key (/roles): the platform admin set, one per organisation role, one per job role. */
export type PermissionSetKey =
  | 'platform_admin'
  | `organisation_${OrganisationRole}`
  | `job_role_${JobRoleId}`;

export const PERMISSION_SET_KEYS: readonly PermissionSetKey[] = [
  'platform_admin',
  ...ORGANISATION_ROLES.map((role) => `organisation_${role}` as const),
  ...JOB_ROLES.map((role) => `job_role_${role.id}` as const),
];

export const isPermissionSetKey = (key: string): key is PermissionSetKey =>
  (PERMISSION_SET_KEYS as readonly string[]).includes(key);

/** Every set, as it applies: the starting sets below, or an admin's edit of one at /roles. */
export type PermissionSets = Readonly<Record<PermissionSetKey, readonly Permission[]>>;

const ORGANISATION_MANAGER: readonly Permission[] = [
  'projects.edit',
  'projects.claim',
  'leads.view',
  'leads.contact_details',
  'leads.export',
  'reporting.view',
  'crm.manage',
  'organisation.manage',
];
const MEMBER: readonly Permission[] = [
  'projects.edit',
  'projects.claim',
  'leads.view',
  'leads.contact_details',
  'leads.export',
  'reporting.view',
];

/** Spec §6 role-id list [8]: these job roles see lead counts and reports, never contact details. */
export const CONTACT_DETAIL_PERMISSIONS: readonly Permission[] = ['leads.contact_details', 'leads.export'];

/**
 * Design §1's starting sets, in code: a row of `permission_set_overrides` replaces one until it is
 * reset. A job role's set restricts what the organisation role gives, so it starts full; the roles of
 * spec §6's role-id list start without the lead contact details.
 */
export const DEFAULT_PERMISSION_SETS: PermissionSets = {
  platform_admin: [...PERMISSIONS],
  organisation_owner: ORGANISATION_MANAGER,
  organisation_admin: ORGANISATION_MANAGER,
  organisation_member: MEMBER,
  ...jobRoleSets(),
};

function jobRoleSets() {
  const sets = {} as Record<`job_role_${JobRoleId}`, readonly Permission[]>;
  for (const role of JOB_ROLES) {
    sets[`job_role_${role.id}`] = MASKED_LEAD_CONTACT_ROLE_IDS.includes(role.id)
      ? PERMISSIONS.filter((permission) => !CONTACT_DETAIL_PERMISSIONS.includes(permission))
      : [...PERMISSIONS];
  }
  return sets;
}

/** The sets in force: the starting sets with each saved edit in place of its set (unknown keys ignored). */
export function permissionSetsWith(
  overrides: readonly { setKey: string; permissions: readonly string[] }[],
): PermissionSets {
  const sets: Record<PermissionSetKey, readonly Permission[]> = { ...DEFAULT_PERMISSION_SETS };
  for (const { setKey, permissions } of overrides) {
    if (!isPermissionSetKey(setKey)) continue;
    sets[setKey] = PERMISSIONS.filter((permission) => permissions.includes(permission));
  }
  return sets;
}

export type PermissionSubject = {
  isAdmin: boolean;
  jobRoleId: number | null | undefined;
  organisationRole: OrganisationRole | null | undefined;
};

/**
 * The permissions a person holds (design §1): a platform admin's set; anyone else's organisation
 * role's set (the member set without an organisation) less what their job role's set leaves out (no job
 * role, or one without a set: no restriction). Pure: the API passes the sets in force, the web never
 * computes this itself (it reads the result from GET /api/user-projects).
 */
export function permissionsOf(
  subject: PermissionSubject,
  sets: PermissionSets = DEFAULT_PERMISSION_SETS,
): ReadonlySet<Permission> {
  if (subject.isAdmin) return new Set(sets.platform_admin);
  const base = sets[`organisation_${subject.organisationRole ?? 'member'}`];
  const jobRoleKey = `job_role_${subject.jobRoleId}`;
  const jobRole = isPermissionSetKey(jobRoleKey) ? sets[jobRoleKey] : null;
  return new Set(jobRole ? base.filter((permission) => jobRole.includes(permission)) : base);
}

export function hasPermission(
  subject: PermissionSubject,
  permission: Permission,
  sets: PermissionSets = DEFAULT_PERMISSION_SETS,
): boolean {
  return permissionsOf(subject, sets).has(permission);
}

const MASK = '••••';

/** A lead's contact details as someone without `leads.contact_details` may see them. */
export function maskLeadContact<
  T extends { name?: string | null; email?: string | null; phone?: string | null },
>(lead: T): T {
  return {
    ...lead,
    ...(lead.name != null ? { name: lead.name.trim().split(/\s+/)[0]?.[0]?.concat('.', MASK) ?? MASK } : {}),
    ...(lead.email != null ? { email: MASK } : {}),
    ...(lead.phone != null ? { phone: MASK } : {}),
  };
}

/** The number as users see it when it is not theirs to read in full: only the last three digits. */
export function maskPhoneNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `•••• ••• ${digits.slice(-3)}`;
}

/** Spec §6 isAdmin: the platform admin role of better-auth's admin plugin (here, apart
 * from the session schema in session.ts: the web app's first page asks it, decision 044). */
export function isPlatformAdmin(user: { role?: string | null }): boolean {
  return (user.role ?? '').split(',').some((role) => role.trim() === 'admin');
}
