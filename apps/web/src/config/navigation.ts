import { NAVIGATION_MAX_DEPTH } from '@offplan/shared';
import {
  IconAddressBook,
  IconBuildingCommunity,
  IconBuildingSkyscraper,
  IconCalendarTime,
  IconChartBar,
  IconFileExport,
  IconHomeSearch,
  IconHourglass,
  IconInbox,
  IconKey,
  IconLayoutDashboard,
  IconMail,
  IconMailbox,
  IconPlugConnected,
  IconSettings,
  IconShieldLock,
  IconSparkles,
  IconSpeakerphone,
  IconStar,
  IconTargetArrow,
  IconUser,
  IconUserPlus,
  IconUsersGroup,
  type TablerIcon,
} from '@tabler/icons-react';

/**
 * The one list of every page of spec §2. Sidebar, page titles and menu links all read it.
 * `visible` means "the page is built": flip it when a page lands, never add a placeholder route.
 */

/** What navigation rules need to know about the signed-in account (spec §4). */
export type NavAccount = {
  isAdmin: boolean;
  /** Counts of the account state: own projects, recommended projects, pending access requests. */
  projects: number;
  recommended: number;
  pending: number;
};

export type NavItem = {
  /** Stable key for React and tests. */
  id: string;
  label: string;
  /** Page title when it differs from the label (the project group's 'Live' item is the Projects page). */
  title?: string;
  /** Internal route. */
  url?: string;
  /** Address opened in a new tab (admin scheduled tasks). */
  externalUrl?: string;
  icon?: TablerIcon;
  /** Built and reachable. Unbuilt pages stay listed (for titles) but are never shown. */
  visible: boolean;
  /** An account rule on top of `visible` (spec §4). */
  showFor?: (account: NavAccount) => boolean;
  /** Shown as "label (n)". */
  count?: (account: NavAccount) => number;
  children?: NavItem[];
};

export type NavGroup = {
  id: string;
  /** Section heading; groups without one run on from the previous section. */
  label?: string;
  visible: boolean;
  /** Spec's "hidden sections": routable and titled, never in the sidebar. */
  hidden?: boolean;
  /** Shown to platform admins only (spec §2, §6). */
  adminOnly?: boolean;
  items: NavItem[];
};

export type VisibleNavItem = {
  id: string;
  label: string;
  url?: string;
  externalUrl?: string;
  icon?: TablerIcon;
  children: VisibleNavItem[];
};

export type VisibleNavGroup = { id: string; label?: string; items: VisibleNavItem[] };

export const DASHBOARD_PATH = '/dashboard';
export const DASHBOARD_TITLE = 'Dashboard';
/** Spec §2: the profile page with an id is titled 'User Profile'. */
export const USER_PROFILE_TITLE = 'User Profile';

export type ProjectNavKey = 'live' | 'recommended' | 'pending';

/**
 * Spec §4 "Project navigation items": nothing for admins or for accounts with neither pending
 * requests nor recommendations; otherwise Live, plus Recommended and Awaiting Access when above 0.
 */
export function projectNavKeys(account: NavAccount): ProjectNavKey[] {
  if (account.isAdmin || (account.pending === 0 && account.recommended === 0)) return [];
  const keys: ProjectNavKey[] = ['live'];
  if (account.recommended > 0) keys.push('recommended');
  if (account.pending > 0) keys.push('pending');
  return keys;
}

/**
 * Spec §4: the dashboard link shows only when the user has at least one project. Admins get empty
 * project lists (spec §6), so they do not see it either; /dashboard itself still answers them with
 * an explanation, and `/` still lands there. The admin section becomes their home as its pages land.
 */
export function showsDashboardLink(account: NavAccount): boolean {
  return account.projects > 0;
}

/** Spec §2's workspace pages: leads, reporting, organisation and CRM. */
const WORKSPACE_NAV_GROUP: NavGroup = {
  id: 'workspace',
  visible: true,
  items: [
    { id: 'leads', label: 'Leads', url: '/leads', icon: IconAddressBook, visible: true },
    {
      id: 'reporting',
      label: 'Reporting',
      url: '/reporting',
      icon: IconChartBar,
      visible: true,
      children: [
        {
          id: 'reporting-listing-performance',
          label: 'Listing Performance',
          url: '/reporting/listing-performance',
          visible: true,
        },
        {
          id: 'reporting-buyer-feedback',
          label: 'Buyer Feedback',
          url: '/reporting/buyer-feedback',
          visible: true,
        },
      ],
    },
    {
      id: 'organisation',
      label: 'Organisation',
      url: '/organisation',
      icon: IconBuildingCommunity,
      visible: true,
      // Platform admins belong to none: they manage organisations from /users (decision 030).
      showFor: (account) => !account.isAdmin,
    },
    {
      id: 'crm',
      label: 'CRM Integration',
      url: '/crm',
      icon: IconPlugConnected,
      visible: true,
      // An organisation's (decision 029): platform admins belong to none and manage one by impersonation.
      showFor: (account) => !account.isAdmin,
    },
  ],
};

