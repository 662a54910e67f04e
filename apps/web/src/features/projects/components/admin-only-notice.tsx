import { useSuspenseQuery } from '@tanstack/react-query';
import { siteQueryOptions } from '../../site/index.ts';
import { AdminProjectsNotice } from './projects-empty-state.tsx';

/** Spec §6: admins have no project lists of their own; the API refuses their account state. */
export function AdminOnlyNotice() {
  const { data: site } = useSuspenseQuery(siteQueryOptions());
  return <AdminProjectsNotice productName={site.productName} />;
}
