import { createFileRoute, Outlet } from '@tanstack/react-router';
import { BareLayout } from '../components/layouts/bare-layout.tsx';

/**
 * Spec §2 "Bare layout" group: /landing (features/landing). /login-2, /login-3 and /sidebars belong
 * to the group in the spec but are permanent redirects here and on the server (decision 016).
 * Public: each page decides what it needs.
 */
export const Route = createFileRoute('/_bare')({
  component: () => (
    <BareLayout>
      <Outlet />
    </BareLayout>
  ),
});