/** Spec §2's admin section (platform admins only). */
function adminNavGroup(productName: string): NavGroup {
  return {
    id: 'admin',
    label: `${productName} Admin`,
    visible: true,
    adminOnly: true,
    items: [
      { id: 'admin-users', label: 'Users', url: '/users', icon: IconUsersGroup, visible: true },
      {
        id: 'admin-pending-invites',
        label: 'Pending Invites',
        url: '/pending-invites',
        icon: IconUserPlus,
        visible: true,
      },
      {
        id: 'admin-access-requests',
        label: 'Access Requests',
        url: '/accessrequests',
        icon: IconKey,
        visible: true,
      },
      { id: 'admin-roles', label: 'Manage Roles', url: '/roles', icon: IconShieldLock, visible: true },
      {
        id: 'admin-scheduled-tasks',
        label: 'Scheduled Tasks',
        // The job queue's page (design §6), a page of the portal itself; opened in a new tab (spec §2).
        externalUrl: '/admin/scheduled-tasks',
        icon: IconCalendarTime,
        visible: true,
      },
      {
        id: 'admin-email-settings',
        label: 'Email Settings',
        url: '/email-settings',
        icon: IconMail,
        visible: true,
      },
      { id: 'admin-enquiries', label: 'Enquiries', url: '/enquiries', icon: IconInbox, visible: true },
      {
        id: 'admin-buyer-demands',
        label: 'Buyer Demands',
        url: '/buyer-demands',
        icon: IconHomeSearch,
        visible: true,
      },
      {
        id: 'admin-lead-scoring',
        label: 'Lead Scoring',
        url: '/lead-scoring',
        icon: IconTargetArrow,
        visible: true,
      },
      { id: 'admin-export', label: 'Export', url: '/export', icon: IconFileExport, visible: true },
      {
        // Design §5: admins' announcements to everyone, an organisation or a user (not in spec §2's list).
        id: 'admin-messages',
        label: 'In-app Messages',
        url: '/messages',
        icon: IconSpeakerphone,
        visible: true,
      },
      {
        // Issue 4: the maintenance switch (decision 018); admins only, like the rest of this group.
        id: 'admin-site-settings',
        label: 'Site Settings',
        url: '/site-settings',
        icon: IconSettings,
        visible: true,
      },
      {
        // A development tool, not a page of spec §2 (design §9): the outbox of emails and SMS. The API
        // answers it only outside production; admins only, like the rest of this group.
        id: 'admin-dev-mailbox',
        label: 'Dev Mailbox',
        url: '/dev/mailbox',
        icon: IconMailbox,
        visible: true,
      },
    ],
  };
}

export function navigationConfig(productName: string): NavGroup[] {
  return [
    {
      id: 'overview',
      visible: true,
      items: [
        {
          id: 'dashboard',
          label: DASHBOARD_TITLE,
          url: DASHBOARD_PATH,
          icon: IconLayoutDashboard,
          visible: true,
          showFor: showsDashboardLink,
        },
      ],
    },
    {
      id: 'projects',
      label: 'Projects',
      visible: true,
      items: [
        {
          id: 'projects-live',
          label: 'Live',
          title: 'Projects',
          url: '/projects',
          icon: IconBuildingSkyscraper,
          visible: true,
          showFor: (account) => projectNavKeys(account).includes('live'),
          count: (account) => account.projects,
        },
        {
          id: 'projects-recommended',
          label: 'Recommended',
          url: '/projects/recommended',
          icon: IconStar,
          visible: true,
          showFor: (account) => projectNavKeys(account).includes('recommended'),
          count: (account) => account.recommended,
        },
        {
          id: 'projects-pending',
          label: 'Awaiting Access',
          url: '/projects/pending',
          icon: IconHourglass,
          visible: true,
          showFor: (account) => projectNavKeys(account).includes('pending'),
          count: (account) => account.pending,
        },
      ],
    },
    WORKSPACE_NAV_GROUP,
    {
      id: 'coming-soon',
      label: 'Coming Soon',
      visible: true,
      hidden: true,
      items: [
        {
          id: 'product-ai',
          label: `${productName} AI`,
          url: `/${productName.toLowerCase()}-ai`,
          icon: IconSparkles,
          visible: true,
        },
      ],
    },
    {
      id: 'profile',
      label: 'Profile',
      visible: true,
      hidden: true,
      items: [{ id: 'profile', label: 'My profile', url: '/profile', icon: IconUser, visible: true }],
    },
    {
      // Spec §2 "Other routes": reached from the sidebar's contact block, never listed; here for its title.
      id: 'other',
      visible: true,
      hidden: true,
      items: [{ id: 'feedback', label: 'Feedback', url: '/feedback', visible: true }],
    },
    adminNavGroup(productName),
  ];
}

