import { NAVIGATION_MAX_DEPTH } from '@offplan/shared';
import { describe, expect, it } from 'vitest';
import {
  isPageVisible,
  type NavAccount,
  type NavGroup,
  navigationConfig,
  navigationDepth,
  pageTitle,
  projectNavKeys,
  type VisibleNavGroup,
  visibleNavigation,
} from './navigation.ts';

const groups = navigationConfig('Offplan');

const member: NavAccount = { isAdmin: false, projects: 3, recommended: 2, pending: 1 };
const admin: NavAccount = { isAdmin: true, projects: 0, recommended: 0, pending: 0 };

function urls(visible: VisibleNavGroup[]): string[] {
  const collect = (items: VisibleNavGroup['items']): string[] =>
    items.flatMap((item) => [...(item.url ? [item.url] : []), ...collect(item.children)]);
  return visible.flatMap((group) => collect(group.items));
}

describe('pageTitle', () => {
  it.each([
    ['/', 'Dashboard'],
    ['', 'Dashboard'],
    ['/dashboard', 'Dashboard'],
    ['/projects', 'Projects'],
    ['/projects/recommended', 'Projects'],
    ['/projects/42/summary', 'Projects'],
    ['/leads', 'Leads'],
    ['/reporting/buyer-feedback', 'Reporting'],
    ['/organisation', 'Organisation'],
    ['/crm', 'CRM Integration'],
    ['/offplan-ai', 'Offplan AI'],
    ['/profile', 'My profile'],
    ['/roles', 'Manage Roles'],
    ['/accessrequests', 'Access Requests'],
    ['/users', 'Users'],
    ['/messages', 'In-app Messages'],
    ['/feedback', 'Feedback'],
    ['/dev/mailbox', 'Dev Mailbox'],
  ])('titles %s as %s', (path, title) => {
    expect(pageTitle(path, groups)).toBe(title);
  });

  it("titles a profile with an id 'User Profile'", () => {
    expect(pageTitle('/profile/u_123', groups)).toBe('User Profile');
  });

  it('ignores the query string and a trailing slash', () => {
    expect(pageTitle('/leads/?page=2', groups)).toBe('Leads');
  });

  it('follows the product name in the Coming Soon section', () => {
    expect(pageTitle('/acme-ai', navigationConfig('Acme'))).toBe('Acme AI');
  });

  it('answers undefined for paths no navigation item names', () => {
    expect(pageTitle('/nowhere', groups)).toBeUndefined();
  });
});

describe('projectNavKeys (spec §4 project navigation items)', () => {
  it('gives admins no project items', () => {
    expect(projectNavKeys({ ...member, isAdmin: true })).toEqual([]);
  });

  it('gives no project items without pending requests and recommendations', () => {
    expect(projectNavKeys({ isAdmin: false, projects: 5, recommended: 0, pending: 0 })).toEqual([]);
  });

  it('shows Live plus Recommended when only recommendations exist', () => {
    expect(projectNavKeys({ isAdmin: false, projects: 0, recommended: 2, pending: 0 })).toEqual([
      'live',
      'recommended',
    ]);
  });

  it('shows Live plus Awaiting Access when only pending requests exist', () => {
    expect(projectNavKeys({ isAdmin: false, projects: 1, recommended: 0, pending: 3 })).toEqual([
      'live',
      'pending',
    ]);
  });

  it('shows all three when both counts are above zero', () => {
    expect(projectNavKeys(member)).toEqual(['live', 'recommended', 'pending']);
  });
});

