import {
  type AdminUserDetail,
  type AdminUserRow,
  type LeadDetail,
  type LeadPage,
  type LeadResponseTimes,
  type LeadSummary,
  type Listing,
  type ProjectSummary,
  permissionsOf,
  type SiteInfo,
  type UserProjectsOutput,
} from '@offplan/shared';

/**
 * The web tests' test data: one builder per thing the API answers, each a complete, valid value that a
 * test changes only where its behaviour depends on it (`sessionOf({ role: 'admin' })`).
 */

/** GET /api/site for the default tenant. */
export function siteOf(overrides: Partial<SiteInfo> = {}): SiteInfo {
  return {
    productName: 'Offplan',
    siteName: 'Offplan Portal',
    tenant: 'offplan',
    tenantDisplayName: 'Offplan',
    portalType: 'OffplanCPS',
    defaultCampaignType: 'CPL',
    primaryColor: 'brand',
    logoUrl: '/logo.svg',
    contactUrl: 'https://contact.example.com/portal-help',
    partnerLogos: [],
    maintenanceMode: false,
    ...overrides,
  };
}

/** A signed-in portal user as better-auth's get-session answers it (Dana, verified, not an admin). */
export function userOf(overrides: Record<string, unknown> = {}) {
  return {
    id: 'u1',
    name: 'Dana Developer',
    email: 'dana@harbourline.example',
    emailVerified: true,
    image: null,
    role: 'user',
    firstName: 'Dana',
    lastName: 'Developer',
    jobRoleId: 1,
    phoneNumber: null,
    phoneNumberVerified: false,
    twoFactorEnabled: false,
    impersonationOptOut: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * GET /api/auth/get-session for a signed-in user. `impersonatedBy` names the admin acting as the
 * user (spec §6); null otherwise.
 */
export function sessionOf(
  userOverrides: Record<string, unknown> = {},
  sessionOverrides: { impersonatedBy?: string | null } & Record<string, unknown> = {},
) {
  const user = userOf(userOverrides);
  return {
    user,
    session: {
      id: 's1',
      userId: user.id,
      expiresAt: '2099-01-01T00:00:00.000Z',
      token: 't',
      impersonatedBy: null as string | null,
      ...sessionOverrides,
    },
  };
}

/** A platform admin's session (Ada). */
export function adminSessionOf(userOverrides: Record<string, unknown> = {}) {
  return sessionOf({
    id: 'admin-1',
    name: 'Ada Admin',
    email: 'ada@offplan.example',
    firstName: 'Ada',
    lastName: 'Admin',
    role: 'admin',
    ...userOverrides,
  });
}

/** One project card as the project search and GET /api/user-projects carry it. */
export function projectSummaryOf(
  id: number,
  title: string,
  overrides: Partial<ProjectSummary> = {},
): ProjectSummary {
  return {
    id,
    name: title.toLowerCase().replaceAll(' ', '-'),
    title,
    fullAddress: `${id} Example Street, Parramatta NSW 2150`,
    stage: 'COMMENCED',
    salesStatus: 'SELLING_NOW',
    stageLabel: 'Construction Commenced',
    salesStatusLabel: 'Selling Now',
    createdAt: '2025-06-01T00:00:00.000Z',
    updatedAt: '2026-03-03T00:00:00.000Z',
    images: [`/media/demo/${id}.svg`],
    prefix: 'nsw',
    slug: `project-${id}`,
    projectType: 'HIGH_RISE',
    buildingType: 'APARTMENTS',
    campaignType: 'CPL',
    suburb: 'Parramatta',
    state: 'NSW',
    postcode: '2150',
    ...overrides,
  };
}

/**
 * GET /api/user-projects `output`: the user's projects, in Harbourline Developments (owner), with the
 * permissions the server gives that organisation role under the starting sets.
 */
export function userProjectsOf(
  projects: ProjectSummary[] = [],
  overrides: Partial<UserProjectsOutput> = {},
): UserProjectsOutput {
  const organisation =
    overrides.organisation !== undefined
      ? overrides.organisation
      : { id: 'org1', name: 'Harbourline Developments', role: 'owner' as const };
  const subject = { isAdmin: false, jobRoleId: null, organisationRole: organisation?.role ?? null };
  return {
    projectIds: projects.map((project) => project.id),
    recommendedProjectIds: [],
    projectRequestsIds: [],
    projects,
    recommendedProjects: [],
    projectRequests: [],
    organisation,
    permissions: [...permissionsOf(subject)],
    ...overrides,
  };
}

/** One row of the admin users list (GET /api/admin/users). */
export function adminUserRowOf(index: number, overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: `u${index}`,
    name: `User ${index}`,
    email: `user${index}@example.com`,
    isAdmin: false,
    emailVerified: true,
    banned: false,
    jobRoleId: 1,
    organisation: { id: 'o1', name: 'Harbourline Developments' },
    createdAt: '2026-01-05T00:00:00.000Z',
    ...overrides,
  };
}

/** One user as an admin sees them at /profile/{id} (GET /api/admin/users/{id}). */
export function adminUserDetailOf(overrides: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    ...adminUserRowOf(2),
    firstName: 'User',
    lastName: '2',
    title: 'Sales Director',
    image: null,
    phoneNumber: '+61412345678',
    phoneNumberVerified: true,
    twoFactorEnabled: false,
    impersonationOptOut: true,
    banReason: null,
    termsAcceptedAt: '2026-01-05T00:00:00.000Z',
    activeSessions: 2,
    organisationRole: 'owner',
    impersonationRefusal: 'This user has opted out of being impersonated.',
    ...overrides,
  };
}

