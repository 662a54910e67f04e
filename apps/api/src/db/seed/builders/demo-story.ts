import { APPROVAL } from '@offplan/shared';
import { HARBOURLINE_LISTINGS, orgByKey } from '../catalog.ts';
import type { AccessRequests } from './access-requests.ts';
import { demoUserId, type ProjectRow } from './common.ts';
import type { ProjectMembers } from './project-members.ts';

/**
 * The demo accounts' story: who works on Harbourline's listings, the requests waiting for its owner and
 * the developer's own, and the agencies' projects. Runs in this order, since members and requests are rows
 * in the order they are added.
 */
export function addDemoStory(
  projects: ProjectRow[],
  requests: AccessRequests,
  projectMembers: ProjectMembers,
) {
  addHarbourlineStaff(projects, projectMembers);
  addStoryRequests(projects, requests, projectMembers);
}

function addHarbourlineStaff(projects: ProjectRow[], projectMembers: ProjectMembers) {
  const listedAt = (id: number) => projects[id - 1]!.createdAt!;
  const harbourlineOwned = HARBOURLINE_LISTINGS.flatMap((listing, index) =>
    listing.owned ? [index + 1] : [],
  );
  for (const id of harbourlineOwned) {
    projectMembers.add(id, demoUserId('developer'), listedAt(id));
    projectMembers.add(id, demoUserId('priya'), listedAt(id));
  }
  for (const id of harbourlineOwned.slice(0, 5)) projectMembers.add(id, demoUserId('jack'), listedAt(id));
  for (const id of harbourlineOwned.slice(1, 3)) projectMembers.add(id, demoUserId('chloe'), listedAt(id));
}

/** An organisation's open listings (its listings when it has fewer than four open ones). */
function liveListings(projects: ProjectRow[], orgKey: string) {
  const owned = projects.filter((row) => row.organisationId === orgByKey(orgKey).id);
  const open = owned.filter((row) => row.salesStatus !== 'HIDDEN' && row.stage !== 'NOT_PROCEEDING');
  return open.length >= 4 ? open : owned;
}

function addStoryRequests(projects: ProjectRow[], requests: AccessRequests, projectMembers: ProjectMembers) {
  const { request } = requests;
  const addMember = projectMembers.add;
  const live = (orgKey: string) => liveListings(projects, orgKey);
  const [southgateA, southgateB, southgateC, southgateD] = live('southgate');
  const [coralA, coralB, coralC] = live('coralcoast');
  const [swanA] = live('swanview');
  const [torrensA] = live('torrens');
  // Requests waiting for Harbourline's owner, and its history.
  request(
    1,
    'harry',
    APPROVAL.PENDING,
    3,
    null,
    'Keystone is pitching for the sales campaign; we would like to see the listing.',
  );
  request(2, 'jasmine', APPROVAL.PENDING, 2, null, 'Brightside runs the launch campaign for this project.');
  request(3, 'michael', APPROVAL.PENDING, 6);
  request(
    4,
    'lachlan',
    APPROVAL.PENDING,
    1,
    null,
    'Engaged as a freelance marketer for the registration campaign.',
  );
  request(1, 'nathan', APPROVAL.APPROVED, 40, 'developer');
  request(5, 'sarah', APPROVAL.DECLINED, 25, 'developer');
  // The developer's own requests to other organisations.
  request(
    southgateD!.id,
    'developer',
    APPROVAL.PENDING,
    4,
    null,
    'Harbourline is the joint-venture partner on this site.',
  );
  request(coralC!.id, 'developer', APPROVAL.DECLINED, 60, 'ben');
  // The media agency's projects.
  request(southgateA!.id, 'agency', APPROVAL.APPROVED, 90, 'marcus');
  request(coralA!.id, 'agency', APPROVAL.APPROVED, 70, 'ben');
  request(swanA!.id, 'agency', APPROVAL.APPROVED, 50, 'ryan');
  for (const row of [southgateA!, coralA!, swanA!]) addMember(row.id, demoUserId('nathan'), row.createdAt!);
  addMember(coralA!.id, demoUserId('jasmine'), coralA!.createdAt!);
  // The marketing agency's other staff work on some developers' projects.
  for (const row of [southgateB!, southgateC!]) {
    addMember(row.id, demoUserId('rebecca'), row.createdAt!);
    addMember(row.id, demoUserId('harry'), row.createdAt!);
  }
  addMember(coralB!.id, demoUserId('ruby'), coralB!.createdAt!);
  request(torrensA!.id, 'michael', APPROVAL.APPROVED, 120, 'lucy');
  request(coralB!.id, 'ethan', APPROVAL.WITHDRAWN, 30);
}
