import { MASKED_LEAD_CONTACT_ROLE_IDS, type OrganisationRole } from './enums.ts';

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

/** Named permission sets (design §1); /roles edits copies of these in a later issue. */
export const PERMISSION_SETS = {
  platformAdmin: [...PERMISSIONS],
  organisationManager: [
    'projects.edit',
    'projects.claim',
    'leads.view',
    'leads.contact_details',
    'leads.export',
    'reporting.view',
    'crm.manage',
    'organisation.manage',
  ],
  member: [
    'projects.edit',
    'projects.claim',
    'leads.view',
    'leads.contact_details',
    'leads.export',
    'reporting.view',
  ],
} as const satisfies Record<string, readonly Permission[]>;

/** Spec §6 role-id list [8]: these job roles see lead counts and reports, never contact details. */
const CONTACT_DETAIL_PERMISSIONS: readonly Permission[] = ['leads.contact_details', 'leads.export'];

export type PermissionSubject = {
  isAdmin: boolean;
  jobRoleId: number | null | undefined;
  organisationRole: OrganisationRole | null | undefined;
};

/** The permissions a person holds: their set by platform and organisation role, less what their job role forbids. */
export function permissionsOf(subject: PermissionSubject): ReadonlySet<Permission> {
  if (subject.isAdmin) return new Set(PERMISSION_SETS.platformAdmin);
  const base: readonly Permission[] =
    subject.organisationRole === 'owner' || subject.organisationRole === 'admin'
      ? PERMISSION_SETS.organisationManager
      : PERMISSION_SETS.member;
  const masked = subject.jobRoleId != null && MASKED_LEAD_CONTACT_ROLE_IDS.includes(subject.jobRoleId);
  return new Set(
    masked ? base.filter((permission) => !CONTACT_DETAIL_PERMISSIONS.includes(permission)) : base,
  );
}

export function hasPermission(subject: PermissionSubject, permission: Permission): boolean {
  return permissionsOf(subject).has(permission);
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
