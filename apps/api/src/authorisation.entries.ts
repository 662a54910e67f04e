import type { RefusedCaller, RightfulCaller, World } from './test/authorisation/world.ts';

/**
 * Issue 20 item 6 (decision 039): one entry per operation of the OpenAPI document, keyed
 * `METHOD /path/{param}`. authorisation.test.ts calls each with organisation A's ids as every caller
 * its entry refuses and fails on any answer but 401/403/404, on any of A's private strings in an answer,
 * and on any changed table. A route the document gains without an entry here fails the suite.
 *
 * How to add one: take the route's guard and what its ids point at, then
 * - `public: why` when anyone may call it by design (listing pages, intake, health, sign-in);
 * - otherwise `refuse:` the callers that must not get it (ADMIN_ONLY for admin routes, A_ONLY for A's
 *   rows, SELF for calls about the caller's own account), `call:` the ids of A's rows (world.ts) and a
 *   VALID body (an invalid one is refused by validation before the check the suite is proving), and
 *   `control:` who may make the same GET, so a wrong id shows up as a failed control, not a pass.
 */

/** What a call sends besides its method and path. */
export type Call = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  form?: () => FormData;
  headers?: Record<string, string>;
  /**
   * Why this call may answer with the caller's own data (B's API key reads B's leads): any answer
   * below 500 is accepted from every caller, as long as it shows none of A's private strings.
   */
  ownData?: string;
};

/**
 * The call (or calls, each sent as every caller) an entry makes. Several when a route takes two ids:
 * A's row under A's parent, and A's row under B's own parent, which B may edit.
 */
type EntryCommon = { call?: (w: World) => Call | Call[] };

export type GuardedEntry = EntryCommon & {
  /** Callers that must be refused (401, 403 or 404) without a change to any table. */
  refuse: readonly RefusedCaller[];
  /**
   * Callers (not in `refuse`) this route answers with their own or masked data instead of refusing:
   * they are called too, and any answer below 500 is accepted when it carries none of A's `markers`
   * and changes nothing.
   */
  answersWithout?: { callers: readonly RefusedCaller[]; markers: 'contact' | 'private'; reason: string };
  /**
   * When a refusal comes as 400 (better-auth answers "not a member" and "not found" so): the error
   * codes that count as one, and why. Any other 400 fails, so a body the route cannot read still does.
   */
  badRequestIsRefusal?: { codes: readonly string[]; reason: string };
  /** A caller that may make this same GET: it must answer 2xx, proving the ids are A's real ones. */
  control?: RightfulCaller;
  /** The control's answer must show these markers of A's, proving the marker check could fail. */
  controlShows?: 'contact' | 'private';
};

export type PublicEntry = EntryCommon & {
  /** Why anyone may call it. Public GETs are still called without a session and checked for A's private strings. */
  public: string;
};

export type Entry = GuardedEntry | PublicEntry;

export const isPublic = (entry: Entry): entry is PublicEntry => 'public' in entry;

/** Every caller that is not allowed A's rows. */
const A_ONLY: readonly RefusedCaller[] = ['otherOrgOwner', 'role8', 'unverified', 'anonymous'];
/** A's rows a role-8 member of A's listing may work on: only outsiders are refused. */
const OUTSIDERS: readonly RefusedCaller[] = ['otherOrgOwner', 'unverified', 'anonymous'];
/** Platform admin routes: every non-admin, and an admin while acting as a user. */
const ADMIN_ONLY: readonly RefusedCaller[] = [
  'otherOrgOwner',
  'role8',
  'unverified',
  'anonymous',
  'nonAdmin',
  'adminActingAsUser',
];
/** Calls about the caller's own account or session (no id of anyone else's): a verified session. */
const SELF: readonly RefusedCaller[] = ['unverified', 'anonymous'];
/** The caller's own session, unverified users included (they sign in to reach /verify-email). */
const ANY_SESSION: readonly RefusedCaller[] = ['anonymous'];
/**
 * How a person signs in and who may act as them (decision 014, design §1): theirs alone, refused to an
 * admin acting as them too.
 */
const OWN_SIGN_IN: readonly RefusedCaller[] = ['anonymous', 'adminActingAsUser'];

/** better-auth's organisation plugin refuses another organisation's ids with 400 and one of these. */
const BETTER_AUTH_REFUSES_WITH_400 =
  "better-auth's organisation plugin answers 400 when the caller is not a member of the organisation named";
const NOT_A_MEMBER = 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION';
const NOT_A_MEMBER_OF_A = { codes: [NOT_A_MEMBER, 'MEMBER_NOT_FOUND'], reason: BETTER_AUTH_REFUSES_WITH_400 };
const NOT_INVITED = {
  codes: ['INVITATION_NOT_FOUND', 'BAD_REQUEST', 'MEMBER_NOT_FOUND'],
  reason: "better-auth answers 400 'not found' for an invitation the caller may not see",
};

/** better-auth looks an account id up among the caller's own accounts only. */
const NOT_ONES_OWN_ACCOUNT = {
  codes: ['ACCOUNT_NOT_FOUND'],
  reason: "better-auth answers 400 for an account id that is not one of the caller's own",
};

