import { Group, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { CardLayout } from '../components/layouts/card-layout.tsx';
import { endUserSession } from '../features/auth/api/sign-out.ts';

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
    void endUserSession().then(() => {
      if (cancelled) return;
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
