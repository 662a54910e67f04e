/**
 * The /profile tabs, apart from the page itself: the route's search schema needs them in the first
 * bundle, the page's forms belong in the route's own chunk (issue 21).
 */
export const PROFILE_PAGES = ['contact-details', 'security', 'sessions', 'privacy'] as const;
export type ProfileTab = (typeof PROFILE_PAGES)[number];
export const DEFAULT_PAGE: ProfileTab = 'contact-details';
