import { createFileRoute, redirect } from '@tanstack/react-router';
import { homePathFor } from '../../features/auth/session-routing.ts';

/**
 * `/` is the signed-in user's home: the dashboard (spec §2), or /users for a platform admin (issue 22
 * part 4). The main layout has already checked the session.
 */
export const Route = createFileRoute('/_main/')({
  beforeLoad: ({ context }) => {
    throw redirect({ href: homePathFor(context.user), replace: true });
  },
});
