import { useQuery } from '@tanstack/react-query';
import { siteQueryOptions } from '../api/site.ts';

/** The tenant's logo (design §8), when the site answer is loaded. */
export function useSiteLogoUrl(): string | undefined {
  const { data: site } = useQuery(siteQueryOptions());
  return site?.logoUrl;
}
