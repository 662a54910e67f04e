import { useDocumentTitle } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { siteQueryOptions } from '../api/site.ts';

/** Sets the browser tab's title to "Page · Site name". */
export function usePageTitle(title: string): void {
  const { data: site } = useSuspenseQuery(siteQueryOptions());
  useDocumentTitle(`${title} · ${site.siteName}`);
}
