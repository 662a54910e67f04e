import { randomUUID } from 'node:crypto';
import { INVITATION_DAYS, type OrganisationRole, type PendingInvitation } from '@offplan/shared';
import { and, asc, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { member, organization, userInvitations, user as userTable } from '../../db/schema/index.ts';

/**
 * Invitations to organisations (decision 030), stored as the admins' portal invitations are
 * (`user_invitations`, token hashed). The organisation's calls pass their organisation id and every
 * query is narrowed to it, so another organisation's invitation is not found; the admins' pass none.
 */

/** Whose invitations a call may see: one organisation's, or (platform admins) every one. */
export type InvitationScope = { organisationId: string } | 'everyone';

/** The organisation a person acts for, with their role there: their oldest membership, as permissionSubjectOf reads it. */
export async function membershipOf(db: Db, userId: string) {
  const [membership] = await db
    .select({ organisationId: member.organizationId, role: member.role })
    .from(member)
    .where(eq(member.userId, userId))
    .orderBy(asc(member.createdAt))
    .limit(1);
  return membership
    ? { organisationId: membership.organisationId, role: membership.role as OrganisationRole }
    : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const inScope = (scope: InvitationScope): SQL | undefined =>
  scope === 'everyone' ? undefined : eq(userInvitations.organisationId, scope.organisationId);

/** Neither accepted nor revoked: the invitations resend and revoke act on (an expired one may be resent). */
const open = () => and(isNull(userInvitations.acceptedAt), isNull(userInvitations.revokedAt));
/** Pending (decision 030): not accepted, not revoked, not expired. */
const pending = () => and(open(), gt(userInvitations.expiresAt, new Date()));

async function invitationRows(db: Db, where: SQL | undefined): Promise<PendingInvitation[]> {
  const rows = await db
    .select({
      id: userInvitations.id,
      email: userInvitations.email,
      firstName: userInvitations.firstName,
      lastName: userInvitations.lastName,
      role: userInvitations.role,
      invitedBy: userTable.name,
      expiresAt: userInvitations.expiresAt,
      organisationId: userInvitations.organisationId,
      organisationName: organization.name,
    })
    .from(userInvitations)
    .leftJoin(userTable, eq(userTable.id, userInvitations.invitedBy))
    .leftJoin(organization, eq(organization.id, userInvitations.organisationId))
    .where(where)
    .orderBy(desc(userInvitations.expiresAt), asc(userInvitations.email));
  return rows.map((row) => ({
    ...row,
    role: row.role as OrganisationRole,
    invitedBy: row.invitedBy ?? null,
    // Every link lives INVITATION_DAYS from when it was sent, first or again: the row keeps its first
    // creation time, so the current link's sending time is read back from its expiry.
    sentAt: new Date(row.expiresAt.getTime() - INVITATION_DAYS * DAY_MS).toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
}

/** Pending invitations in the scope, newest first. */
export const listPendingInvitations = (db: Db, scope: InvitationScope) =>
  invitationRows(db, and(pending(), inScope(scope)));

const invitationById = async (db: Db, id: string) =>
  (await invitationRows(db, eq(userInvitations.id, id)))[0]!;

export type InvitationRefusal = 'alreadyMember' | 'otherOrganisation' | 'accountExists' | 'alreadyInvited';

/** Why `email` cannot be invited to the organisation, or null when it can. */
async function refusalFor(db: Db, organisationId: string, email: string): Promise<InvitationRefusal | null> {
  const [account] = await db
    .select({ id: userTable.id, organisationId: member.organizationId })
    .from(userTable)
    .leftJoin(member, eq(member.userId, userTable.id))
    .where(eq(userTable.email, email))
    .orderBy(asc(member.createdAt));
  if (account) {
    if (account.organisationId === organisationId) return 'alreadyMember';
    return account.organisationId ? 'otherOrganisation' : 'accountExists';
  }
  const [invited] = await db
    .select({ id: userInvitations.id })
    .from(userInvitations)
    .where(and(eq(userInvitations.email, email), pending()))
    .limit(1);
  return invited ? 'alreadyInvited' : null;
}

/**
 * Stores an invitation to the organisation and, in the same transaction, its audit row; or says why
 * not, writing nothing.
 */
export async function createOrganisationInvitation(
  db: Db,
  invitation: {
    organisationId: string;
    email: string;
    firstName: string;
    lastName: string;
    role: OrganisationRole;
    invitedBy: string;
    tokenHash: string;
    expiresAt: Date;
  },
  alsoInTransaction: (tx: Db, id: string) => Promise<void>,
): Promise<PendingInvitation | InvitationRefusal> {
  const id = randomUUID();
  const refusal = await db.transaction(async (tx) => {
    // Two invitations to one email sent at once take turns, so the second sees the first as pending.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invitation:${invitation.email}`}))`);
    const refused = await refusalFor(tx, invitation.organisationId, invitation.email);
    if (refused) return refused;
    await tx.insert(userInvitations).values({ id, ...invitation });
    await alsoInTransaction(tx, id);
    return null;
  });
  return refusal ?? invitationById(db, id);
}

/**
 * Gives an open invitation in the scope a new link (the old hash is replaced, so the old link stops
 * working) and, in the same transaction, its audit row; null when there is no such open invitation.
 */
export async function renewInvitation(
  db: Db,
  scope: InvitationScope,
  id: string,
  link: { tokenHash: string; expiresAt: Date },
  alsoInTransaction: (tx: Db, invitation: PendingInvitation) => Promise<void>,
): Promise<PendingInvitation | null> {
  return db.transaction(async (tx) => {
    const [renewed] = await tx
      .update(userInvitations)
      .set(link)
      .where(and(eq(userInvitations.id, id), open(), inScope(scope)))
      .returning({ id: userInvitations.id });
    if (!renewed) return null;
    const invitation = await invitationById(tx, id);
    await alsoInTransaction(tx, invitation);
    return invitation;
  });
}

/** Revokes an open invitation in the scope, with its audit row; false when there is no such one. */
export async function revokeInvitation(
  db: Db,
  scope: InvitationScope,
  id: string,
  alsoInTransaction: (tx: Db, invitation: PendingInvitation) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(userInvitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(userInvitations.id, id), open(), inScope(scope)))
      .returning({ id: userInvitations.id });
    if (!revoked) return false;
    await alsoInTransaction(tx, await invitationById(tx, id));
    return true;
  });
}