/** The full listing the editor reads (GET /api/listings/{id}). */
export function listingOf(overrides: Partial<Listing> = {}): Listing {
  return {
    id: 7,
    name: 'harbour-residences',
    title: 'Harbour Residences',
    description: 'Waterfront apartments.',
    developerName: 'Harbourline Developments',
    builderName: null,
    marketerName: null,
    buildingType: 'APARTMENTS',
    projectType: 'HIGH_RISE',
    stage: 'PRECONSTRUCTION',
    stageLabel: 'Pre Construction',
    salesStatus: 'SELLING_NOW',
    salesStatusLabel: 'Selling Now',
    salesPeriodStage: null,
    campaignType: 'CPL',
    address: {
      fullAddress: '1 Quay Street, Sydney NSW 2000',
      streetNumber: '1',
      streetName: 'Quay Street',
      suburb: 'Sydney',
      state: 'NSW',
      postcode: '2000',
      lga: 'City of Sydney',
      country: 'Australia',
      lat: -33.86,
      lng: 151.21,
    },
    amenities: ['Pool'],
    estimatedCompletionQuarter: 2,
    estimatedCompletionYear: 2028,
    videoUrl: null,
    videoId: null,
    website: null,
    displaySuiteAddress: null,
    displaySuiteHours: null,
    prefix: 'nsw',
    slug: 'harbour-residences-sydney',
    publicPath: '/nsw/harbour-residences-sydney',
    organisationId: 'org1',
    configurations: [],
    images: [],
    brochures: [],
    floorplans: [],
    completeness: { brochure: false, floorplans: false, configurations: false, images: false, video: false },
    canEditCampaignType: false,
    canMoveStageBack: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}

/** One row of the leads table (GET /api/leads), as an unmasked reader gets it. */
export function leadSummaryOf(id: number, overrides: Partial<LeadSummary> = {}): LeadSummary {
  return {
    id,
    projectId: 11,
    projectTitle: 'Harbour Residences',
    createdAt: '2026-03-01T00:00:00.000Z',
    lastEnquiryAt: '2026-03-01T00:00:00.000Z',
    status: 'NEW',
    buyerType: 'INVESTOR',
    score: 55,
    name: `Buyer ${id}`,
    email: `buyer${id}@example.com`,
    phone: '+61412345678',
    source: 'listing',
    enquiryCount: 1,
    assignee: null,
    firstResponseSeconds: null,
    masked: false,
    ...overrides,
  };
}

export function leadPageOf(items: LeadSummary[], overrides: Partial<LeadPage> = {}): LeadPage {
  return { items, total: items.length, page: 1, perPage: 25, canExport: true, masked: false, ...overrides };
}

/** GET /api/leads/{id}: the lead with a score explanation, a timeline and members to assign. */
export function leadDetailOf(overrides: Partial<LeadDetail> = {}): LeadDetail {
  return {
    ...leadSummaryOf(7),
    postcode: '2150',
    budget: 850_000,
    bedrooms: 2,
    configuration: '2 bed, 2 bath',
    timeframe: 'WITHIN_3_MONTHS',
    financeStatus: 'PRE_APPROVED',
    message: 'Is parking included?',
    utmSource: 'google',
    utmMedium: 'cpc',
    utmCampaign: 'spring',
    referrer: null,
    campaignId: null,
    consentAt: '2026-03-01T00:00:00.000Z',
    lostReason: null,
    salePrice: null,
    saleDate: null,
    scoreContributions: [
      { ruleId: 1, label: 'Finance pre-approved', points: 20 },
      { ruleId: 2, label: 'Buying within 3 months', points: 15 },
      { ruleId: 3, label: 'Just browsing', points: -10 },
    ],
    timeline: [
      {
        id: 1,
        kind: 'enquiry',
        at: '2026-03-01T00:00:00.000Z',
        actor: null,
        text: 'Is parking included?',
        data: {},
      },
    ],
    alsoEnquiredOn: [],
    assignableMembers: [
      { id: 'u1', name: 'Dana Developer' },
      { id: 'u2', name: 'Sam Sales' },
    ],
    canEdit: true,
    ...overrides,
  };
}

export function responseTimesOf(overrides: Partial<LeadResponseTimes> = {}): LeadResponseTimes {
  return {
    overall: { key: 'all', label: 'All', leads: 3, responded: 2, medianSeconds: 600, p90Seconds: 3600 },
    byAgent: [
      { key: 'u1', label: 'Dana Developer', leads: 2, responded: 2, medianSeconds: 600, p90Seconds: 900 },
    ],
    byProject: [
      {
        key: '11',
        label: 'Harbour Residences',
        leads: 3,
        responded: 2,
        medianSeconds: 600,
        p90Seconds: 3600,
      },
    ],
    ...overrides,
  };
}
