import { NAVIGATION_MAX_DEPTH } from '@offplan/shared';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VisibleNavGroup, VisibleNavItem } from '../../../config/navigation.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { NavbarLinks } from './navbar-links.tsx';

/** A chain of items `depth` levels deep, each linking to /level-1/…/level-n. */
function chain(depth: number, level = 1, prefix = ''): VisibleNavItem {
  const url = `${prefix}/level-${level}`;
  return {
    id: `level-${level}`,
    label: `Level ${level}`,
    url,
    children: level < depth ? [chain(depth, level + 1, url)] : [],
  };
}

function renderAt(path: string, groups: VisibleNavGroup[]) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <NavbarLinks groups={groups} onNavigate={() => {}} /> }),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  renderWithProviders(<RouterProvider router={router} />);
}

describe('NavbarLinks (spec §2: groups nest up to five levels)', () => {
  it(`draws all ${NAVIGATION_MAX_DEPTH} levels of the active branch as links, under the group label`, async () => {
    const deepest = '/level-1/level-2/level-3/level-4/level-5';
    renderAt(deepest, [{ id: 'g', label: 'Reports', items: [chain(NAVIGATION_MAX_DEPTH)] }]);

    expect(await screen.findByText('Reports')).toBeTruthy();
    for (let level = 1; level <= NAVIGATION_MAX_DEPTH; level += 1) {
      const link = screen.getByRole('link', { name: `Level ${level}` });
      expect(link.getAttribute('href')).toBe(
        Array.from({ length: level }, (_, index) => `/level-${index + 1}`).join(''),
      );
    }
    expect(screen.getByRole('link', { name: 'Level 5' }).getAttribute('data-active')).toBe('true');
  });

  it('opens external items in a new tab', async () => {
    renderAt('/', [
      {
        id: 'admin',
        label: 'Offplan Admin',
        items: [{ id: 'x', label: 'Scheduled Tasks', externalUrl: '/admin/scheduled-tasks', children: [] }],
      },
    ]);
    const link = await screen.findByRole('link', { name: 'Scheduled Tasks' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
