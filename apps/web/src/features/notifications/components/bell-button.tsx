import { ActionIcon, type ActionIconProps, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ComponentPropsWithRef, ReactNode } from 'react';

/** What the bell's button shows: the unread count (a dot and its name) and whether events are live. */
export type BellState = { unreadCount: number; live: boolean };

/** The unread dot around the bell's button. */
export function BellIndicator({ unreadCount, children }: { unreadCount: number; children: ReactNode }) {
  return (
    <Indicator
      disabled={unreadCount === 0}
      color="red"
      size={9}
      offset={6}
      withBorder
      processing={false}
      data-testid={unreadCount > 0 ? 'notification-unread-dot' : undefined}
    >
      {children}
    </Indicator>
  );
}

type BellIconProps = BellState &
  ActionIconProps &
  Omit<ComponentPropsWithRef<'button'>, keyof ActionIconProps | 'children'>;

/** The bell's button: drawn alone until the list's code is in, then as the popover's target. */
export function BellIcon({ unreadCount, live, ...buttonProps }: BellIconProps) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={unreadCount > 0 ? `Notifications (${unreadCount} unread)` : 'Notifications'}
      aria-haspopup="dialog"
      data-testid="notification-bell"
      data-live={live}
      {...buttonProps}
    >
      <IconBell size={20} stroke={1.6} />
    </ActionIcon>
  );
}
