import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organization, userInvitations, user as userTable } from '../../db/schema/index.ts';
import { findOpenInvitation } from '../auth/invitation.plugin.ts';

export type NewInvitation = typeof userInvitations.$inferInsert;

export async function emailHasAccount(db: Db, email: string): Promise<boolean> {
  const [existing] = await db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, email));
  return Boolean(existing);
}

/** The organisation's name, or null when there is no such organisation. */
export async function organisationNameOf(db: Db, organisationId: string): Promise<string | null> {
  const [found] = await db
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, organisationId));
  return found?.name ?? null;
}

/** Stores the invitation and, in the same transaction, what `alsoInTransaction` writes (its audit row). */
export async function insertInvitation(
  db: Db,
  invitation: NewInvitation,
  alsoInTransaction: (tx: Db) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(userInvitations).values(invitation);
    await alsoInTransaction(tx);
  });
}

/** What /activate shows of an open invitation (unused, unexpired), or null. */
export async function openInvitationPreview(db: Db, token: string) {
  const invitation = await findOpenInvitation(db, token);
  if (!invitation) return null;
  const organisationName = invitation.organisationId
    ? await organisationNameOf(db, invitation.organisationId)
    : null;
  return {
    email: invitation.email,
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    organisationName,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}
