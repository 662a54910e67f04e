import { STORAGE_KEYS, sortProjects } from '@offplan/shared';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ALL_DASHBOARD_FILTERS_ON,
  useDashboardFiltersStore,
  useDashboardSortStore,
} from '../../stores/dashboard-store.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { DashboardToolbar } from './components/dashboard-toolbar.tsx';
import { type FilterableProject, matchesDashboardFilters } from './lib/dashboard-filters.ts';

const SLOW = 30_000;

const sortInput = () => screen.getByRole('combobox', { name: 'Sort projects' }) as HTMLSelectElement;

const selling: FilterableProject = { campaignType: 'NONE', salesStatus: 'SELLING_NOW', stage: 'COMMENCED' };

beforeEach(() => {
  localStorage.clear();
  useDashboardFiltersStore.setState({ filters: ALL_DASHBOARD_FILTERS_ON });
  useDashboardSortStore.setState({ sort: undefined });
});

describe('dashboard filter rules', () => {
  it('shows every project while all filters are on (the default)', () => {
    expect(matchesDashboardFilters(selling, ALL_DASHBOARD_FILTERS_ON)).toBe(true);
    expect(
      matchesDashboardFilters(
        { campaignType: 'CPS', salesStatus: 'HIDDEN', stage: 'NOT_PROCEEDING' },
        ALL_DASHBOARD_FILTERS_ON,
      ),
    ).toBe(true);
  });

  it('never hides a HIDDEN listing by the sales filters: it has no sales key (decision 021)', () => {
    const hidden = { campaignType: 'NONE', salesStatus: 'HIDDEN', stage: 'IN_PLANNING' } as const;
    const salesAllOff = {
      ...ALL_DASHBOARD_FILTERS_ON,
      selling: false,
      sold_out: false,
      registration_of_interest: false,
      pending_launch: false,
    };
    expect(matchesDashboardFilters(hidden, salesAllOff)).toBe(true);
    expect(matchesDashboardFilters(hidden, { ...salesAllOff, in_planning: false })).toBe(false);
  });

  it('hides a project whose own key in any group is off', () => {
    expect(matchesDashboardFilters(selling, { ...ALL_DASHBOARD_FILTERS_ON, selling: false })).toBe(false);
    expect(matchesDashboardFilters(selling, { ...ALL_DASHBOARD_FILTERS_ON, free_listing: false })).toBe(
      false,
    );
    expect(
      matchesDashboardFilters(selling, { ...ALL_DASHBOARD_FILTERS_ON, construction_commenced: false }),
    ).toBe(false);
    expect(
      matchesDashboardFilters(selling, { ...ALL_DASHBOARD_FILTERS_ON, premium: false, sold_out: false }),
    ).toBe(true);
  });

  it('applies the brochure, configuration and floorplan keys once those facts are known', () => {
    const withFacts = {
      ...selling,
      completeness: { brochure: true, floorplans: false, configurations: true },
    };
    expect(matchesDashboardFilters(withFacts, { ...ALL_DASHBOARD_FILTERS_ON, with_brochure: false })).toBe(
      false,
    );
    expect(matchesDashboardFilters(withFacts, { ...ALL_DASHBOARD_FILTERS_ON, no_brochure: false })).toBe(
      true,
    );
    expect(matchesDashboardFilters(withFacts, { ...ALL_DASHBOARD_FILTERS_ON, no_floorplan: false })).toBe(
      false,
    );
    expect(matchesDashboardFilters(withFacts, { ...ALL_DASHBOARD_FILTERS_ON, with_config: false })).toBe(
      false,
    );
    // Unknown facts never hide a project.
    expect(matchesDashboardFilters(selling, { ...ALL_DASHBOARD_FILTERS_ON, with_brochure: false })).toBe(
      true,
    );
  });

  it('sorts by the last update, newest first, until the user picks a sort', () => {
    const projects = [
      { title: 'B', createdAt: '2026-01-01', updatedAt: '2026-02-01' },
      { title: 'a', createdAt: '2026-03-01', updatedAt: '2026-01-01' },
      { title: 'C', createdAt: '2026-02-01', updatedAt: '2026-03-01' },
    ];
    expect(sortProjects(projects, undefined).map((p) => p.title)).toEqual(['C', 'B', 'a']);
    expect(sortProjects(projects, { by: 'title', order: 'asc' }).map((p) => p.title)).toEqual([
      'a',
      'B',
      'C',
    ]);
    expect(sortProjects(projects, { by: 'createdAt', order: 'asc' }).map((p) => p.title)).toEqual([
      'B',
      'C',
      'a',
    ]);
  });
});

describe('dashboard filters persistence', () => {
  it(
    'keeps a filter the user turned off in local storage under its key',
    async () => {
      renderWithProviders(<DashboardToolbar />);
      fireEvent.click(screen.getByRole('button', { name: /Filters/ }));
      const soldOut = await screen.findByRole('checkbox', { name: 'Sold Out' });
      expect((soldOut as HTMLInputElement).checked).toBe(true);

      fireEvent.click(soldOut);

      expect((soldOut as HTMLInputElement).checked).toBe(false);
      const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.dashboardFilters) ?? '{}');
      expect(stored.state.filters.sold_out).toBe(false);
      expect(stored.state.filters.selling).toBe(true);
      expect(screen.getByLabelText('1 filters off')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'restores stored filters and sort on load (a reload)',
    async () => {
      localStorage.setItem(
        STORAGE_KEYS.dashboardFilters,
        JSON.stringify({ state: { filters: { no_brochure: false } }, version: 0 }),
      );
      localStorage.setItem(
        STORAGE_KEYS.dashboardSort,
        JSON.stringify({ state: { sort: { by: 'title', order: 'asc' } }, version: 0 }),
      );
      await useDashboardFiltersStore.persist.rehydrate();
      await useDashboardSortStore.persist.rehydrate();

      renderWithProviders(<DashboardToolbar />);
      expect(sortInput().selectedOptions[0]?.textContent).toBe('Name A–Z');
      fireEvent.click(screen.getByRole('button', { name: /Filters/ }));
      expect(((await screen.findByLabelText('No brochure')) as HTMLInputElement).checked).toBe(false);
      // Keys missing from storage default to on.
      expect((screen.getByLabelText('With brochure') as HTMLInputElement).checked).toBe(true);
    },
    SLOW,
  );

  it(
    'stores the chosen sort',
    async () => {
      renderWithProviders(<DashboardToolbar />);
      const oldest = screen.getByRole('option', { name: 'Oldest' }) as HTMLOptionElement;
      fireEvent.change(sortInput(), { target: { value: oldest.value } });

      expect(useDashboardSortStore.getState().sort).toEqual({ by: 'createdAt', order: 'asc' });
      const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.dashboardSort) ?? '{}');
      expect(stored.state.sort).toEqual({ by: 'createdAt', order: 'asc' });
    },
    SLOW,
  );
});