describe('visibleNavigation', () => {
  it('shows only built pages: the dashboard for a member with projects', () => {
    expect(urls(visibleNavigation(groups, member))).toEqual([
      '/dashboard',
      '/projects',
      '/projects/recommended',
      '/projects/pending',
      '/leads',
      '/reporting',
      '/reporting/listing-performance',
      '/reporting/buyer-feedback',
      '/organisation',
      '/crm',
    ]);
  });

  it('shows admins the built admin pages, the dev mailbox included, and never the hidden profile section', () => {
    expect(urls(visibleNavigation(groups, admin))).toEqual([
      '/leads',
      '/reporting',
      '/reporting/listing-performance',
      '/reporting/buyer-feedback',
      '/users',
      '/pending-invites',
      '/accessrequests',
      '/roles',
      '/email-settings',
      '/enquiries',
      '/buyer-demands',
      '/lead-scoring',
      '/export',
      '/messages',
      '/site-settings',
      '/dev/mailbox',
    ]);
  });

  it('never shows platform admins CRM Integration: it belongs to an organisation, reached by impersonation', () => {
    expect(urls(visibleNavigation(groups, admin))).not.toContain('/crm');
  });

  it('never shows members the admin section', () => {
    expect(urls(visibleNavigation(groups, member))).not.toContain('/users');
    expect(urls(visibleNavigation(groups, member))).not.toContain('/dev/mailbox');
  });

  it('hides the dashboard link from users without projects (spec §4)', () => {
    expect(urls(visibleNavigation(groups, { ...member, projects: 0 }))).not.toContain('/dashboard');
  });

  it('drops unbuilt items, hidden sections and admin-only groups for members', () => {
    const config: NavGroup[] = [
      { id: 'a', visible: true, items: [{ id: 'built', label: 'Built', url: '/built', visible: true }] },
      {
        id: 'b',
        visible: true,
        items: [{ id: 'unbuilt', label: 'Unbuilt', url: '/unbuilt', visible: false }],
      },
      {
        id: 'c',
        visible: true,
        hidden: true,
        items: [{ id: 'hid', label: 'Hid', url: '/hid', visible: true }],
      },
      {
        id: 'd',
        visible: true,
        adminOnly: true,
        items: [{ id: 'adm', label: 'Adm', url: '/adm', visible: true }],
      },
      { id: 'e', visible: false, items: [{ id: 'off', label: 'Off', url: '/off', visible: true }] },
    ];
    expect(urls(visibleNavigation(config, member))).toEqual(['/built']);
    expect(urls(visibleNavigation(config, admin))).toEqual(['/built', '/adm']);
  });

  it('labels counted items "label (n)" and applies the project rule', () => {
    const config = navigationConfig('Offplan').map((group) => ({
      ...group,
      items: group.items.map((item) => ({ ...item, visible: true })),
    }));
    const projects = visibleNavigation(config, {
      isAdmin: false,
      projects: 4,
      recommended: 0,
      pending: 2,
    }).find((group) => group.id === 'projects');
    expect(projects?.items.map((item) => item.label)).toEqual(['Live (4)', 'Awaiting Access (2)']);
  });

  it('drops children of hidden parents and keeps visible children of visible parents', () => {
    const config: NavGroup[] = [
      {
        id: 'g',
        visible: true,
        items: [
          {
            id: 'parent',
            label: 'Parent',
            url: '/parent',
            visible: true,
            children: [
              { id: 'shown', label: 'Shown', url: '/parent/shown', visible: true },
              { id: 'unbuilt', label: 'Unbuilt', url: '/parent/unbuilt', visible: false },
            ],
          },
          {
            id: 'hidden-parent',
            label: 'Hidden',
            url: '/hidden',
            visible: false,
            children: [{ id: 'orphan', label: 'Orphan', url: '/hidden/orphan', visible: true }],
          },
          // A heading without a page leads nowhere when nothing under it is built.
          {
            id: 'heading',
            label: 'Heading',
            visible: true,
            children: [{ id: 'x', label: 'X', visible: false }],
          },
        ],
      },
    ];
    expect(urls(visibleNavigation(config, member))).toEqual(['/parent', '/parent/shown']);
  });

  it(`cuts nesting below ${NAVIGATION_MAX_DEPTH} levels`, () => {
    const nest = (level: number): NavGroup['items'][number] => ({
      id: `level-${level}`,
      label: `Level ${level}`,
      url: `/level-${level}`,
      visible: true,
      ...(level < NAVIGATION_MAX_DEPTH + 2 ? { children: [nest(level + 1)] } : {}),
    });
    const visible = visibleNavigation([{ id: 'deep', visible: true, items: [nest(1)] }], member);
    expect(urls(visible)).toHaveLength(NAVIGATION_MAX_DEPTH);
  });
});

describe('navigation config', () => {
  it(`nests at most ${NAVIGATION_MAX_DEPTH} levels`, () => {
    expect(navigationDepth(groups)).toBeLessThanOrEqual(NAVIGATION_MAX_DEPTH);
  });

  it('lists every page of spec §2, then the dev mailbox', () => {
    const everyUrl = (items: NavGroup['items']): string[] =>
      items.flatMap((item) => [...(item.url ? [item.url] : []), ...everyUrl(item.children ?? [])]);
    expect(groups.flatMap((group) => everyUrl(group.items))).toEqual([
      '/dashboard',
      '/projects',
      '/projects/recommended',
      '/projects/pending',
      '/leads',
      '/reporting',
      '/reporting/listing-performance',
      '/reporting/buyer-feedback',
      '/organisation',
      '/crm',
      '/offplan-ai',
      '/profile',
      '/feedback',
      '/users',
      '/pending-invites',
      '/accessrequests',
      '/roles',
      '/email-settings',
      '/enquiries',
      '/buyer-demands',
      '/lead-scoring',
      '/export',
      '/messages',
      '/site-settings',
      '/dev/mailbox',
    ]);
  });

  it('names the admin section after the product and flags it admin-only', () => {
    const adminGroup = groups.find((group) => group.id === 'admin');
    expect(adminGroup?.label).toBe('Offplan Admin');
    expect(adminGroup?.adminOnly).toBe(true);
  });

  it('marks only built pages visible', () => {
    expect(isPageVisible('/dashboard', groups)).toBe(true);
    expect(isPageVisible('/profile', groups)).toBe(true);
    expect(isPageVisible('/users', groups)).toBe(true);
    expect(isPageVisible('/dev/mailbox', groups)).toBe(true);
    expect(isPageVisible('/leads', groups)).toBe(true);
    expect(isPageVisible('/reporting', groups)).toBe(true);
    expect(isPageVisible('/reporting/listing-performance', groups)).toBe(true);
    expect(isPageVisible('/reporting/buyer-feedback', groups)).toBe(true);
    expect(isPageVisible('/crm', groups)).toBe(true);
    expect(isPageVisible('/organisation', groups)).toBe(true);
    expect(isPageVisible('/pending-invites', groups)).toBe(true);
    for (const url of ['/roles', '/email-settings', '/buyer-demands', '/export']) {
      expect(isPageVisible(url, groups)).toBe(true);
    }
  });

  it("lists spec §2's admin items in its order, scheduled tasks opening in a new tab", () => {
    const adminGroup = groups.find((group) => group.id === 'admin');
    expect(adminGroup?.items.map((item) => item.url ?? item.externalUrl)).toEqual([
      '/users',
      '/pending-invites',
      '/accessrequests',
      '/roles',
      '/admin/scheduled-tasks',
      '/email-settings',
      '/enquiries',
      '/buyer-demands',
      '/lead-scoring',
      '/export',
      '/messages',
      '/site-settings',
      '/dev/mailbox',
    ]);
    expect(adminGroup?.items.every((item) => item.visible)).toBe(true);
    expect(pageTitle('/admin/scheduled-tasks', groups)).toBe('Scheduled Tasks');
  });
});
