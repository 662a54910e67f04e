import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@offplan/shared';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { member, userInvitations } from '../../db/schema/index.ts';
import { auditFromAuth, hashSecretToken } from './plugin-context.ts';

export const INVITATION_INVALID_MESSAGE =
  'This invitation has expired or has already been used. Ask for a new one.';

/** An invitation that can still be accepted, by its token: not used, not revoked, not expired (decision 030). */
export async function findOpenInvitation(db: Db, token: string) {
  const [invitation] = await db
    .select()
    .from(userInvitations)
    .where(
      and(
        eq(userInvitations.tokenHash, hashSecretToken(token)),
        isNull(userInvitations.acceptedAt),
        isNull(userInvitations.revokedAt),
        gt(userInvitations.expiresAt, new Date()),
      ),
    );
  return invitation;
}

/**
 * `/activate` (design §7): an invited person sets a password. The account is created then, with the
 * email counted as verified (the link proved it), joined to the inviting organisation, and signed in.
 * The password policy is checked by the before-hook like every other password.
 */
export function invitationPlugin(db: Db) {
  return {
    id: 'offplan-invitations',
    endpoints: {
      activateInvitation: createAuthEndpoint(
        '/invitation/activate',
        { method: 'POST', body: z.object({ token: z.string().min(1).max(200), password: z.string() }) },
        async (ctx) => {
          const invitation = await findOpenInvitation(db, ctx.body.token);
          if (!invitation) {
            throw new APIError('BAD_REQUEST', {
              code: ERROR_CODES.invalidToken,
              message: INVITATION_INVALID_MESSAGE,
            });
          }
          if (await ctx.context.internalAdapter.findUserByEmail(invitation.email)) {
            throw new APIError('CONFLICT', {
              code: ERROR_CODES.accountExists,
              message: 'An account already exists for this email. Sign in instead, or reset your password.',
            });
          }
          const user = await ctx.context.internalAdapter.createUser(
            {
              email: invitation.email,
              name: `${invitation.firstName} ${invitation.lastName}`,
              firstName: invitation.firstName,
              lastName: invitation.lastName,
              emailVerified: true,
              role: 'user',
            },
            { method: 'admin' },
          );
          await ctx.context.internalAdapter.linkAccount({
            userId: user.id,
            providerId: 'credential',
            accountId: user.id,
            password: await ctx.context.password.hash(ctx.body.password),
          });
          if (invitation.organisationId) {
            await db.insert(member).values({
              id: randomUUID(),
              organizationId: invitation.organisationId,
              userId: user.id,
              // The role the organisation invited them with (decision 030); admins' invitations say member.
              role: invitation.role,
              createdAt: new Date(),
            });
          }
          const [accepted] = await db
            .update(userInvitations)
            .set({ acceptedAt: new Date(), acceptedUserId: user.id })
            .where(
              and(
                eq(userInvitations.id, invitation.id),
                // Still the same link: not used, revoked or resent since it was read above.
                eq(userInvitations.tokenHash, invitation.tokenHash),
                isNull(userInvitations.acceptedAt),
                isNull(userInvitations.revokedAt),
              ),
            )
            .returning();
          if (!accepted) {
            await ctx.context.internalAdapter.deleteUser(user.id);
            throw new APIError('BAD_REQUEST', {
              code: ERROR_CODES.invalidToken,
              message: INVITATION_INVALID_MESSAGE,
            });
          }
          await auditFromAuth(db, ctx.request, {
            action: 'invitation.accept',
            actorUserId: user.id,
            targetType: 'invitation',
            targetId: invitation.id,
          });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ status: true });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
