import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/` is the dashboard's address too (spec §2); the main layout has already checked the session. */
export const Route = createFileRoute('/_main/')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard', replace: true });
  },
});
