import { createFileRoute } from '@tanstack/react-router';
import { accountSessionsQueryOptions } from '../../features/profile/api/account-sessions.ts';
import { ProfilePage } from '../../features/profile/components/profile-page.tsx';
import { DEFAULT_PAGE, PROFILE_PAGES } from '../../features/profile/profile-pages.ts';
import { searchEnum, searchOf } from '../../lib/search-params.ts';

const readProfileSearch = searchOf({
  /** Spec §2: the user menu opens /profile?page=contact-details. Unknown pages fall back to it. */
  page: (value) => searchEnum(PROFILE_PAGES, value),
});

export const Route = createFileRoute('/_main/profile')({
  validateSearch: readProfileSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? DEFAULT_PAGE }),
  loader: async ({ context, deps }) => {
    if (deps.page === 'sessions') await context.queryClient.ensureQueryData(accountSessionsQueryOptions());
  },
  component: ProfilePage,
});
