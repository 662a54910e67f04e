import { isPlatformAdmin } from '@offplan/shared';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { MainLayout } from '../components/layouts/main-layout/main-layout.tsx';
import { type NavAccount, navigationConfig, pageTitle, visibleNavigation } from '../config/navigation.ts';
import { displayName, initialsOf, sessionQueryOptions } from '../features/auth/api/session.ts';
import { mainLayoutAccess } from '../features/auth/session-routing.ts';
import { ImpersonationBanner } from '../features/impersonation/components/impersonation-banner.tsx';
import { useReturnToAdmin } from '../features/impersonation/hooks/use-return-to-admin.ts';
import { InAppMessages } from '../features/notifications/components/in-app-messages.tsx';
import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';
import { userProjectsQueryOptions } from '../features/projects/api/user-projects.ts';
import { siteQueryOptions } from '../features/site/api/site.ts';
import { analytics } from '../lib/analytics/tracker.ts';
import { toAnalyticsUser } from '../lib/analytics/user-properties.ts';

export const Route = createFileRoute('/_main')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.fetchQuery(sessionQueryOptions());
    // Every main-layout page needs a verified user, even one on a path the spec calls public (/users).
    const access = mainLayoutAccess(location, session);
    if ('redirect' in access) throw redirect({ href: access.redirect, replace: true });
    const { user } = access.session;
    return { session: access.session, user, isAdmin: isPlatformAdmin(user) };
  },
  // The loader stays in the first bundle: split out, its chunk would load before the call starts.
  codeSplitGroupings: [['component'], ['pendingComponent', 'errorComponent', 'notFoundComponent']],
  loader: ({ context }) => {
    // Navigation counts (spec §4), started and not awaited (issue 21): the frame paints at once and the
    // counts appear when they come. Admins have no project lists (spec §6) and the API refuses them.
    // A failure here must not take the frame down; the page that needs the data reports it.
    if (!context.isAdmin) void context.queryClient.prefetchQuery(userProjectsQueryOptions());
  },
  component: MainLayoutRoute,
});

function MainLayoutRoute() {
  const context = Route.useRouteContext();
  // Pages refresh the session after changes (name, photo); the guard's copy is only the fallback.
  // Not suspense: the guard already loaded the session; this only picks up later refreshes.
  const { data: freshSession } = useQuery(sessionQueryOptions());
  const session = freshSession ?? context.session;
  const { user } = session;
  const { isAdmin } = context;
  const returnToAdmin = useReturnToAdmin({ isAdmin });
  const { data: site } = useSuspenseQuery(siteQueryOptions());
  // Conditional read (admins get 403): useQuery, no loader.
  const { data: account } = useQuery({ ...userProjectsQueryOptions(), enabled: !isAdmin });
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const organisation = account?.organisation ?? null;
  const impersonated = Boolean(session.session.impersonatedBy);

  // Later events carry the spec §3 user properties; an admin acting as the user is marked as such.
  useEffect(() => {
    analytics.identify(toAnalyticsUser({ user, isAdmin, organisation }), { impersonated });
  }, [user, isAdmin, organisation, impersonated]);

  const groups = useMemo(() => navigationConfig(site.productName), [site.productName]);
  const navAccount: NavAccount = {
    isAdmin,
    projects: account?.projectIds.length ?? 0,
    recommended: account?.recommendedProjectIds.length ?? 0,
    pending: account?.projectRequestsIds.length ?? 0,
  };
  const name = displayName(user);

  return (
    <MainLayout
      siteName={site.siteName}
      productName={site.productName}
      contactUrl={site.contactUrl}
      title={pageTitle(pathname, groups) ?? ''}
      navigation={visibleNavigation(groups, navAccount)}
      user={{ name, email: user.email, initials: initialsOf(name), image: user.image }}
      bell={<NotificationBell email={user.email} />}
      onReturnToAdmin={returnToAdmin.canReturn ? () => void returnToAdmin.returnToAdmin() : undefined}
      banner={
        session.session.impersonatedBy ? (
          <ImpersonationBanner
            name={name}
            email={user.email}
            returning={returnToAdmin.returning}
            onReturnToAdmin={() => void returnToAdmin.returnToAdmin()}
          />
        ) : null
      }
    >
      <Outlet />
      <InAppMessages email={user.email} />
    </MainLayout>
  );
}
