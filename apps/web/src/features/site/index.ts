/** What other features may use of site (decision 024: features meet only through their index). */
export { siteQueryOptions } from './api/site.ts';
export { usePageTitle } from './hooks/use-page-title.ts';
