import {
  hasPermission,
  isPlatformAdmin,
  type OrganisationRole,
  type Permission,
  type PermissionSets,
  type PermissionSubject,
  permissionSetsWith,
} from '@offplan/shared';
import { asc, eq } from 'drizzle-orm';
import type { AuthChanges } from '../db/auth-changes.ts';
import type { Database, Db } from '../db/client.ts';
import { member, permissionSetOverrides } from '../db/schema/index.ts';

type PermissionUser = { id: string; role?: string | null; jobRoleId?: number | null };

/** Where the sets are read from: the process's database (its reader keeps them), or a bare handle. */
export type PermissionSource = Pick<Database, 'db' | 'authChanges'> | Db;

/** The sets in force, read now: the starting sets with the admins' edits (/roles) in place. */
export async function readPermissionSets(db: Db): Promise<PermissionSets> {
  return permissionSetsWith(
    await db
      .select({ setKey: permissionSetOverrides.setKey, permissions: permissionSetOverrides.permissions })
      .from(permissionSetOverrides),
  );
}

/**
 * The sets kept per process (decision 032): read once, forgotten when the auth channel says
 * `permissions` (an edit or reset, from any process), `*` or anything it does not know, and read
 * fresh on every check while the listener is not live (a change could go unheard). A read that
 * overlaps an announcement serves the calls that asked for it but is not kept.
 */
export function permissionSetsReader(db: Db, changes: AuthChanges) {
  let kept: Promise<PermissionSets> | undefined;
  let reads = 0;
  changes.subscribe((payload) => {
    // Sessions and users (decision 023) do not change the sets; anything else may.
    if (payload.startsWith('s:') || payload.startsWith('u:')) return;
    kept = undefined;
  });
  return {
    /** How many times the database was read (tests). */
    get reads() {
      return reads;
    },
    read(): Promise<PermissionSets> {
      if (kept && changes.live) return kept;
      reads++;
      const reading = readPermissionSets(db);
      if (!changes.live) return reading;
      kept = reading;
      reading.catch(() => {
        if (kept === reading) kept = undefined;
      });
      return reading;
    },
  };
}

export type PermissionSetsReader = ReturnType<typeof permissionSetsReader>;

const readers = new WeakMap<Db, PermissionSetsReader>();

/** The process's one reader of the sets for this database, made on first use. */
export function permissionSetsReaderOf(database: Pick<Database, 'db' | 'authChanges'>): PermissionSetsReader {
  let reader = readers.get(database.db);
  if (!reader) {
    reader = permissionSetsReader(database.db, database.authChanges);
    readers.set(database.db, reader);
  }
  return reader;
}

/**
 * The sets in force for a check. Through the database's reader when there is one; a bare handle with
 * none (a transaction, a job before any request made the reader) reads them fresh.
 */
export function permissionSetsIn(source: PermissionSource): Promise<PermissionSets> {
  if ('authChanges' in source) return permissionSetsReaderOf(source).read();
  return readers.get(source)?.read() ?? readPermissionSets(source);
}

const dbOf = (source: PermissionSource): Db => ('authChanges' in source ? source.db : source);

/**
 * Who a user is as far as permissions go: platform role, the role in their oldest organisation, and
 * job role (design §1). The one place the server reads these for a permission check.
 */
export async function permissionSubjectOf(
  source: PermissionSource,
  user: PermissionUser,
  /** The role as the session reader read it with the session (`c.get('organisationRole')`), if it did. */
  knownOrganisationRole?: OrganisationRole | null,
): Promise<PermissionSubject> {
  const isAdmin = isPlatformAdmin(user);
  if (knownOrganisationRole !== undefined) {
    return {
      isAdmin,
      jobRoleId: user.jobRoleId ?? null,
      organisationRole: isAdmin ? null : knownOrganisationRole,
    };
  }
  const [membership] = isAdmin
    ? []
    : await dbOf(source)
        .select({ role: member.role })
        .from(member)
        .where(eq(member.userId, user.id))
        .orderBy(asc(member.createdAt))
        .limit(1);
  return {
    isAdmin,
    jobRoleId: user.jobRoleId ?? null,
    organisationRole: (membership?.role ?? null) as OrganisationRole | null,
  };
}

/**
 * What a user may do: one function per permission name, over the subject and the sets in force, both
 * read once (a route that checks several permissions reads them once).
 */
export async function permissionCheckOf(
  source: PermissionSource,
  user: PermissionUser,
  knownOrganisationRole?: OrganisationRole | null,
) {
  // One after the other: on the embedded database a transaction's handle runs one statement at a time.
  const subject = await permissionSubjectOf(source, user, knownOrganisationRole);
  const sets = await permissionSetsIn(source);
  return { subject, can: (permission: Permission) => hasPermission(subject, permission, sets) };
}

/** The one server check of a permission: the sets in force (code defaults with the /roles edits) decide. */
export async function userCan(
  source: PermissionSource,
  user: PermissionUser,
  permission: Permission,
  knownOrganisationRole?: OrganisationRole | null,
): Promise<boolean> {
  return (await permissionCheckOf(source, user, knownOrganisationRole)).can(permission);
}
