import { APPROVAL } from '@offplan/shared';
import { DEMO_PEOPLE, orgByKey } from '../catalog.ts';
import { createRng, mixSeed } from '../prng.ts';
import {
  DAY_MS,
  DEMO_SEED,
  daysBefore,
  demoUserId,
  later,
  type ProjectRow,
  type RequestRow,
} from './common.ts';
import type { DemoPeople } from './people.ts';
import type { ProjectMembers } from './project-members.ts';

export type AccessRequests = ReturnType<typeof createAccessRequests>;

/** The access request rows and `request(…)` to add one (an approved one also adds the project member). */
export function createAccessRequests(
  now: number,
  projects: ProjectRow[],
  people: DemoPeople,
  projectMembers: ProjectMembers,
) {
  const rows: RequestRow[] = [];
  const pending = new Set<string>();
  /** A request `daysAgo` days ago, but never before the listing or the user existed. */
  const request = (
    projectId: number,
    userKey: string,
    status: number,
    daysAgo: number,
    decidedByKey: string | null = null,
    note: string | null = null,
  ) => {
    const userId = demoUserId(userKey);
    const listedAt = projects[projectId - 1]!.createdAt!;
    const createdAt = later(daysBefore(now, daysAgo), later(listedAt, people.joined.get(userId)!));
    if (status === APPROVAL.PENDING) pending.add(`${projectId}:${userId}`);
    rows.push({
      projectId,
      userId,
      status,
      note,
      decidedById: decidedByKey ? demoUserId(decidedByKey) : null,
      decidedAt: decidedByKey ? new Date(Math.min(createdAt.getTime() + 2 * DAY_MS, now)) : null,
      createdAt,
    });
    if (status === APPROVAL.APPROVED) projectMembers.add(projectId, userId, createdAt);
  };
  return {
    rows,
    request,
    isPending: (projectId: number, userId: string) => pending.has(`${projectId}:${userId}`),
  };
}

/** A few pending requests on other organisations' projects, so every owner has some to review. */
export function addPendingRequestsForOwners(
  projects: ProjectRow[],
  requests: AccessRequests,
  projectMembers: ProjectMembers,
) {
  const storyKeys = new Set(['admin', 'developer', 'marketer', 'agency', 'unverified']);
  const requesters = DEMO_PEOPLE.filter((person) => !storyKeys.has(person.key));
  const requestRng = createRng(mixSeed(DEMO_SEED, -1));
  for (const row of projects) {
    if (!row.organisationId || row.organisationId === orgByKey('harbourline').id || !requestRng.chance(0.03))
      continue;
    const person = requestRng.pick(requesters);
    const userId = demoUserId(person.key);
    if (
      (person.orgKey && orgByKey(person.orgKey).id === row.organisationId) ||
      projectMembers.has(row.id, userId) ||
      requests.isPending(row.id, userId)
    ) {
      continue;
    }
    requests.request(row.id, person.key, APPROVAL.PENDING, requestRng.int(0, 20));
  }
}
