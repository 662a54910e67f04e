import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec §2: the old layout demo address; moved permanently to /dashboard (the server answers 301 too). */
export const Route = createFileRoute('/_bare/sidebars')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard', replace: true, statusCode: 301 });
  },
});
