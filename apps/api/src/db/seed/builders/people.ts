import { DEMO_PEOPLE, type DemoPerson, orgByKey } from '../catalog.ts';
import type { Rng } from '../prng.ts';
import { type AccountRow, daysBefore, demoUserId, type MemberRow, type UserRow } from './common.ts';

/** The demo people as rows (users, credentials, organisation memberships) and as lookups for later tables. */
export type DemoPeople = {
  users: UserRow[];
  accounts: AccountRow[];
  members: MemberRow[];
  /** When each user joined, by user id. */
  joined: Map<string, Date>;
  /** The people of each organisation, by organisation key, in catalogue order. */
  membersOf: Map<string, DemoPerson[]>;
};

function emailFor(person: DemoPerson): string {
  if (person.email) return person.email;
  const local = `${person.firstName}.${person.lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
  const domain = person.orgKey ? orgByKey(person.orgKey).domain : 'mail.example';
  return `${local}@${domain}`;
}

function userRow(person: DemoPerson, id: string, createdAt: Date): UserRow {
  return {
    id,
    name: `${person.firstName} ${person.lastName}`,
    email: emailFor(person),
    emailVerified: person.emailVerified ?? true,
    image: null,
    createdAt,
    updatedAt: createdAt,
    role: person.admin ? 'admin' : 'user',
    banned: false,
    firstName: person.firstName,
    lastName: person.lastName,
    title: person.title,
    jobRoleId: person.jobRoleId,
    termsAcceptedAt: createdAt,
    impersonationOptOut: person.impersonationOptOut ?? false,
  };
}

/** Users, their credential accounts (all with `passwordHash`) and organisation memberships. */
export function buildPeople(rng: Rng, now: number, passwordHash: string): DemoPeople {
  const people: DemoPeople = {
    users: [],
    accounts: [],
    members: [],
    joined: new Map(),
    membersOf: new Map(),
  };
  for (const person of DEMO_PEOPLE) {
    const id = demoUserId(person.key);
    const createdAt = daysBefore(now, person.joinedDaysAgo + rng.next() * 0.5);
    people.joined.set(id, createdAt);
    people.users.push(userRow(person, id, createdAt));
    people.accounts.push({
      id: `acc_demo_${person.key}`,
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: passwordHash,
      createdAt,
      updatedAt: createdAt,
    });
    if (person.orgKey && person.orgRole) {
      people.members.push({
        id: `mem_demo_${person.key}`,
        organizationId: orgByKey(person.orgKey).id,
        userId: id,
        role: person.orgRole,
        createdAt,
      });
      people.membersOf.set(person.orgKey, [...(people.membersOf.get(person.orgKey) ?? []), person]);
    }
  }
  return people;
}
