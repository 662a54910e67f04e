import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { OnboardingLayout } from '../components/layouts/onboarding-layout.tsx';
import { siteQueryOptions } from '../features/site/api/site.ts';

/**
 * Spec §2 "Onboarding layout": /register, /verify-email, /verify, /role, /activate and /connect. No
 * guard here: all but /role are public, and each page decides what a signed-in visitor sees.
 */
export const Route = createFileRoute('/_onboarding')({
  component: OnboardingLayoutRoute,
});

function OnboardingLayoutRoute() {
  const { data: site } = useSuspenseQuery(siteQueryOptions());
  return (
    <OnboardingLayout siteName={site.siteName}>
      <Outlet />
    </OnboardingLayout>
  );
}
