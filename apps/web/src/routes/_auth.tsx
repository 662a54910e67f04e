import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AuthLayout } from '../components/layouts/auth-layout.tsx';
import { PARTNER_LOGOS } from '../config/partners.ts';
import { siteQueryOptions } from '../features/site/api/site.ts';

/** Spec §2 "Auth layout": /login now; /login/verify-*, /forgot-password, /terms later. */
export const Route = createFileRoute('/_auth')({
  component: AuthLayoutRoute,
});

function AuthLayoutRoute() {
  const { data: site } = useSuspenseQuery(siteQueryOptions());
  return (
    <AuthLayout siteName={site.siteName} productName={site.productName} partners={PARTNER_LOGOS}>
      <Outlet />
    </AuthLayout>
  );
}
