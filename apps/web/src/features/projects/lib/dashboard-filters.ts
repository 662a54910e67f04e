import type { CampaignType, DashboardFilterKey, SalesStatus, Stage } from '@offplan/shared';
import type { DashboardFilters } from '../../../stores/dashboard-store.ts';

/** What the dashboard filters look at. Media facts may be unknown (undefined): then they never filter. */
export type FilterableProject = {
  campaignType: CampaignType;
  salesStatus: SalesStatus;
  stage: Stage;
  /** Unknown until the listing's media facts are loaded. */
  completeness?: { brochure: boolean; floorplans: boolean; configurations: boolean } | undefined;
};

export type DashboardFilterGroup = {
  id: string;
  label: string;
  options: { key: DashboardFilterKey; label: string }[];
};

/**
 * Spec §3's dashboard filter keys in groups (decision 021): a project shows when, in every group, the
 * key that describes it is on. Within a group the keys are alternatives (OR); groups combine with AND.
 */
export const DASHBOARD_FILTER_GROUPS: DashboardFilterGroup[] = [
  {
    id: 'listing',
    label: 'Listing type',
    options: [
      { key: 'free_listing', label: 'Free listing' },
      { key: 'premium', label: 'Premium' },
    ],
  },
  {
    id: 'sales',
    label: 'Sales status',
    options: [
      { key: 'selling', label: 'Selling Now' },
      { key: 'sold_out', label: 'Sold Out' },
      { key: 'registration_of_interest', label: 'Registrations of Interest' },
      { key: 'pending_launch', label: 'Pending Launch' },
    ],
  },
  {
    id: 'stage',
    label: 'Construction',
    options: [
      { key: 'in_planning', label: 'In Planning' },
      { key: 'pre_construction', label: 'Pre Construction' },
      { key: 'construction_commenced', label: 'Construction Commenced' },
      { key: 'construction_complete', label: 'Construction Complete' },
      { key: 'not_proceeding', label: 'Not Proceeding' },
    ],
  },
  {
    id: 'brochure',
    label: 'Brochure',
    options: [
      { key: 'with_brochure', label: 'With brochure' },
      { key: 'no_brochure', label: 'No brochure' },
    ],
  },
  {
    id: 'config',
    label: 'Configurations',
    options: [
      { key: 'with_config', label: 'With configurations' },
      { key: 'no_config', label: 'No configurations' },
    ],
  },
  {
    id: 'floorplan',
    label: 'Floorplans',
    options: [
      { key: 'with_floorplan', label: 'With floorplans' },
      { key: 'no_floorplan', label: 'No floorplans' },
    ],
  },
];

const SALES_KEYS: Record<SalesStatus, DashboardFilterKey | null> = {
  SELLING_NOW: 'selling',
  SOLD_OUT: 'sold_out',
  REGISTRATIONS_OF_INTEREST: 'registration_of_interest',
  PENDING_LAUNCH: 'pending_launch',
  // No key describes a hidden listing: the sales filters never hide it (decision 021).
  HIDDEN: null,
};

const STAGE_KEYS: Record<Stage, DashboardFilterKey> = {
  IN_PLANNING: 'in_planning',
  PRECONSTRUCTION: 'pre_construction',
  COMMENCED: 'construction_commenced',
  COMPLETE: 'construction_complete',
  NOT_PROCEEDING: 'not_proceeding',
};

function flagKey(value: boolean | undefined, on: DashboardFilterKey, off: DashboardFilterKey) {
  if (value === undefined) return null;
  return value ? on : off;
}

/** The filter keys that describe a project, one per group (null where no key applies or facts are unknown). */
export function filterKeysOf(project: FilterableProject): (DashboardFilterKey | null)[] {
  return [
    project.campaignType === 'NONE' ? 'free_listing' : 'premium',
    SALES_KEYS[project.salesStatus],
    STAGE_KEYS[project.stage],
    flagKey(project.completeness?.brochure, 'with_brochure', 'no_brochure'),
    flagKey(project.completeness?.configurations, 'with_config', 'no_config'),
    flagKey(project.completeness?.floorplans, 'with_floorplan', 'no_floorplan'),
  ];
}

export function matchesDashboardFilters(project: FilterableProject, filters: DashboardFilters): boolean {
  return filterKeysOf(project).every((key) => key === null || filters[key]);
}

export function countFiltersOff(filters: DashboardFilters): number {
  return Object.values(filters).filter((on) => !on).length;
}
