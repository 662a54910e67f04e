import { BELL_READ_MARKING_DELAY_MS, type Notification } from '@offplan/shared';
import { useEffect, useRef, useState } from 'react';
import { analytics } from '../../../lib/analytics/tracker.ts';
import { deferredPopup } from '../../../lib/deferred-popup.tsx';
import { trackNotifications } from '../api/notifications.ts';
import { useNotificationEvents } from '../hooks/use-notification-events.ts';
import { useNotifications } from '../hooks/use-notifications.ts';
import { BellIcon, BellIndicator } from './bell-button.tsx';
import type { BellPopoverProps } from './bell-popover.tsx';
import { deferredMessageBody } from './deferred-message-html.tsx';

/** The bell's list: the button is on every page, the list's code (and floating-ui) loads on first use. */
export const bellPopover = deferredPopup<BellPopoverProps>(() =>
  import('./bell-popover.tsx').then((module) => module.BellPopover),
);

const messageProperties = (message: Notification) => ({
  message_id: message.messageId,
  in_app_campaign_id: message.campaignId,
});

/**
 * Spec §2 bell and §4 rules: an unread dot while any message is unread; opening it records an open of
 * each unread message (server receipt and `notification_bell_appear`), then after 500 ms marks all read
 * (locally and on the server). Clicking a message marks it read and records a click (server receipt and
 * `notification_bell_clicked`).
 */
export function NotificationBell({ email }: { email: string | null | undefined }) {
  const { messages, unread, markReadLocally } = useNotifications(email);
  // Retractions reach this tab through its one event stream (opened here: the bell is on every page).
  const live = useNotificationEvents(email);
  const [opened, setOpened] = useState(false);
  // The dropdown stays mounted, hidden: message bodies (and DOMPurify) wait until it is first opened.
  const [bodiesShown, setBodiesShown] = useState(false);
  const readTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (readTimer.current) clearTimeout(readTimer.current);
    },
    [],
  );

  function open() {
    setOpened(true);
    setBodiesShown(true);
    const unreadIds = unread.map((message) => message.messageId);
    for (const message of unread) analytics.track('notification_bell_appear', messageProperties(message));
    if (unreadIds.length === 0) return;
    void trackNotifications('open', unreadIds);
    if (readTimer.current) clearTimeout(readTimer.current);
    readTimer.current = setTimeout(() => {
      readTimer.current = null;
      markReadLocally(messages.map((message) => message.messageId));
      void trackNotifications('read', unreadIds);
    }, BELL_READ_MARKING_DELAY_MS);
  }

  function clickMessage(message: Notification) {
    markReadLocally([message.messageId]);
    void trackNotifications('click', [message.messageId]);
    analytics.track('notification_bell_clicked', messageProperties(message));
  }

  const bell = { unreadCount: unread.length, live };
  return (
    <bellPopover.Component
      {...bell}
      opened={opened}
      onOpenedChange={setOpened}
      onOpen={open}
      messages={messages}
      bodiesShown={bodiesShown}
      onMessageClick={clickMessage}
      standIn={(handlers) => (
        <BellIndicator unreadCount={bell.unreadCount}>
          <BellIcon
            {...bell}
            {...handlers}
            aria-expanded={false}
            onClick={(event) => {
              handlers.onClick(event);
              open();
            }}
            // Likely about to be opened, by mouse or keyboard: the bodies' renderers load with the list.
            onPointerEnter={() => {
              handlers.onPointerEnter();
              deferredMessageBody.preload();
            }}
            onFocus={() => {
              handlers.onFocus();
              deferredMessageBody.preload();
            }}
          />
        </BellIndicator>
      )}
    />
  );
}
