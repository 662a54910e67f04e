import { NO_NEW_ENQUIRY_SALES_STATUSES, type SalesStatus } from '@offplan/shared';
import type {
  account,
  member,
  organization,
  projectAccessRequests,
  projectConfigurations,
  projectMedia,
  projectMembers,
  projectRecommendations,
  projectSlugHistory,
  projects,
  user,
} from '../../schema/index.ts';

/** What every table builder shares: the seed, the row types and the small helpers. */

/** Seed of the PRNG: the same seed and base date always give the same data. */
export const DEMO_SEED = 20_261_101;

export type OrgRow = typeof organization.$inferInsert;
export type UserRow = typeof user.$inferInsert;
export type AccountRow = typeof account.$inferInsert;
export type MemberRow = typeof member.$inferInsert;
export type ProjectRow = typeof projects.$inferInsert & { id: number };
export type ConfigRow = typeof projectConfigurations.$inferInsert;
export type MediaRow = typeof projectMedia.$inferInsert;
export type SlugRow = typeof projectSlugHistory.$inferInsert;
export type ProjectMemberRow = typeof projectMembers.$inferInsert;
export type RequestRow = typeof projectAccessRequests.$inferInsert;
export type RecommendationRow = typeof projectRecommendations.$inferInsert;

/** Every row of the demo data, built in memory before anything is written. */
export type DemoRows = {
  organisations: OrgRow[];
  users: UserRow[];
  accounts: AccountRow[];
  members: MemberRow[];
  projects: ProjectRow[];
  slugHistory: SlugRow[];
  configurations: ConfigRow[];
  media: MediaRow[];
  projectMembers: ProjectMemberRow[];
  accessRequests: RequestRow[];
  recommendations: RecommendationRow[];
};

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Listings that take no enquiries are never recommended (design §2). */
export const NO_ENQUIRY = new Set<SalesStatus>(NO_NEW_ENQUIRY_SALES_STATUSES);

export const demoUserId = (key: string) => `usr_demo_${key}`;

export function kebab(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Case- and punctuation-insensitive form of an organisation or developer name (design §2). */
export function normaliseName(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** A date `daysAgo` days (fractional) before `now`, on a whole second. */
export const daysBefore = (now: number, daysAgo: number) =>
  new Date(Math.floor((now - daysAgo * DAY_MS) / 1000) * 1000);

/** The later of two dates. */
export const later = (a: Date, b: Date) => (a > b ? a : b);
