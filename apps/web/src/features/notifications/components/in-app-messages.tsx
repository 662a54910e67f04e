import { IN_APP_MESSAGES, type Notification } from '@offplan/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { analytics } from '../../../lib/analytics/tracker.ts';
import { deferredComponent } from '../../../lib/deferred-component.tsx';
import { trackNotifications } from '../api/notifications.ts';
import { useNotifications } from '../hooks/use-notifications.ts';
import { popupQueue } from '../lib/popup-rules.ts';

const properties = (message: Notification) => ({
  message_id: message.messageId,
  in_app_campaign_id: message.campaignId,
});

/**
 * Spec §9 pop-ups: unread, triggered, HTML messages one at a time, by priority then age; 30 s between
 * displays, 400 ms animation; Center, TopRight, BottomRight or full screen. Showing one records an open
 * (server receipt and `notification_appear`); closing it marks it read; its call to action records a
 * click (`notification_clicked`).
 */
export function InAppMessages({ email }: { email: string | null | undefined }) {
  const { messages, markReadLocally } = useNotifications(email);
  const queue = useMemo(() => popupQueue(messages), [messages]);
  const [current, setCurrent] = useState<Notification | null>(null);
  const [visible, setVisible] = useState(false);
  const [nextAt, setNextAt] = useState(0);
  const shown = useRef(new Set<string>());

  useEffect(() => {
    if (current) return;
    const next = queue.find((message) => !shown.current.has(message.messageId));
    if (!next) return;
    let cancelled = false;
    const show = () => {
      if (cancelled) return;
      shown.current.add(next.messageId);
      setCurrent(next);
      setVisible(true);
      void trackNotifications('open', [next.messageId]);
      analytics.track('notification_appear', properties(next));
    };
    // The pop-up's code (a modal, DOMPurify for its body) is loaded only when one is due, and it
    // waits for it, so it opens whole. A failed load still shows it, and the render tries again.
    const timer = setTimeout(
      () => void deferredPopup.load().then(show, show),
      Math.max(0, nextAt - Date.now()),
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [queue, current, nextAt]);

  // A retracted message leaves the list: its pop-up closes without being marked read.
  useEffect(() => {
    if (current && visible && !messages.some((message) => message.messageId === current.messageId)) {
      setVisible(false);
    }
  }, [messages, current, visible]);

  const close = () => {
    if (!current || !visible) return;
    setVisible(false);
    markReadLocally([current.messageId]);
    void trackNotifications('read', [current.messageId]);
    setNextAt(Date.now() + IN_APP_MESSAGES.displayIntervalMs);
  };
  const onExited = () => setCurrent(null);

  const clickAction = () => {
    if (!current) return;
    void trackNotifications('click', [current.messageId]);
    analytics.track('notification_clicked', properties(current));
    close();
  };

  if (!current) return null;
  const props = { message: current, visible, onClose: close, onExited, onAction: clickAction };
  return <deferredPopup.Component {...props} />;
}

/**
 * Most pages show no pop-up: its view (a modal or an affixed card, and DOMPurify for the body, about
 * 15 KB compressed) loads when one is due rather than with every framed page (issue 21).
 */
const deferredPopup = deferredComponent(() =>
  import('./in-app-message-popup.tsx').then((module) => module.InAppMessagePopup),
);
