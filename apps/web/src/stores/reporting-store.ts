import {
  type BuyerType,
  type CalendarGranularity,
  type PerformanceFigure,
  REPORTING_MIN_START_DATE,
  STORAGE_KEYS,
  type Stage,
} from '@offplan/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The reports that keep a tab index (spec §3 "tab indexes"). */
export type ReportingTab = 'listingPerformance' | 'buyerFeedback';

/**
 * Spec §3 "Reporting state", persisted under `reporting-selections` (spec §4: survives a reload,
 * cleared on logout). `reportData` is the query cache, not stored here; `minStartDate` is the
 * constant 2024-01-01 (spec §9). A null date means the default range (decision 028, Web): the last
 * 30 days up to today, worked out when the report is read, so a stored default never goes stale.
 */
export type ReportingSelections = {
  /** Empty: every project the user may see. */
  selectedProjects: number[];
  buyerType: BuyerType;
  startDate: string | null;
  endDate: string | null;
  period: CalendarGranularity;
  constructionStatus: Stage | null;
  feedbackProject: number | null;
  feedbackAgent: string | null;
  tabIndexes: Record<ReportingTab, number>;
  /** The figure the listing-performance line chart draws. */
  chartFigure: PerformanceFigure;
};

type ReportingState = ReportingSelections & {
  minStartDate: string;
  /** Changes some selections and sets the report filter marker (spec §4). */
  select: (change: Partial<ReportingSelections>) => void;
  setTabIndex: (tab: ReportingTab, index: number) => void;
  /** Back to the defaults; the marker goes too. */
  resetSelections: () => void;
  /** Logout cleanup (spec §4): defaults in memory and nothing left in storage. */
  clearSelections: () => void;
};

export const DEFAULT_REPORTING_SELECTIONS: ReportingSelections = {
  selectedProjects: [],
  buyerType: 'ALL',
  startDate: null,
  endDate: null,
  // Spec §9: the default period is month.
  period: 'MONTH',
  constructionStatus: null,
  feedbackProject: null,
  feedbackAgent: null,
  tabIndexes: { listingPerformance: 0, buyerFeedback: 0 },
  chartFigure: 'pageViews',
};

function writeFilterMarker(changed: boolean): void {
  try {
    if (changed) window.localStorage.setItem(STORAGE_KEYS.reportFilterMarker, 'true');
    else window.localStorage.removeItem(STORAGE_KEYS.reportFilterMarker);
  } catch {
    // Storage unavailable: the marker only tells the page the filters differ from the defaults.
  }
}

/** Whether the user changed the report filters since the defaults (spec §4 "report filter marker"). */
export function hasReportFilterMarker(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.reportFilterMarker) === 'true';
  } catch {
    return false;
  }
}

export const useReportingStore = create<ReportingState>()(
  persist(
    (set) => ({
      ...DEFAULT_REPORTING_SELECTIONS,
      minStartDate: REPORTING_MIN_START_DATE,
      select: (change) => {
        writeFilterMarker(true);
        set(change);
      },
      setTabIndex: (tab, index) => set((state) => ({ tabIndexes: { ...state.tabIndexes, [tab]: index } })),
      resetSelections: () => {
        writeFilterMarker(false);
        set(DEFAULT_REPORTING_SELECTIONS);
      },
      clearSelections: () => {
        set(DEFAULT_REPORTING_SELECTIONS);
        useReportingStore.persist.clearStorage();
      },
    }),
    {
      name: STORAGE_KEYS.reportingSelections,
      storage: createJSONStorage(() => localStorage),
      partialize: ({
        minStartDate: _min,
        select: _s,
        setTabIndex: _t,
        resetSelections: _r,
        clearSelections: _c,
        ...selections
      }) => selections,
      // Selections stored by an older page keep the defaults for what they lack.
      merge: (persisted, current) => ({
        ...current,
        ...(persisted as Partial<ReportingSelections>),
        tabIndexes: {
          ...DEFAULT_REPORTING_SELECTIONS.tabIndexes,
          ...(persisted as Partial<ReportingSelections> | undefined)?.tabIndexes,
        },
      }),
    },
  ),
);