const TEMPLATE = { subject: 'Hello {{firstName}}', body: 'Hi {{firstName}}' };
const ENQUIRY = {
  name: 'Pat Buyer',
  email: 'pat.buyer@example.test',
  phone: '0412345678',
  buyerType: 'INVESTOR',
  consent: true,
};
const LEAD_FILTER = (w: World) => ({ projectIds: w.projectA, organisationId: w.orgA.id });
const REPORT_RANGE = (w: World) => ({
  startDate: '2026-01-01',
  endDate: '2026-11-30',
  period: 'MONTH',
  projectIds: w.projectA,
});
const png = () => {
  const form = new FormData();
  form.set('kind', 'image');
  form.set('file', new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' }), 'a.png');
  return form;
};

/** Routes of the portal's own API (our contracts). */
const PORTAL_ENTRIES: Record<string, Entry> = {
  'GET /healthz': { public: 'liveness for load balancers; carries no data' },
  'GET /readyz': { public: 'readiness for load balancers; carries no data' },
  'GET /api/site': { public: 'site name, tenant and maintenance state, shown before sign-in' },
  'GET /api/site/settings': { refuse: ADMIN_ONLY, control: 'admin' },
  'PUT /api/site/settings': { refuse: ADMIN_ONLY, call: () => ({ body: { maintenanceMode: true } }) },
  'GET /api/user-projects': { refuse: SELF },
  'POST /api/user-update': { refuse: SELF, call: () => ({ body: { first_name: 'Mal', last_name: 'Lory' } }) },
  'POST /api/account/role': {
    refuse: [...SELF, 'adminActingAsUser'],
    call: () => ({ body: { roleId: 2 } }),
  },
  'POST /api/organisation/members/{userId}/job-role': {
    refuse: ADMIN_ONLY.filter((caller) => caller !== 'nonAdmin'),
    call: (w) => ({ params: { userId: w.memberA.userId }, body: { roleId: 8 } }),
  },
  'POST /api/account/impersonation': {
    refuse: [...SELF, 'adminActingAsUser'],
    call: () => ({ body: { optOut: true } }),
  },
  'GET /api/account/sessions': { refuse: SELF },
  'DELETE /api/account/sessions/{id}': {
    refuse: [...A_ONLY, 'adminActingAsUser'],
    call: (w) => ({ params: { id: w.ownerA.sessionId } }),
  },
  'POST /api/account/photo': { refuse: SELF, call: () => ({ form: png }) },
  'DELETE /api/account/photo': { refuse: SELF },
  'POST /api/projects/search': {
    refuse: SELF,
    call: (w) => ({ body: { params: { project_ids: [w.hiddenProjectA.id] } } }),
    answersWithout: {
      callers: ['otherOrgOwner'],
      markers: 'private',
      reason: "every portal user searches the marketplace; A's hidden listing is not in the results",
    },
  },
  'GET /api/projects/lookup': { refuse: SELF, call: () => ({ query: { q: 'Harbourline' } }) },
  'GET /api/projects': {
    refuse: SELF,
    call: (w) => ({ query: { organisationId: w.orgA.id } }),
    answersWithout: {
      callers: ['otherOrgOwner', 'role8'],
      markers: 'private',
      reason: "lists the caller's own projects; another organisation's id only narrows that list",
    },
  },
  'POST /api/project': {
    // A claim on another organisation's listing becomes an access request (design §2): a write anyone may make.
    refuse: ['unverified', 'anonymous'],
    call: (w) => ({ query: { op: 'claim_project', project_id: w.projectA }, body: {} }),
  },
  'POST /api/admin/project-recommendations': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ body: { userId: w.ownerA.id, projectId: w.orgB.projectId } }),
  },
  'DELETE /api/admin/project-recommendations/{userId}/{projectId}': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ params: w.recommendation }),
  },
  'POST /api/v1/projects/request': {
    refuse: ['unverified', 'anonymous'],
    call: (w) => ({ body: { drupal_project_id: w.projectA } }),
  },
  'GET /api/v1/user/user/agent/request/{userId}/pending': {
    refuse: A_ONLY,
    call: (w) => ({ params: { userId: w.ownerA.id } }),
    control: 'ownerA',
  },
  'POST /api/project/memberupdate': {
    refuse: A_ONLY,
    call: (w) => ({ body: { data: { op: 'delete', id: w.projectA } } }),
  },
  'GET /api/access-requests': { refuse: SELF },
  'POST /api/access-requests/{id}/decision': {
    refuse: A_ONLY,
    call: (w) => ({ params: { id: w.accessRequestA }, body: { decision: 'approve' } }),
  },
  'GET /api/admin/users': {
    refuse: ADMIN_ONLY,
    call: () => ({ query: { q: 'harbourline' } }),
    control: 'admin',
  },
  'GET /api/admin/users/{id}': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ params: { id: w.memberA.userId } }),
    control: 'admin',
  },
  'PATCH /api/admin/users/{id}': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ params: { id: w.memberA.userId }, body: { firstName: 'Mal', lastName: 'Lory' } }),
  },
  'POST /api/admin/users/{id}/verify-email': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ params: { id: w.unverified.id } }),
  },
  'POST /api/admin/users/{id}/password-reset': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ params: { id: w.memberA.userId } }),
  },
  'POST /api/admin/users/{id}/verification-email': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ params: { id: w.unverified.id } }),
  },
  'GET /api/admin/users/{id}/projects': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ params: { id: w.memberA.userId } }),
    control: 'admin',
  },
  'GET /api/admin/users/{id}/sessions': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ params: { id: w.ownerA.id } }),
    control: 'admin',
  },
  'GET /api/admin/users/{id}/audit': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ params: { id: w.ownerA.id } }),
    control: 'admin',
  },
  'POST /api/analytics/batch': {
    public: "the browser's analytics events, before and after sign-in (spec §7)",
  },
  'GET /api/analytics/config': { public: "the analytics SDK's remote configuration, the same for everyone" },
  'GET /api/admin/analytics/events': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ query: { userId: w.ownerA.id } }),
    control: 'admin',
  },
  'POST /api/admin/invitations': {
    refuse: ADMIN_ONLY,
    call: (w) => ({
      body: { email: 'mal.lory@example.test', firstName: 'Mal', lastName: 'Lory', organisationId: w.orgA.id },
    }),
  },
  'GET /api/invitations/{token}': {
    public: 'the invitation link itself: its random token is the credential (a wrong one is 404)',
    call: () => ({ params: { token: 'not-a-real-invitation-token-0000000000' } }),
  },
  'GET /api/dev/mailbox': { refuse: ADMIN_ONLY, control: 'admin' },
  'POST /api/feedback': {
    refuse: SELF,
    call: () => ({ body: { category: 'general', message: 'Authorisation suite feedback' } }),
  },
  'GET /api/feedback': { refuse: ADMIN_ONLY, control: 'admin' },
  'GET /api/interest/{product}/me': { refuse: SELF, call: () => ({ params: { product: 'product-ai' } }) },
  'PUT /api/interest/{product}/me': {
    refuse: SELF,
    call: () => ({ params: { product: 'product-ai' }, body: {} }),
  },
  'GET /api/interest/{product}': {
    refuse: ADMIN_ONLY,
    call: () => ({ params: { product: 'product-ai' } }),
    control: 'admin',
  },
  'POST /api/notifications/token': {
    refuse: A_ONLY,
    call: (w) => ({ body: { data: { email: w.ownerA.email } } }),
  },
  'GET /api/notifications/{email}': {
    refuse: A_ONLY,
    call: (w) => ({ params: { email: w.ownerA.email }, headers: { 'x-notification-token': 'not-a-token' } }),
  },
  'POST /api/notifications/open': {
    refuse: A_ONLY,
    call: (w) => ({ body: { messageIds: [w.messageA] } }),
  },
  'POST /api/notifications/read': {
    refuse: A_ONLY,
    call: (w) => ({ body: { messageIds: [w.messageA] } }),
  },
  'POST /api/notifications/click': { refuse: A_ONLY, call: (w) => ({ body: { messageId: w.messageA } }) },
  'POST /api/admin/messages': {
    refuse: ADMIN_ONLY,
    call: (w) => ({
      body: { audience: 'organisation', organisationId: w.orgA.id, title: 'Hello', body: '<p>Hi</p>' },
    }),
  },
  'GET /api/admin/messages': { refuse: ADMIN_ONLY, control: 'admin' },
  'GET /api/admin/messages/organisations': { refuse: ADMIN_ONLY, control: 'admin' },
  'POST /api/admin/messages/{messageId}/retract': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ params: { messageId: w.messageA } }),
  },
  'GET /api/admin/messages/{messageId}/receipts': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ params: { messageId: w.messageA } }),
    control: 'admin',
  },
  'GET /api/notification-events': { refuse: ANY_SESSION },
  'GET /api/listings/search-add': { refuse: SELF, call: () => ({ query: { q: 'Elm' } }) },
  'POST /api/listings': {
    refuse: SELF,
    call: () => ({
      body: {
        title: 'Authz New Listing',
        address: {
          fullAddress: '1 Church Street, Parramatta NSW 2150',
          suburb: 'Parramatta',
          state: 'NSW',
          postcode: '2150',
        },
      },
    }),
  },
  'GET /api/listings/{id}': {
    refuse: OUTSIDERS,
    call: (w) => ({ params: { id: w.hiddenProjectA.id } }),
    control: 'ownerA',
  },
  'PATCH /api/listings/{id}': {
    refuse: OUTSIDERS,
    call: (w) => ({ params: { id: w.projectA }, body: { title: 'Taken Over' } }),
  },
  'POST /api/listings/{id}/media': {
    refuse: OUTSIDERS,
    call: (w) => ({ params: { id: w.projectA }, form: png }),
  },
  'PATCH /api/listings/{id}/media': {
    refuse: OUTSIDERS,
    call: (w) => [
      { params: { id: w.projectA }, body: { heroId: w.mediaA } },
      { params: { id: w.orgB.projectId }, body: { heroId: w.mediaA } },
      { params: { id: w.orgB.projectId }, body: { order: [w.mediaA] } },
    ],
    badRequestIsRefusal: {
      codes: ['VALIDATION_FAILED'],
      reason: "A's media is not media of B's listing: B's own listing refuses it as input",
    },
  },
  'DELETE /api/listings/{id}/media/{mediaId}': {
    refuse: OUTSIDERS,
    call: (w) => [
      { params: { id: w.projectA, mediaId: w.mediaA } },
      { params: { id: w.orgB.projectId, mediaId: w.mediaA } },
    ],
  },
  'GET /api/gazetteer': { refuse: SELF, call: () => ({ query: { q: 'Parramatta' } }) },
  'GET /api/leads': {
    refuse: SELF,
    call: (w) => ({ query: LEAD_FILTER(w) }),
    control: 'ownerA',
    answersWithout: {
      callers: ['otherOrgOwner', 'role8'],
      markers: 'contact',
      reason: "another organisation's filter finds none of A's leads; role 8 sees A's leads masked",
    },
  },
  'GET /api/leads/export': {
    refuse: A_ONLY,
    call: (w) => ({ query: LEAD_FILTER(w) }),
    control: 'ownerA',
    answersWithout: {
      callers: ['otherOrgOwner'],
      markers: 'private',
      reason: "exports the caller's own leads: A's listing and organisation in the filter find none of A's",
    },
  },
  'GET /api/leads/response-times': {
    refuse: SELF,
    call: (w) => ({ query: LEAD_FILTER(w) }),
    control: 'ownerA',
    answersWithout: {
      callers: ['otherOrgOwner', 'role8'],
      markers: 'private',
      reason: 'figures only, over the leads the caller may see',
    },
  },
  'GET /api/leads/settings': { refuse: SELF },
  'PUT /api/leads/settings': {
    // The caller's own organisation's setting: only those without organisation.manage are refused.
    refuse: ['role8', 'unverified', 'anonymous'],
    call: () => ({ body: { minutes: 5, businessHoursOnly: false } }),
  },
  'GET /api/leads/{id}': {
    refuse: OUTSIDERS,
    control: 'ownerA',
    controlShows: 'contact',
    call: (w) => ({ params: { id: w.leadA } }),
    answersWithout: {
      callers: ['role8'],
      markers: 'contact',
      reason: "role 8 is approved on the lead's listing: it reads the lead with its contact details masked",
    },
  },
  // Changing a lead needs leads.contact_details as well (lead-reader.ts): role 8 is refused.
  'POST /api/leads/{id}/status': {
    refuse: A_ONLY,
    call: (w) => ({ params: { id: w.leadA }, body: { status: 'CONTACTED' } }),
  },
  'POST /api/leads/{id}/notes': {
    refuse: A_ONLY,
    call: (w) => ({ params: { id: w.leadA }, body: { text: 'mine now' } }),
  },
  'PUT /api/leads/{id}/assignee': {
    refuse: A_ONLY,
    call: (w) => ({ params: { id: w.leadA }, body: { assigneeId: null } }),
  },
  // Approved members (role 8 too) see who gets the emails; choosing them needs contact details (PUT).
  'GET /api/projects/{id}/lead-recipients': {
    refuse: OUTSIDERS,
    call: (w) => ({ params: { id: w.projectA } }),
    control: 'ownerA',
  },
  'PUT /api/projects/{id}/lead-recipients': {
    refuse: A_ONLY,
    call: (w) => ({ params: { id: w.projectA }, body: { emails: ['thief@example.test'] } }),
  },
  'GET /api/account/lead-digest': { refuse: SELF },
  'PUT /api/account/lead-digest': { refuse: SELF, call: () => ({ body: { dailyDigest: true } }) },
  'GET /api/lead-scoring/rules': { refuse: ADMIN_ONLY, control: 'admin' },
  'PUT /api/lead-scoring/rules': { refuse: ADMIN_ONLY, call: () => ({ body: { rules: [] } }) },
  'POST /api/lead-scoring/preview': { refuse: ADMIN_ONLY, call: () => ({ body: { rules: [] } }) },
  'POST /api/enquiries': {
    public: "the public listing page's enquiry form (spec §7): buyers have no account",
  },
  'POST /api/listing-events': { public: "the public listing page's view and click events" },
  // Reports over listings the caller may not see are refused; role 8, approved on A's listing, reads them.
  'GET /api/reporting/listing-performance': {
    refuse: [...SELF, 'otherOrgOwner'],
    call: (w) => ({ query: REPORT_RANGE(w) }),
    control: 'ownerA',
  },
  'GET /api/reporting/buyer-feedback': {
    refuse: [...SELF, 'otherOrgOwner'],
    call: (w) => ({ query: { ...REPORT_RANGE(w), feedbackProject: w.projectA } }),
    control: 'ownerA',
    controlShows: 'private',
  },
  'GET /api/crm/destinations': {
    refuse: SELF,
    answersWithout: {
      callers: ['otherOrgOwner', 'role8'],
      markers: 'private',
      reason: "lists the caller's own organisation's",
    },
  },
  'POST /api/crm/destinations': {
    refuse: [...SELF, 'otherOrgOwner', 'role8'],
    call: (w) => ({
      body: {
        name: 'Thief',
        kind: 'EMAIL',
        email: 'thief@example.test',
        allProjects: false,
        projectIds: [w.projectA],
      },
    }),
    badRequestIsRefusal: {
      codes: ['VALIDATION_FAILED'],
      reason: "a project of another organisation is not one the caller's destination may take",
    },
  },
  'PATCH /api/crm/destinations/{id}': {
    refuse: A_ONLY,
    call: (w) => ({
      params: { id: w.destinationA },
      body: { name: 'Thief', kind: 'EMAIL', email: 'thief@example.test', allProjects: true },
    }),
  },
  'DELETE /api/crm/destinations/{id}': { refuse: A_ONLY, call: (w) => ({ params: { id: w.destinationA } }) },
  'POST /api/crm/destinations/{id}/secret': {
    refuse: A_ONLY,
    call: (w) => ({ params: { id: w.destinationA } }),
  },
  'GET /api/crm/destinations/{id}/deliveries': {
    refuse: A_ONLY,
    call: (w) => ({ params: { id: w.destinationA } }),
    control: 'ownerA',
  },
  'POST /api/crm/deliveries/{id}/resend': { refuse: A_ONLY, call: (w) => ({ params: { id: w.deliveryA } }) },
  'POST /api/crm/destinations/{id}/resend-failed': {
    refuse: A_ONLY,
    call: (w) => ({ params: { id: w.destinationA } }),
  },
  'POST /api/crm/destinations/{id}/test': {
    refuse: A_ONLY,
    call: (w) => ({ params: { id: w.destinationA } }),
  },
  'GET /api/crm/projects': {
    refuse: SELF,
    answersWithout: {
      callers: ['otherOrgOwner', 'role8'],
      markers: 'private',
      reason: "the caller's own organisation's",
    },
  },
  'GET /api/crm/api-keys': {
    refuse: SELF,
    answersWithout: {
      callers: ['otherOrgOwner', 'role8'],
      markers: 'private',
      reason: "the caller's own organisation's",
    },
  },
  'POST /api/crm/api-keys': { refuse: SELF, call: () => ({ body: { name: 'Mine', scope: 'READ' } }) },
  'DELETE /api/crm/api-keys/{id}': { refuse: A_ONLY, call: (w) => ({ params: { id: w.apiKeyA } }) },
  // The lead API and the feed take an organisation's key, not a session: B's own keys must reach
  // nothing of A's, whoever's cookie comes with them.
  'GET /api/v1/leads': {
    refuse: A_ONLY,
    call: (w) => [
      { headers: { authorization: 'Bearer op_not_a_key' } },
      { headers: { authorization: `Bearer ${w.orgB.readKey}` }, ownData: "B's key reads B's leads" },
    ],
  },
  'POST /api/v1/leads': {
    refuse: A_ONLY,
    call: (w) => [
      { headers: { authorization: 'Bearer op_not_a_key' }, body: { ...ENQUIRY, projectId: w.projectA } },
      {
        headers: { authorization: `Bearer ${w.orgB.writeKey}` },
        body: { ...ENQUIRY, projectId: w.projectA },
      },
    ],
  },
  'GET /api/v1/listings/reaxml': {
    refuse: A_ONLY,
    call: (w) => [
      { headers: { authorization: 'Bearer op_not_a_key' } },
      { headers: { authorization: `Bearer ${w.orgB.readKey}` }, ownData: "B's key reads B's listings" },
    ],
  },
  'POST /api/dev/webhook-receiver': {
    public: "the development webhook receiver the demo's CRM destination posts to (off in production)",
  },
  'GET /api/organisation': {
    refuse: SELF,
    answersWithout: {
      callers: ['otherOrgOwner', 'role8'],
      markers: 'private',
      reason: "the caller's own organisation",
    },
  },
  'PATCH /api/organisation': { refuse: SELF, call: () => ({ body: { about: 'Changed' } }) },
  'POST /api/organisation/logo': { refuse: SELF, call: () => ({ form: png }) },
  'DELETE /api/organisation/logo': { refuse: SELF },
  'GET /api/organisation/members': {
    refuse: SELF,
    answersWithout: {
      callers: ['otherOrgOwner', 'role8'],
      markers: 'private',
      reason: "the caller's own organisation",
    },
  },
  'PATCH /api/organisation/members/{memberId}': {
    refuse: A_ONLY,
    call: (w) => ({ params: { memberId: w.memberA.memberId }, body: { role: 'member' } }),
  },
  'DELETE /api/organisation/members/{memberId}': {
    refuse: A_ONLY,
    call: (w) => ({ params: { memberId: w.memberA.memberId } }),
  },
  'GET /api/organisation/projects': {
    refuse: SELF,
    answersWithout: {
      callers: ['otherOrgOwner', 'role8'],
      markers: 'private',
      reason: "the caller's own organisation",
    },
  },
  'GET /api/organisation/invitations': {
    refuse: SELF,
    answersWithout: {
      callers: ['otherOrgOwner', 'role8'],
      markers: 'private',
      reason: "the caller's own organisation",
    },
  },
  'POST /api/organisation/invitations': {
    refuse: SELF,
    call: () => ({
      body: { email: 'mal.lory@example.test', firstName: 'Mal', lastName: 'Lory', role: 'member' },
    }),
  },
  'POST /api/organisation/invitations/{id}/resend': {
    refuse: A_ONLY,
    call: (w) => ({ params: { id: w.invitationA } }),
  },
  'DELETE /api/organisation/invitations/{id}': {
    refuse: A_ONLY,
    call: (w) => ({ params: { id: w.invitationA } }),
  },
  'GET /api/admin/pending-invitations': { refuse: ADMIN_ONLY, control: 'admin' },
  'POST /api/admin/pending-invitations/{id}/resend': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ params: { id: w.invitationA } }),
  },
  'DELETE /api/admin/pending-invitations/{id}': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ params: { id: w.invitationA } }),
  },
  'GET /api/organisation/join-requests': {
    refuse: SELF,
    answersWithout: {
      callers: ['otherOrgOwner'],
      markers: 'private',
      reason: "the caller's own organisation's",
    },
  },
  'POST /api/organisation/join-requests/{id}/decision': {
    refuse: A_ONLY,
    call: (w) => ({ params: { id: w.joinRequestA }, body: { decision: 'APPROVE' } }),
  },
  'GET /api/admin/organisations': {
    refuse: ADMIN_ONLY,
    call: () => ({ query: { q: 'Harbourline' } }),
    control: 'admin',
  },
  'POST /api/admin/organisations': { refuse: ADMIN_ONLY, call: () => ({ body: { name: 'Authz New Org' } }) },
  'PUT /api/admin/users/{userId}/organisation': {
    refuse: ADMIN_ONLY,
    call: (w) => ({
      params: { userId: w.memberA.userId },
      body: { organisationId: w.orgB.id, role: 'member' },
    }),
  },
  'GET /api/admin/roles': { refuse: ADMIN_ONLY, control: 'admin' },
  'PUT /api/admin/roles/{setKey}': {
    refuse: ADMIN_ONLY,
    call: () => ({
      params: { setKey: 'job_role_8' },
      body: { permissions: ['leads.view', 'leads.contact_details', 'leads.export'] },
    }),
  },
  'DELETE /api/admin/roles/{setKey}': {
    refuse: ADMIN_ONLY,
    call: () => ({ params: { setKey: 'job_role_8' } }),
  },
  'GET /api/admin/scheduled-tasks': { refuse: ADMIN_ONLY, control: 'admin' },
  'GET /api/admin/scheduled-tasks/queues/{name}/jobs': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ params: { name: w.job.name } }),
    control: 'admin',
  },
  'POST /api/admin/scheduled-tasks/queues/{name}/jobs/{id}/retry': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ params: w.job }),
  },
  'POST /api/admin/scheduled-tasks/queues/{name}/jobs/{id}/cancel': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ params: w.job }),
  },
  'POST /api/dev/scheduled-tasks/failing-job': { refuse: ADMIN_ONLY },
  'GET /api/email-settings/senders': { refuse: ADMIN_ONLY, control: 'admin' },
  'PUT /api/email-settings/senders/{tenant}': {
    refuse: ADMIN_ONLY,
    call: () => ({ params: { tenant: 'offplan' }, body: { name: 'Thief', address: 'thief@example.test' } }),
  },
  'GET /api/email-settings/projects': {
    refuse: ADMIN_ONLY,
    call: () => ({ query: { q: 'Elm' } }),
    control: 'admin',
  },
  'GET /api/email-settings/projects/{id}/lead-recipients': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ params: { id: w.projectA } }),
    control: 'admin',
  },
  'PUT /api/email-settings/projects/{id}/lead-recipients': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ params: { id: w.projectA }, body: { emails: ['thief@example.test'] } }),
  },
  'GET /api/email-settings/templates': { refuse: ADMIN_ONLY, control: 'admin' },
  'GET /api/email-settings/templates/{name}': {
    refuse: ADMIN_ONLY,
    call: () => ({ params: { name: 'invitation' } }),
    control: 'admin',
  },
  'PUT /api/email-settings/templates/{name}': {
    refuse: ADMIN_ONLY,
    call: () => ({ params: { name: 'invitation' }, body: TEMPLATE }),
  },
  'DELETE /api/email-settings/templates/{name}': {
    refuse: ADMIN_ONLY,
    call: () => ({ params: { name: 'invitation' } }),
  },
  'POST /api/email-settings/templates/{name}/preview': {
    refuse: ADMIN_ONLY,
    call: () => ({ params: { name: 'invitation' }, body: TEMPLATE }),
  },
  'POST /api/email-settings/templates/{name}/test': {
    refuse: ADMIN_ONLY,
    call: () => ({ params: { name: 'invitation' }, body: TEMPLATE }),
  },
  'GET /api/buyer-demands': {
    refuse: ADMIN_ONLY,
    call: () => ({ query: { startDate: '2026-01-01', endDate: '2026-10-31' } }),
    control: 'admin',
  },
  'POST /api/marketplace-searches': { public: "the public marketplace's searches, counted as buyer demand" },
  'GET /api/exports/recent': { refuse: ADMIN_ONLY, control: 'admin' },
  'GET /api/exports/{dataset}/count': {
    refuse: ADMIN_ONLY,
    call: () => ({ params: { dataset: 'leads' } }),
    control: 'admin',
  },
  'GET /api/exports/{dataset}': {
    refuse: ADMIN_ONLY,
    call: () => ({ params: { dataset: 'leads' } }),
    control: 'admin',
  },
  'GET /api/purge-url': {
    refuse: OUTSIDERS,
    call: (w) => ({ query: { path: `/${w.projectAPath.prefix}/${w.projectAPath.slug}` } }),
    control: 'ownerA',
  },
};

