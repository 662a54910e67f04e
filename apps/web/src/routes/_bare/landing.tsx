import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../../features/landing/components/landing-page.tsx';
import { siteQueryOptions } from '../../features/site/api/site.ts';
import { usePageTitle } from '../../features/site/hooks/use-page-title.ts';

/** Spec §2 bare layout: /landing, public (no session needed), branded for the host's tenant. */
export const Route = createFileRoute('/_bare/landing')({
  component: LandingRoute,
});

function LandingRoute() {
  const { data: site } = useSuspenseQuery(siteQueryOptions());
  usePageTitle('Off-the-plan listings, leads and reporting');
  return <LandingPage site={site} />;
}
