import { type AnalyticsUser, JOB_ROLES, type SessionUser } from '@offplan/shared';

export type AnalyticsUserSource = {
  /** The session user; `termsAcceptedAt` is read when the session carries it. */
  user: SessionUser & { termsAcceptedAt?: string | Date | null };
  isAdmin: boolean;
  /** The account state's organisation (spec §3); null for admins and users without one. */
  organisation: { id: string; name: string } | null;
};

/**
 * Spec §3 "Analytics user" from the session user and the account state, with spec §6's roles:
 * `role` is admin or user, `role_id` the job role's number and `user_role` its label.
 */
export function toAnalyticsUser({ user, isAdmin, organisation }: AnalyticsUserSource): AnalyticsUser {
  const jobRoleId = user.jobRoleId ?? null;
  return {
    user_id: user.id,
    first_name: user.firstName ?? null,
    last_name: user.lastName ?? null,
    email: user.email,
    phone: user.phoneNumber ?? null,
    job_title: user.title ?? null,
    role_id: jobRoleId,
    user_role: JOB_ROLES.find((role) => role.id === jobRoleId)?.label ?? null,
    role: isAdmin ? 'admin' : 'user',
    company: organisation?.name ?? user.companyName ?? null,
    org_id: organisation?.id ?? null,
    role_updated: jobRoleId != null,
    terms_accepted: user.termsAcceptedAt != null,
    // Not modelled yet: organisations have no visibility setting.
    organisation_visibility: null,
  };
}