/** better-auth's own endpoints (its openAPI plugin, under /api/auth). */
const AUTH_ENTRIES: Record<string, Entry> = {
  'POST /api/auth/sign-in/social': { public: 'signing in (no social provider is configured: refused)' },
  'GET /api/auth/callback/{id}': {
    public: "an OAuth provider's callback; {id} names the provider, not a row",
    call: () => ({ params: { id: 'google' } }),
  },
  'POST /api/auth/callback/{id}': {
    public: "an OAuth provider's callback; {id} names the provider, not a row",
    call: () => ({ params: { id: 'google' } }),
  },
  'GET /api/auth/get-session': { public: "the caller's own session, or null" },
  'POST /api/auth/get-session': { public: "the caller's own session, or null" },
  'POST /api/auth/sign-out': { public: "ends the caller's own session, if any" },
  'POST /api/auth/sign-up/email': { public: 'registration (spec §4), rate-limited' },
  'POST /api/auth/sign-in/email': { public: 'signing in, rate-limited' },
  'POST /api/auth/reset-password': { public: 'the reset link: its token is the credential' },
  'POST /api/auth/verify-password': {
    refuse: ANY_SESSION,
    call: () => ({ body: { password: 'x'.repeat(12) } }),
  },
  'GET /api/auth/verify-email': {
    public: 'the verification link: its signed token is the credential',
    call: () => ({ query: { token: 'not-a-real-token' } }),
  },
  'POST /api/auth/send-verification-email': { public: "sends the link to an address's owner, rate-limited" },
  'POST /api/auth/change-email': {
    refuse: OWN_SIGN_IN,
    call: () => ({ body: { newEmail: 'authz-new-address@example.test' } }),
  },
  'POST /api/auth/change-password': {
    refuse: OWN_SIGN_IN,
    call: () => ({ body: { currentPassword: 'x'.repeat(12), newPassword: 'y'.repeat(14) } }),
  },
  'POST /api/auth/update-session': { refuse: ANY_SESSION, call: () => ({ body: {} }) },
  'POST /api/auth/request-password-reset': {
    public: "emails a reset link to an address's owner, rate-limited",
  },
  'GET /api/auth/reset-password/{token}': {
    public: 'the reset link: its token is the credential (a wrong one is refused)',
    call: () => ({ params: { token: 'not-a-real-token' }, query: { callbackURL: '/reset-password' } }),
  },
  'GET /api/auth/list-sessions': { refuse: ANY_SESSION },
  'POST /api/auth/revoke-session': {
    refuse: OWN_SIGN_IN,
    call: () => ({ body: { token: 'not-a-real-token' } }),
  },
  'POST /api/auth/revoke-sessions': { refuse: OWN_SIGN_IN },
  'POST /api/auth/revoke-other-sessions': { refuse: OWN_SIGN_IN },
  'POST /api/auth/link-social': { refuse: ANY_SESSION, call: () => ({ body: { provider: 'google' } }) },
  'GET /api/auth/list-accounts': { refuse: ANY_SESSION },
  'GET /api/auth/delete-user/callback': {
    public: 'closed (deleting an account is not offered); its token would be the credential',
    call: () => ({ query: { token: 'not-a-real-token' } }),
  },
  'POST /api/auth/unlink-account': {
    refuse: ANY_SESSION,
    call: (w) => ({ body: { providerId: 'credential', accountId: w.ownerA.accountId } }),
  },
  'POST /api/auth/refresh-token': {
    refuse: A_ONLY,
    badRequestIsRefusal: NOT_ONES_OWN_ACCOUNT,
    call: (w) => ({ body: { accountId: w.ownerA.accountId, userId: w.ownerA.id } }),
  },
  'POST /api/auth/get-access-token': {
    refuse: A_ONLY,
    badRequestIsRefusal: NOT_ONES_OWN_ACCOUNT,
    call: (w) => ({ body: { accountId: w.ownerA.accountId, userId: w.ownerA.id } }),
  },
  'GET /api/auth/account-info': {
    refuse: A_ONLY,
    call: (w) => ({ query: { accountId: w.ownerA.accountId } }),
    badRequestIsRefusal: NOT_ONES_OWN_ACCOUNT,
  },
  'GET /api/auth/ok': { public: "better-auth's liveness answer" },
  'GET /api/auth/error': { public: "better-auth's error page" },
  'POST /api/auth/admin/set-role': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ body: { userId: w.memberA.userId, role: 'admin' } }),
  },
  'GET /api/auth/admin/get-user': { refuse: ADMIN_ONLY, call: (w) => ({ query: { id: w.memberA.userId } }) },
  'POST /api/auth/admin/create-user': {
    refuse: ADMIN_ONLY,
    call: () => ({
      body: { email: 'mal.lory@example.test', name: 'Mal Lory', password: 'quiet orchard lantern 7291' },
    }),
  },
  'POST /api/auth/admin/update-user': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ body: { userId: w.memberA.userId, data: { name: 'Taken Over' } } }),
  },
  'GET /api/auth/admin/list-users': {
    refuse: ADMIN_ONLY,
    call: () => ({ query: { searchValue: 'harbourline' } }),
  },
  'POST /api/auth/admin/list-user-sessions': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ body: { userId: w.ownerA.id } }),
  },
  'POST /api/auth/admin/unban-user': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ body: { userId: w.memberA.userId } }),
  },
  'POST /api/auth/admin/ban-user': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ body: { userId: w.memberA.userId } }),
  },
  'POST /api/auth/admin/revoke-user-session': {
    refuse: ADMIN_ONLY,
    call: () => ({ body: { sessionToken: 'not-a-real-token' } }),
  },
  'POST /api/auth/admin/revoke-user-sessions': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ body: { userId: w.ownerA.id } }),
  },
  'POST /api/auth/admin/remove-user': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ body: { userId: w.memberA.userId } }),
  },
  'POST /api/auth/admin/set-user-password': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ body: { userId: w.memberA.userId, newPassword: 'quiet orchard lantern 7291' } }),
  },
  'POST /api/auth/admin/has-permission': {
    public: "answers whether the caller's own role has a permission; changes and reveals nothing else",
  },
  'POST /api/auth/two-factor/send-otp': { public: 'the second step of signing in, bound to its own cookie' },
  'POST /api/auth/two-factor/verify-otp': {
    public: 'the second step of signing in, bound to its own cookie',
  },
  'POST /api/auth/two-factor/enable': {
    refuse: OWN_SIGN_IN,
    call: () => ({ body: { password: 'x'.repeat(12) } }),
  },
  'POST /api/auth/two-factor/disable': {
    refuse: OWN_SIGN_IN,
    call: () => ({ body: { password: 'x'.repeat(12) } }),
  },
  'POST /api/auth/phone-number/send-otp': { public: 'sends a code to a number to confirm it, rate-limited' },
  'POST /api/auth/phone-number/verify': {
    public: 'confirms a number with the code sent to it: the code is the credential',
  },
  'POST /api/auth/impersonation/start': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ body: { userId: w.memberA.userId } }),
  },
  'POST /api/auth/impersonation/connect': { public: "the admin's single-use magic token is the credential" },
  'POST /api/auth/invitation/activate': { public: "the invitation link's token is the credential" },
  'POST /api/auth/organization/create': {
    refuse: ['otherOrgOwner', 'role8', 'unverified', 'anonymous', 'nonAdmin', 'adminActingAsUser'],
    call: () => ({ body: { name: 'Authz Made Org', slug: 'authz-made-org' } }),
  },
  'POST /api/auth/organization/update': {
    refuse: A_ONLY,
    badRequestIsRefusal: NOT_A_MEMBER_OF_A,
    call: (w) => ({ body: { organizationId: w.orgA.id, data: { name: 'Taken Over' } } }),
  },
  'POST /api/auth/organization/delete': {
    refuse: ADMIN_ONLY,
    call: (w) => ({ body: { organizationId: w.orgA.id } }),
  },
  'POST /api/auth/organization/set-active': {
    refuse: A_ONLY,
    badRequestIsRefusal: NOT_A_MEMBER_OF_A,
    call: (w) => ({ body: { organizationId: w.orgA.id } }),
  },
  'GET /api/auth/organization/get-organization': {
    refuse: A_ONLY,
    badRequestIsRefusal: NOT_A_MEMBER_OF_A,
    call: (w) => ({ query: { organizationId: w.orgA.id } }),
  },
  'GET /api/auth/organization/get-full-organization': {
    refuse: A_ONLY,
    call: (w) => ({ query: { organizationId: w.orgA.id } }),
    answersWithout: {
      callers: ['otherOrgOwner', 'role8'],
      markers: 'private',
      reason: "answers the caller's active organisation (or null) when it is not a member of the one named",
    },
  },
  'GET /api/auth/organization/list': { refuse: ANY_SESSION },
  'POST /api/auth/organization/invite-member': {
    refuse: A_ONLY,
    badRequestIsRefusal: NOT_A_MEMBER_OF_A,
    call: (w) => ({ body: { email: 'mal.lory@example.test', role: 'owner', organizationId: w.orgA.id } }),
  },
  'POST /api/auth/organization/cancel-invitation': {
    refuse: A_ONLY,
    call: (w) => ({ body: { invitationId: w.orgInvitationA } }),
    badRequestIsRefusal: NOT_INVITED,
  },
  'POST /api/auth/organization/accept-invitation': {
    refuse: A_ONLY,
    call: (w) => ({ body: { invitationId: w.orgInvitationA } }),
    badRequestIsRefusal: NOT_INVITED,
  },
  'GET /api/auth/organization/get-invitation': {
    refuse: A_ONLY,
    call: (w) => ({ query: { id: w.orgInvitationA } }),
    badRequestIsRefusal: NOT_INVITED,
  },
  'POST /api/auth/organization/reject-invitation': {
    refuse: A_ONLY,
    call: (w) => ({ body: { invitationId: w.orgInvitationA } }),
    badRequestIsRefusal: NOT_INVITED,
  },
  'GET /api/auth/organization/list-invitations': {
    refuse: A_ONLY,
    badRequestIsRefusal: NOT_A_MEMBER_OF_A,
    call: (w) => ({ query: { organizationId: w.orgA.id } }),
  },
  'GET /api/auth/organization/get-active-member': { refuse: ANY_SESSION },
  'POST /api/auth/organization/check-slug': {
    refuse: ANY_SESSION,
    call: () => ({ body: { slug: 'anything' } }),
  },
  'POST /api/auth/organization/remove-member': {
    refuse: A_ONLY,
    badRequestIsRefusal: NOT_A_MEMBER_OF_A,
    call: (w) => ({ body: { memberIdOrEmail: w.memberA.memberId, organizationId: w.orgA.id } }),
  },
  'POST /api/auth/organization/update-member-role': {
    refuse: A_ONLY,
    badRequestIsRefusal: NOT_A_MEMBER_OF_A,
    call: (w) => ({ body: { memberId: w.memberA.memberId, role: 'member', organizationId: w.orgA.id } }),
  },
  'POST /api/auth/organization/leave': {
    refuse: ['unverified', 'anonymous'],
    call: (w) => ({ body: { organizationId: w.orgA.id } }),
    badRequestIsRefusal: { codes: [NOT_A_MEMBER, 'MEMBER_NOT_FOUND'], reason: BETTER_AUTH_REFUSES_WITH_400 },
  },
  'GET /api/auth/organization/list-user-invitations': {
    refuse: ANY_SESSION,
    // An invitee's address from a browser: better-auth takes it only from server-side calls.
    call: (w) => ({ query: { email: w.orgInviteeEmail } }),
    badRequestIsRefusal: {
      codes: ['BAD_REQUEST'],
      reason: 'better-auth refuses an address sent by a client',
    },
  },
  'GET /api/auth/organization/list-members': {
    refuse: A_ONLY,
    badRequestIsRefusal: NOT_A_MEMBER_OF_A,
    call: (w) => ({ query: { organizationId: w.orgA.id } }),
  },
  'GET /api/auth/organization/get-active-member-role': {
    refuse: A_ONLY,
    badRequestIsRefusal: NOT_A_MEMBER_OF_A,
    call: (w) => ({ query: { organizationId: w.orgA.id } }),
  },
  'POST /api/auth/organization/has-permission': {
    public: "answers whether the caller's own membership has a permission; changes and reveals nothing else",
  },
};

