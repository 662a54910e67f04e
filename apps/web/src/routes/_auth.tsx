import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AuthLayout } from '../components/layouts/auth-layout.tsx';
import { siteQueryOptions } from '../features/site/api/site.ts';

/**
 * Spec §2 "Auth layout": /login, /login/verify-phone, /login/verify-otp, /forgot-password,
 * /forgot-password/{token} and /terms. No guard here: every page is public (spec §2), and each
 * decides for itself what a signed-in visitor sees.
 */
export const Route = createFileRoute('/_auth')({
  component: AuthLayoutRoute,
});

function AuthLayoutRoute() {
  const { data: site } = useSuspenseQuery(siteQueryOptions());
  return (
    <AuthLayout siteName={site.siteName} productName={site.productName} partners={site.partnerLogos}>
      <Outlet />
    </AuthLayout>
  );
}
