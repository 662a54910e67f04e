import { STORAGE_KEYS } from '@offplan/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { logoutCleanup } from './logout-cleanup.ts';
import { DEFAULT_REPORTING_SELECTIONS, hasReportFilterMarker, useReportingStore } from './reporting-store.ts';

const stored = () => JSON.parse(window.localStorage.getItem(STORAGE_KEYS.reportingSelections) ?? 'null');

beforeEach(() => {
  useReportingStore.getState().clearSelections();
  window.localStorage.clear();
});

describe('reporting state (spec §3, §4, §9)', () => {
  it('starts with period month, every buyer type, all projects, the default range and 2024-01-01 as the earliest start', () => {
    const state = useReportingStore.getState();
    expect(state.period).toBe('MONTH');
    expect(state.buyerType).toBe('ALL');
    expect(state.selectedProjects).toEqual([]);
    expect([state.startDate, state.endDate]).toEqual([null, null]);
    expect(state.minStartDate).toBe('2024-01-01');
  });

  it('persists the selections under reporting-selections and sets the report filter marker', () => {
    useReportingStore
      .getState()
      .select({ selectedProjects: [11, 12], period: 'WEEK', buyerType: 'INVESTOR' });
    useReportingStore.getState().setTabIndex('buyerFeedback', 2);

    expect(stored().state).toMatchObject({
      selectedProjects: [11, 12],
      period: 'WEEK',
      buyerType: 'INVESTOR',
      tabIndexes: { listingPerformance: 0, buyerFeedback: 2 },
    });
    // The constant and the actions are not stored.
    expect(stored().state.minStartDate).toBeUndefined();
    expect(hasReportFilterMarker()).toBe(true);
  });

  it('reads the selections back on a reload (rehydration)', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.reportingSelections,
      JSON.stringify({
        state: { selectedProjects: [7], startDate: '2025-02-01', endDate: '2025-02-28' },
        version: 0,
      }),
    );
    await useReportingStore.persist.rehydrate();

    const state = useReportingStore.getState();
    expect(state.selectedProjects).toEqual([7]);
    expect([state.startDate, state.endDate]).toEqual(['2025-02-01', '2025-02-28']);
    // What the stored state lacks keeps its default.
    expect(state.period).toBe('MONTH');
    expect(state.tabIndexes).toEqual(DEFAULT_REPORTING_SELECTIONS.tabIndexes);
  });

  it('resets to the defaults and drops the marker', () => {
    useReportingStore.getState().select({ period: 'DAY', constructionStatus: 'COMPLETE' });
    useReportingStore.getState().resetSelections();

    expect(useReportingStore.getState()).toMatchObject(DEFAULT_REPORTING_SELECTIONS);
    expect(hasReportFilterMarker()).toBe(false);
  });

  it('is cleared by logout: defaults in memory, nothing in storage', () => {
    useReportingStore.getState().select({ selectedProjects: [3], feedbackAgent: 'u9', period: 'DAY' });

    logoutCleanup();

    expect(useReportingStore.getState()).toMatchObject(DEFAULT_REPORTING_SELECTIONS);
    expect(window.localStorage.getItem(STORAGE_KEYS.reportingSelections)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.reportFilterMarker)).toBeNull();
  });
});
