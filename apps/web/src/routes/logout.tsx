import { Group, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { CardLayout } from '../components/layouts/card-layout.tsx';
import { signOut } from '../features/auth/api/sign-out.ts';
import { analytics } from '../lib/analytics/tracker.ts';
import { logoutCleanup } from '../stores/logout-cleanup.ts';

/** How long sign-out waits for the analytics events still queued (they need the user's session). */
const LOGOUT_FLUSH_WAIT_MS = 2000;

/**
 * Signs out in the page, not in beforeLoad: a preload (hovering the menu item) must never sign
 * anyone out, and the main layout must be gone before its cached data is cleared.
 */
export const Route = createFileRoute('/logout')({
  component: LogoutPage,
});

function LogoutPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    let cancelled = false;
    // Queued events go first, while the session still names their user.
    void analytics
      .flush({ maxWaitMs: LOGOUT_FLUSH_WAIT_MS })
      .then(signOut)
      .then(() => {
        if (cancelled) return;
        // The next visitor on this browser gets a new device id and session.
        analytics.reset();
        // Spec §4 "Logout cleanup": exactly its list of client state.
        logoutCleanup();
        queryClient.clear();
        void navigate({ to: '/login', replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [queryClient, navigate]);

  return (
    <CardLayout>
      <Group gap="sm">
        <Loader size="sm" />
        <Text>Signing you out…</Text>
      </Group>
    </CardLayout>
  );
}
