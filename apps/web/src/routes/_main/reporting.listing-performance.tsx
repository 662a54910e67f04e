import { PERFORMANCE_FIGURES } from '@offplan/shared';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { AdminPageError } from '../../components/feedback/admin-page-error.tsx';
import { listingPerformanceQueryOptions } from '../../features/reporting/api/reporting.ts';
import { ListingPerformancePage } from '../../features/reporting/components/listing-performance-page.tsx';
import { listingPerformanceQueryOf } from '../../features/reporting/lib/report-range.ts';
import { searchAsString, searchEnum, searchOf } from '../../lib/search-params.ts';
import { type ReportingSelections, useReportingStore } from '../../stores/reporting-store.ts';

/**
 * A link into the report (the dashboard's KPIs) may name the projects ('all' or ids), the figure to
 * chart and the default range; they become the reporting state (spec §3) and leave the address,
 * which the state then speaks for.
 */
const readLinkSearch = searchOf({
  // The router reads `projects=12` as the number 12.
  projects: (value) => {
    const projects = searchAsString(value);
    return projects && /^(all|\d+(,\d+)*)$/.test(projects) ? projects : undefined;
  },
  figure: (value) => searchEnum(PERFORMANCE_FIGURES, value),
  range: (value) => searchEnum(['default'], value),
});

function selectionsFromLink(search: ReturnType<typeof readLinkSearch>): Partial<ReportingSelections> {
  return {
    ...(search.projects
      ? { selectedProjects: search.projects === 'all' ? [] : search.projects.split(',').map(Number) }
      : {}),
    ...(search.figure ? { chartFigure: search.figure } : {}),
    ...(search.range ? { startDate: null, endDate: null } : {}),
  };
}

/** /reporting/listing-performance (issue 17): its filters live in the persisted reporting state. */
export const Route = createFileRoute('/_main/reporting/listing-performance')({
  validateSearch: readLinkSearch,
  beforeLoad: ({ search }) => {
    const change = selectionsFromLink(search);
    if (Object.keys(change).length === 0) return;
    useReportingStore.getState().select(change);
    throw redirect({ to: '/reporting/listing-performance', search: {}, replace: true });
  },
  // Started here so the answer is on its way while the page's code loads; the page shows its errors.
  loader: ({ context }) =>
    context.queryClient.prefetchQuery(
      listingPerformanceQueryOptions(listingPerformanceQueryOf(useReportingStore.getState())),
    ),
  errorComponent: ({ error }) => (
    <AdminPageError error={error} title="Listing performance could not be loaded" />
  ),
  component: ListingPerformancePage,
});
