/** Business constants and limits of spec §9 (and the few of §3/§4 that are numbers). */

export const NOTIFICATION_TOKEN_LIFETIME_MS = 22 * 60 * 60 * 1000;
export const NOTIFICATIONS_FETCHED = 10;
export const BELL_READ_MARKING_DELAY_MS = 500;
export const CONTACT_LINK_DELAY_MS = 100;
/**
 * Spec §2 "an industry contact-us page": its address is not in the spec, so it is the CONTACT_URL
 * setting (README); this is only the default of that setting.
 */
export const DEFAULT_CONTACT_URL = 'https://www.offplan.example/contact-us';

export const PROJECT_SEARCH_LIMIT = 1000;
export const PROJECT_SEARCH_DEFAULT_PAGE = 1;
/** Page size is not shown in the spec; issue 5 fixes default 20, at most 100. */
export const PROJECT_SEARCH_DEFAULT_PER_PAGE = 20;
export const PROJECT_SEARCH_MAX_PER_PAGE = 100;
export const PROJECT_SEARCH_DEFAULT_SORT_BY = 'updatedAt';
export const PROJECT_SEARCH_DEFAULT_SORT_ORDER = 'desc';

export const NAVIGATION_MAX_DEPTH = 5;
export const LEGAL_POPUP_SIZE = { width: 800, height: 800 } as const;
/** Mobile means a viewport narrower than this many pixels. */
export const MOBILE_BREAKPOINT_PX = 640;
export const PERSIST_REHYDRATION_TIMEOUT_MS = 5000;
export const DEFAULT_REPORT_PERIOD = 'MONTH';
export const REPORTING_MIN_START_DATE = '2024-01-01';

export const AUTOCAPTURE = {
  textMaxLength: 255,
  attributeValueMaxLength: 128,
  hierarchyMaxLength: 1024,
  clickDebounceMs: 0,
  samePositionClickTolerancePx: 20,
  visualSelectorTimeoutMs: 15_000,
} as const;

export const REMOTE_CONFIG = { timeoutMs: 5000, retryBackoffUnitMs: 1000 } as const;

export const ANALYTICS = {
  version: 'next',
  timeoutMs: 300,
  batchEvents: 10,
  batchBytes: 450 * 1024,
  chunkBytes: 64 * 1024,
  flushIntervalMs: 5000,
  otherClientFlushIntervalMs: 10_000,
  otherClientQueueSize: 200,
  maxRetries: 12,
  sessionTimeoutMs: 30 * 60 * 1000,
  maxStoredEvents: 1000,
  cookieDays: 365,
  retryDelayMs: 1000,
  throttleMs: 30_000,
} as const;

export const IN_APP_MESSAGES = {
  positions: ['Center', 'TopRight', 'BottomRight', 'Full'] as const,
  displayIntervalMs: 30_000,
  animationMs: 400,
} as const;

/** Local-storage keys of spec §3 "Client preferences". */
export const STORAGE_KEYS = {
  siteColor: 'site-color',
  toggleSidebar: 'toggle-sidebar',
  adminMagicToken: 'adminMagicToken',
  /** Dashboard filter keys (all on by default) and sort; reset or removed on logout (spec §4). */
  dashboardFilters: 'dashboard-filters',
  dashboardSort: 'dashboard-sort',
  /** Reporting's "filters were changed" marker and its selections; removed on logout (spec §4). */
  reportFilterMarker: 'report-filter',
  reportingSelections: 'reporting-selections',
} as const;

/** Spec §3 "Dashboard filter keys", all on by default. */
export const DASHBOARD_FILTER_KEYS = [
  'free_listing',
  'premium',
  'selling',
  'sold_out',
  'registration_of_interest',
  'pending_launch',
  'construction_commenced',
  'construction_complete',
  'in_planning',
  'pre_construction',
  'not_proceeding',
  'with_brochure',
  'no_brochure',
  'with_config',
  'no_config',
  'with_floorplan',
  'no_floorplan',
] as const;
export type DashboardFilterKey = (typeof DASHBOARD_FILTER_KEYS)[number];

/** Demo accounts share one password (README). */
export const DEMO_PASSWORD = 'OffplanDemo!2026';

/** Reporting days are calendar days in this time zone (the marketplace is Australian). */
export const REPORTING_TIME_ZONE = 'Australia/Sydney';

/** /feedback: the longest page address a feedback item keeps (the /feedback URL carries it too). */
export const FEEDBACK_PAGE_MAX = 255;

/** How often the web app asks GET /api/site again, so a maintenance switch reaches open tabs. */
export const SITE_REFETCH_INTERVAL_MS = 30_000;
