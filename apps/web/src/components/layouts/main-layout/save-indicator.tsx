import { Group, Loader, Text } from '@mantine/core';
import { MESSAGES } from '@offplan/shared';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useSaveStatusStore } from '../../../stores/save-status-store.ts';

/**
 * Spec §4 "Save indicator" in the header, driven by useSaveStatusStore: saving shows a spinner with
 * the loading message or 'Saving...'; saved is green with the message or 'Saved!'; error is red with
 * the message or 'Something went wrong'; idle shows nothing.
 */
export function SaveIndicator() {
  const status = useSaveStatusStore((state) => state.status);
  const message = useSaveStatusStore((state) => state.message);
  if (status === 'idle') return null;

  const view = {
    saving: { color: undefined, icon: <Loader size={14} aria-hidden />, text: message || MESSAGES.saving },
    saved: {
      color: 'green',
      icon: <IconCircleCheck size={16} stroke={1.8} aria-hidden />,
      text: message || MESSAGES.saved,
    },
    error: {
      color: 'red',
      icon: <IconAlertCircle size={16} stroke={1.8} aria-hidden />,
      text: message || MESSAGES.saveError,
    },
  }[status];

  return (
    <Group
      gap={6}
      wrap="nowrap"
      c={view.color}
      role="status"
      aria-live="polite"
      data-testid="save-indicator"
      data-status={status}
      miw={0}
    >
      {view.icon}
      <Text size="sm" fw={500} c={view.color ?? 'dimmed'} truncate="end">
        {view.text}
      </Text>
    </Group>
  );
}
