import { randomBytes, randomUUID } from 'node:crypto';
import {
  emailDomainOf,
  isOrganisationMailDomain,
  type JoinRequestMatch,
  normaliseOrganisationName,
  type OrganisationJoinRequest,
} from '@offplan/shared';
import { and, asc, count, eq, ilike, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { member, organisationJoinRequests, organization, user } from '../../db/schema/index.ts';
import {
  type JoinMessenger,
  tellOwnersOfRequest,
  tellRequesterOfDecision,
} from './organisation-joins.messages.ts';

/**
 * Decision 030 "Join requests": every query of the module. Organisations are made as better-auth's
 * organisation plugin makes them: a 32-character random id and a unique slug from the name.
 *
 * Names stay distinct by their normalised form (`normaliseOrganisationName`). Where the portal names an
 * organisation itself — a registration that matched nobody, a declined request — and the name is taken,
 * it appends " (2)", " (3)", …: a registration has no address, so there is no suburb to tell them apart.
 * Admins choose names themselves, so a taken name is refused (409) instead.
 */

/** Done inside the change's transaction (its audit row): the change and its record commit together. */
export type AlongWith = (tx: Db, data: Record<string, unknown>) => Promise<void>;

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** An id as better-auth generates them (32 letters and digits). */
function newOrganisationId(): string {
  return [...randomBytes(32)].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'organisation';

async function freeSlug(tx: Db, name: string): Promise<string> {
  const base = slugOf(name);
  for (let candidate = base; ; candidate = `${base}-${randomBytes(3).toString('hex')}`) {
    const [taken] = await tx
      .select({ id: organization.id })
      .from(organization)
      .where(eq(organization.slug, candidate));
    if (!taken) return candidate;
  }
}

/** Every organisation's normalised name (organisations number in the hundreds, not millions). */
async function normalisedNames(tx: Db, publicOnly = false) {
  const rows = await tx
    .select({ id: organization.id, name: organization.name })
    .from(organization)
    .where(publicOnly ? sql`coalesce(${organization.visibility}, 'public') = 'public'` : undefined)
    .orderBy(asc(organization.createdAt), asc(organization.id));
  return rows.map((row) => ({ ...row, normalised: normaliseOrganisationName(row.name) }));
}

/** Whether an organisation's normalised name is already `name`'s. */
export async function organisationNameTaken(tx: Db, name: string): Promise<boolean> {
  const wanted = normaliseOrganisationName(name);
  return (await normalisedNames(tx)).some((row) => row.normalised === wanted);
}

/** `name`, or `name (2)`, `name (3)`, … : the first whose normalised form no organisation has. */
async function distinctName(tx: Db, name: string): Promise<string> {
  const taken = new Set((await normalisedNames(tx)).map((row) => row.normalised));
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? name : `${name} (${n})`;
    if (!taken.has(normaliseOrganisationName(candidate))) return candidate;
  }
}

/** Organisations are named one at a time, so two made at once cannot both take a name. */
const lockNames = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('organisation-names'))`);

async function insertOrganisation(tx: Db, values: { name: string; abn?: string | null }) {
  const id = newOrganisationId();
  const [row] = await tx
    .insert(organization)
    .values({
      id,
      name: values.name,
      slug: await freeSlug(tx, values.name),
      abn: values.abn ?? null,
      visibility: 'public',
      createdAt: new Date(),
    })
    .returning({ id: organization.id, name: organization.name, abn: organization.abn });
  return row!;
}

async function addMember(tx: Db, organisationId: string, userId: string, role: string) {
  await tx
    .insert(member)
    .values({ id: randomUUID(), organizationId: organisationId, userId, role, createdAt: new Date() });
}

/** The organisation a registration matches: by public name first, else by an owner's email domain. */
export async function matchingOrganisation(
  db: Db,
  registrant: { email: string; companyName: string },
): Promise<{ id: string; name: string; matchedBy: JoinRequestMatch } | null> {
  const wanted = normaliseOrganisationName(registrant.companyName);
  if (wanted) {
    const byName = (await normalisedNames(db, true)).find((row) => row.normalised === wanted);
    if (byName) return { id: byName.id, name: byName.name, matchedBy: 'name' };
  }
  const domain = emailDomainOf(registrant.email);
  if (!isOrganisationMailDomain(domain)) return null;
  const [byDomain] = await db
    .select({ id: organization.id, name: organization.name })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.role, 'owner'), sql`lower(split_part(${user.email}, '@', 2)) = ${domain}`))
    .orderBy(asc(organization.createdAt), asc(organization.id))
    .limit(1);
  return byDomain ? { ...byDomain, matchedBy: 'domain' } : null;
}

const ownersOf = (tx: Db, organisationId: string) =>
  tx
    .select({ id: user.id, email: user.email })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organisationId), eq(member.role, 'owner')));

export type Registrant = { id: string; name: string; email: string; companyName: string | null };

/**
 * Where a new account goes (decision 030): a pending join request to the organisation its name or email
 * domain matches (the owners told in the same transaction), else a new organisation it owns. Nothing
 * for an account that already has an organisation or a request, or typed no name.
 */
export async function placeRegistrant(
  db: Db,
  messenger: JoinMessenger,
  registrant: Registrant,
): Promise<{ joinRequestId: number; organisationId: string } | { createdOrganisationId: string } | null> {
  const companyName = registrant.companyName?.trim() ?? '';
  if (!companyName) return null;
  const match = await matchingOrganisation(db, { email: registrant.email, companyName });
  return db.transaction(async (tx) => {
    await lockNames(tx);
    const [membership] = await tx
      .select({ id: member.id })
      .from(member)
      .where(eq(member.userId, registrant.id));
    const [waiting] = await tx
      .select({ id: organisationJoinRequests.id })
      .from(organisationJoinRequests)
      .where(
        and(
          eq(organisationJoinRequests.userId, registrant.id),
          eq(organisationJoinRequests.status, 'PENDING'),
        ),
      );
    if (membership || waiting) return null;
    if (match) {
      const [request] = await tx
        .insert(organisationJoinRequests)
        .values({ organisationId: match.id, userId: registrant.id, matchedBy: match.matchedBy })
        .returning({ id: organisationJoinRequests.id });
      await tellOwnersOfRequest(tx, messenger, await ownersOf(tx, match.id), match.name, registrant);
      return { joinRequestId: request!.id, organisationId: match.id };
    }
    const created = await insertOrganisation(tx, { name: await distinctName(tx, companyName) });
    await addMember(tx, created.id, registrant.id, 'owner');
    return { createdOrganisationId: created.id };
  });
}

/** The organisation's pending requests, oldest first. */
export async function pendingJoinRequests(
  db: Db,
  organisationId: string,
): Promise<OrganisationJoinRequest[]> {
  const rows = await db
    .select({
      id: organisationJoinRequests.id,
      name: user.name,
      email: user.email,
      registeredAt: user.createdAt,
      matchedBy: organisationJoinRequests.matchedBy,
    })
    .from(organisationJoinRequests)
    .innerJoin(user, eq(user.id, organisationJoinRequests.userId))
    .where(
      and(
        eq(organisationJoinRequests.organisationId, organisationId),
        eq(organisationJoinRequests.status, 'PENDING'),
      ),
    )
    .orderBy(asc(organisationJoinRequests.createdAt), asc(organisationJoinRequests.id));
  return rows.map((row) => ({ ...row, registeredAt: row.registeredAt.toISOString() }));
}

export type DecisionResult =
  | {
      status: 'APPROVED' | 'DECLINED';
      id: number;
      userId: string;
      organisation: { id: string; name: string };
    }
  | 'not-found'
  | 'decided';

/**
 * Decides one of `organisationId`'s requests: approve makes the person a member; decline gives them an
 * organisation of their own named as they typed it. Another organisation's request is 'not-found'.
 */
export async function decideJoinRequest(
  db: Db,
  messenger: JoinMessenger,
  decision: { organisationId: string; requestId: number; deciderId: string; approve: boolean },
  alongWith: AlongWith,
): Promise<DecisionResult> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(organisationJoinRequests)
      .where(
        and(
          eq(organisationJoinRequests.id, decision.requestId),
          eq(organisationJoinRequests.organisationId, decision.organisationId),
        ),
      )
      .for('update');
    if (!request) return 'not-found';
    if (request.status !== 'PENDING') return 'decided';
    const [requester] = await tx
      .select({ name: user.name, email: user.email, companyName: user.companyName })
      .from(user)
      .where(eq(user.id, request.userId));
    const [requested] = await tx
      .select({ id: organization.id, name: organization.name })
      .from(organization)
      .where(eq(organization.id, decision.organisationId));
    const status = decision.approve ? 'APPROVED' : 'DECLINED';
    await tx
      .update(organisationJoinRequests)
      .set({ status, decidedBy: decision.deciderId, decidedAt: new Date() })
      .where(eq(organisationJoinRequests.id, request.id));
    let organisation = requested!;
    if (decision.approve) {
      await addMember(tx, organisation.id, request.userId, 'member');
    } else {
      await lockNames(tx);
      organisation = await insertOrganisation(tx, {
        name: await distinctName(tx, requester!.companyName?.trim() || requester!.name),
      });
      await addMember(tx, organisation.id, request.userId, 'owner');
    }
    await tellRequesterOfDecision(tx, messenger, requester!, {
      approved: decision.approve,
      requestedName: requested!.name,
      organisationName: organisation.name,
    });
    await alongWith(tx, { userId: request.userId, status, organisationId: organisation.id });
    return {
      status,
      id: request.id,
      userId: request.userId,
      organisation: { id: organisation.id, name: organisation.name },
    };
  });
}

const memberCount = sql<number>`(select count(*)::int from ${member} where ${member.organizationId} = ${organization.id})`;

/** Admin: organisations whose name contains `q`, by name. */
export async function searchOrganisations(db: Db, q: string | undefined, limit: number) {
  return db
    .select({ id: organization.id, name: organization.name, abn: organization.abn, members: memberCount })
    .from(organization)
    .where(q ? ilike(organization.name, containsPattern(q)) : undefined)
    .orderBy(asc(organization.name), asc(organization.id))
    .limit(limit);
}

/** Admin: a new organisation without members; 'taken' when its normalised name is another's. */
export async function createOrganisation(
  db: Db,
  values: { name: string; abn?: string | undefined },
  alongWith: AlongWith,
) {
  return db.transaction(async (tx) => {
    await lockNames(tx);
    if (await organisationNameTaken(tx, values.name)) return 'taken' as const;
    const created = await insertOrganisation(tx, values);
    await alongWith(tx, { organisationId: created.id, name: created.name });
    return { ...created, members: 0 };
  });
}

export type MoveResult =
  | { organisation: { id: string; name: string }; role: 'member' | 'owner' }
  | 'no-user'
  | 'no-organisation'
  | 'admin'
  | 'last-owner';

/**
 * Admin: makes `userId` a `role` of `organisationId` and removes every other membership; refused when
 * they are the last owner of one they leave. A pending join request of theirs is settled by the move.
 */
export async function moveUser(
  db: Db,
  move: { userId: string; organisationId: string; role: 'member' | 'owner'; adminId: string },
  isAdmin: (person: { role: string | null }) => boolean,
  alongWith: AlongWith,
): Promise<MoveResult> {
  return db.transaction(async (tx) => {
    const [person] = await tx.select({ role: user.role }).from(user).where(eq(user.id, move.userId));
    if (!person) return 'no-user';
    if (isAdmin(person)) return 'admin';
    const [target] = await tx
      .select({ id: organization.id, name: organization.name })
      .from(organization)
      .where(eq(organization.id, move.organisationId))
      .for('update');
    if (!target) return 'no-organisation';
    const memberships = await tx
      .select({ id: member.id, organisationId: member.organizationId, role: member.role })
      .from(member)
      .where(eq(member.userId, move.userId))
      .for('update');
    for (const left of memberships) {
      if (left.organisationId === target.id || left.role !== 'owner') continue;
      const [owners] = await tx
        .select({ value: count() })
        .from(member)
        .where(
          and(
            eq(member.organizationId, left.organisationId),
            eq(member.role, 'owner'),
            ne(member.userId, move.userId),
          ),
        );
      if ((owners?.value ?? 0) === 0) return 'last-owner';
    }
    const from = memberships.map((row) => row.organisationId);
    await tx.delete(member).where(and(eq(member.userId, move.userId), ne(member.organizationId, target.id)));
    const stays = memberships.find((row) => row.organisationId === target.id);
    if (stays) await tx.update(member).set({ role: move.role }).where(eq(member.id, stays.id));
    else await addMember(tx, target.id, move.userId, move.role);
    await tx
      .update(organisationJoinRequests)
      .set({ status: 'DECLINED', decidedBy: move.adminId, decidedAt: new Date() })
      .where(
        and(eq(organisationJoinRequests.userId, move.userId), eq(organisationJoinRequests.status, 'PENDING')),
      );
    await alongWith(tx, { from, to: target.id, role: move.role });
    return { organisation: target, role: move.role };
  });
}

/** The caller's organisation: their oldest membership (decision 030 "Whose organisation"). */
export async function organisationIdOf(db: Db, userId: string): Promise<string | null> {
  const [membership] = await db
    .select({ organisationId: member.organizationId })
    .from(member)
    .where(eq(member.userId, userId))
    .orderBy(asc(member.createdAt))
    .limit(1);
  return membership?.organisationId ?? null;
}