/** Every operation of GET /api/openapi.json, as `METHOD /path`. */
export const ENTRIES: Record<string, Entry> = { ...PORTAL_ENTRIES, ...AUTH_ENTRIES };

/**
 * Routes outside the OpenAPI document that take an id (app.ts): the legacy project link, the public
 * listing page, the buyer's feedback link and uploaded files.
 */
export const EXTRA_ENTRIES: Record<string, Entry> = {
  'GET /projects/{id}': {
    refuse: ['otherOrgOwner', 'role8', 'unverified', 'anonymous'],
    call: (w) => ({ params: { id: w.hiddenProjectA.id } }),
  },
  'GET /{state}/{slug}': {
    refuse: ['otherOrgOwner', 'role8', 'unverified', 'anonymous'],
    call: (w) => [
      { params: { state: w.hiddenProjectA.prefix, slug: w.hiddenProjectA.slug } },
      {
        params: { state: w.projectAPath.prefix, slug: w.projectAPath.slug },
        ownData: "A's listing on the marketplace is public: its page must still show nothing private of A's",
      },
    ],
  },
  'GET /rate/{token}': {
    public: "the buyer's feedback link: its random token is the credential (a wrong one is 404)",
    call: () => ({ params: { token: 'not-a-real-feedback-token' } }),
  },
  'POST /rate/{token}': {
    public: "the buyer's feedback form: its random token is the credential (tested in buyer-feedback)",
    call: () => ({ params: { token: 'not-a-real-feedback-token' } }),
  },
  'GET /media/uploads/{file}': {
    public: 'uploaded profile photos and logos, at unguessable names, shown on public pages',
    call: () => ({ params: { file: 'no-such-file.png' } }),
  },
};
