import { useShallow } from 'zustand/react/shallow';
import { type ReportingSelections, useReportingStore } from '../../../stores/reporting-store.ts';

/** The reporting selections (spec §3) without the store's actions; re-renders only when one changes. */
export function useReportingSelections(): ReportingSelections {
  return useReportingStore(
    useShallow((state) => ({
      selectedProjects: state.selectedProjects,
      buyerType: state.buyerType,
      startDate: state.startDate,
      endDate: state.endDate,
      period: state.period,
      constructionStatus: state.constructionStatus,
      feedbackProject: state.feedbackProject,
      feedbackAgent: state.feedbackAgent,
      tabIndexes: state.tabIndexes,
      chartFigure: state.chartFigure,
    })),
  );
}