function visibleItems(items: NavItem[], account: NavAccount, depth: number): VisibleNavItem[] {
  if (depth > NAVIGATION_MAX_DEPTH) return [];
  const result: VisibleNavItem[] = [];
  for (const item of items) {
    if (!item.visible || (item.showFor && !item.showFor(account))) continue;
    const children = visibleItems(item.children ?? [], account, depth + 1);
    // A heading-only item with nothing visible under it leads nowhere.
    if (!item.url && !item.externalUrl && children.length === 0) continue;
    const label = item.count ? `${item.label} (${item.count(account)})` : item.label;
    result.push({
      id: item.id,
      label,
      ...(item.url ? { url: item.url } : {}),
      ...(item.externalUrl ? { externalUrl: item.externalUrl } : {}),
      ...(item.icon ? { icon: item.icon } : {}),
      children,
    });
  }
  return result;
}

/**
 * What the sidebar shows (spec §2): visible groups, minus hidden sections, minus admin-only groups
 * for non-admins; within them built items that pass their account rule, at most NAVIGATION_MAX_DEPTH deep.
 */
export function visibleNavigation(groups: NavGroup[], account: NavAccount): VisibleNavGroup[] {
  const result: VisibleNavGroup[] = [];
  for (const group of groups) {
    if (!group.visible || group.hidden || (group.adminOnly && !account.isAdmin)) continue;
    const items = visibleItems(group.items, account, 1);
    if (items.length === 0) continue;
    result.push({ id: group.id, ...(group.label ? { label: group.label } : {}), items });
  }
  return result;
}

function* allItems(items: NavItem[]): Generator<NavItem> {
  for (const item of items) {
    yield item;
    if (item.children) yield* allItems(item.children);
  }
}

function firstSegment(path: string): string | undefined {
  return path.split(/[?#]/)[0]?.split('/').find(Boolean);
}

/**
 * Spec §2: the title comes from the first path segment matched against navigation item urls
 * (hidden sections and unbuilt pages included); an empty path is 'Dashboard'; /profile/{id} is
 * 'User Profile'. Undefined when nothing matches.
 */
export function pageTitle(pathname: string, groups: NavGroup[]): string | undefined {
  const segments = pathname.split(/[?#]/)[0]?.split('/').filter(Boolean) ?? [];
  const first = segments[0];
  if (!first) return DASHBOARD_TITLE;
  if (first === 'profile' && segments.length > 1) return USER_PROFILE_TITLE;
  for (const group of groups) {
    for (const item of allItems(group.items)) {
      // The scheduled-tasks page is a page of the portal opened in a new tab: titled like the rest.
      const url = item.url ?? item.externalUrl;
      if (url && firstSegment(url) === first) return item.title ?? item.label;
    }
  }
  return undefined;
}

/** Whether a page is built, so links to it (like the account menu's Profile) may be shown. */
export function isPageVisible(url: string, groups: NavGroup[]): boolean {
  return groups.some((group) => [...allItems(group.items)].some((item) => item.url === url && item.visible));
}

/** Deepest nesting of the config (1 = a group's own items). */
export function navigationDepth(groups: NavGroup[]): number {
  const depthOf = (items: NavItem[]): number =>
    items.length === 0 ? 0 : 1 + Math.max(...items.map((item) => depthOf(item.children ?? [])));
  return Math.max(0, ...groups.map((group) => depthOf(group.items)));
}
