import { Group, Loader, Text } from '@mantine/core';
import { SCHEDULED_TASKS_REFRESH_MS } from '@offplan/shared';
import { useEffect, useState } from 'react';

/** "Updated 3 s ago", counted every second, with a spinner while a new reading is on its way. */
export function UpdatedAgo({ at, fetching }: { at: number; fetching: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  return (
    <Group gap={6} wrap="nowrap">
      {fetching ? <Loader size={12} aria-hidden /> : null}
      <Text size="sm" c="dimmed" data-testid="updated-ago" aria-live="off">
        Updated {seconds < 2 ? 'just now' : `${seconds} s ago`} · every {SCHEDULED_TASKS_REFRESH_MS / 1000} s
      </Text>
    </Group>
  );
}
