import { AUSTRALIAN_STATES } from '@offplan/shared';
import { DEMO_ORGS, type DemoPerson } from '../catalog.ts';
import { createRng, mixSeed, type Rng } from '../prng.ts';
import {
  type ConfigRow,
  DEMO_SEED,
  demoUserId,
  kebab,
  type MediaRow,
  type ProjectRow,
  type SlugRow,
} from './common.ts';
import { configurationsFor } from './configurations.ts';
import { type ListingPlan, planListing } from './listing-plan.ts';
import { mediaFor } from './media.ts';
import type { DemoPeople } from './people.ts';
import type { ProjectMembers } from './project-members.ts';
import { buildProjectRow, type ProjectRowContext } from './project-row.ts';

export type DemoListings = {
  projects: ProjectRow[];
  slugHistory: SlugRow[];
  configurations: ConfigRow[];
  media: MediaRow[];
};

/** A slug picker per state: the same base twice gets "-2", "-3"… */
function slugPicker() {
  const usedSlugs = new Map<string, Set<string>>(
    AUSTRALIAN_STATES.map((state) => [state.toLowerCase(), new Set()]),
  );
  return (prefix: string, base: string) => {
    const used = usedSlugs.get(prefix)!;
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    return slug;
  };
}

/**
 * `total` listings with their configurations, media and old slugs; their approved members go into
 * `projectMembers`. Each listing draws from its own generator, so the first ones stay the same whatever the total.
 */
export function buildListings(
  now: number,
  total: number,
  people: DemoPeople,
  projectMembers: ProjectMembers,
): DemoListings {
  const developerOrgs = DEMO_ORGS.filter((o) => o.kind === 'developer' && o.key !== 'harbourline');
  /** General listings below this index are owned round-robin, so every developer has a handful. */
  const owners = { developerOrgs, ownedRoundRobin: developerOrgs.length * 5 };
  const context: ProjectRowContext = {
    now,
    nowQuarter: new Date(now).getUTCFullYear() * 4 + Math.floor(new Date(now).getUTCMonth() / 3),
    uniqueSlug: slugPicker(),
    ownerOf: (orgKey) => people.membersOf.get(orgKey)!.find((person) => person.orgRole === 'owner')!,
  };
  const listings: DemoListings = { projects: [], slugHistory: [], configurations: [], media: [] };
  for (let index = 0; index < total; index++) {
    const id = index + 1;
    const r = createRng(mixSeed(DEMO_SEED, id));
    const plan = planListing(index, r, owners);
    const row = buildProjectRow(r, id, plan, context);
    listings.projects.push(row);
    addListingDetails(r, row, plan, listings, context);
    // Approved members: the owning organisation's owner, and some of its staff.
    const owner = plan.owner;
    if (owner && owner.key !== 'harbourline') {
      for (const person of people.membersOf.get(owner.key) ?? ([] as DemoPerson[])) {
        if (person.orgRole === 'owner' || r.chance(0.35))
          projectMembers.add(id, demoUserId(person.key), row.createdAt!);
      }
    }
  }
  return listings;
}

/** A listing's configurations, media and (for a few renamed ones) old slug, drawn from `r` in that order. */
function addListingDetails(
  r: Rng,
  row: ProjectRow,
  plan: ListingPlan,
  listings: DemoListings,
  context: ProjectRowContext,
) {
  const { suburb, projectType, stage, salesStatus } = plan;
  const createdAt = row.createdAt!;
  const updatedAt = row.updatedAt!;
  // An early planning listing may have no configurations yet (the dashboard's "no config" filter).
  const noConfigYet =
    !plan.fixed &&
    stage === 'IN_PLANNING' &&
    (salesStatus === 'PENDING_LAUNCH' || salesStatus === 'HIDDEN') &&
    r.chance(0.35);
  if (!noConfigYet)
    listings.configurations.push(...configurationsFor(r, row.id, projectType, suburb, salesStatus, stage));
  listings.media.push(...mediaFor(r, row, createdAt));

  // Some listings were renamed: the old path keeps redirecting.
  if (!plan.fixed && r.chance(0.04)) {
    const prefix = row.prefix!;
    listings.slugHistory.push({
      prefix,
      slug: context.uniqueSlug(prefix, kebab(`${row.streetNumber} ${row.streetName} ${suburb.suburb}`)),
      projectId: row.id,
      createdAt: new Date(createdAt.getTime() + Math.floor((updatedAt.getTime() - createdAt.getTime()) / 2)),
    });
  }
}
