import { DEMO_ORGS, type DemoOrg } from '../catalog.ts';
import {
  demoUserId,
  later,
  NO_ENQUIRY,
  normaliseName,
  type ProjectRow,
  type RecommendationRow,
} from './common.ts';
import type { DemoPeople } from './people.ts';

/**
 * Recommendations: unclaimed listings whose developer or marketer name matches the user's organisation,
 * and two that an admin assigned by hand.
 */
export function buildRecommendations(projectRows: ProjectRow[], { joined, membersOf }: DemoPeople) {
  const recommendations: RecommendationRow[] = [];
  const orgByName = new Map(DEMO_ORGS.map((o) => [normaliseName(o.name), o]));
  const assignable: ProjectRow[] = [];
  for (const row of projectRows) {
    if (row.organisationId || NO_ENQUIRY.has(row.salesStatus!) || row.stage === 'NOT_PROCEEDING') continue;
    const matched = new Set<DemoOrg>();
    for (const name of [row.developerName, row.marketerName]) {
      const found = name ? orgByName.get(normaliseName(name)) : undefined;
      if (found) matched.add(found);
    }
    if (matched.size === 0) assignable.push(row);
    for (const o of matched) {
      for (const person of membersOf.get(o.key) ?? []) {
        const userId = demoUserId(person.key);
        recommendations.push({
          userId,
          projectId: row.id,
          source: 'name_match',
          assignedById: null,
          createdAt: later(row.createdAt!, joined.get(userId)!),
        });
      }
    }
  }
  // And two that an admin assigned by hand to the freelance marketer.
  for (const row of assignable.slice(0, 2)) {
    recommendations.push({
      userId: demoUserId('lachlan'),
      projectId: row.id,
      source: 'admin',
      assignedById: demoUserId('admin'),
      createdAt: later(row.createdAt!, joined.get(demoUserId('lachlan'))!),
    });
  }

  return recommendations;
}
