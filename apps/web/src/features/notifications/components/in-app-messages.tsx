import {
  Affix,
  Button,
  CloseButton,
  Group,
  Image,
  Modal,
  Paper,
  Stack,
  Text,
  Transition,
} from '@mantine/core';
import { IN_APP_MESSAGES, type Notification } from '@offplan/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { analytics } from '../../../lib/analytics/tracker.ts';
import { trackNotifications } from '../api/notifications.ts';
import { useNotifications } from '../hooks/use-notifications.ts';
import { isExternalLink, popupQueue, safeLink, safeThumbnail } from '../lib/popup-rules.ts';
import { DeferredSafeHtml, loadMessageRenderers } from './deferred-message-html.tsx';

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
    // The body's renderer (DOMPurify) is loaded only when a pop-up is due, and the pop-up waits for
    // it, so it opens with its body rather than growing once the body arrives. A failed load still
    // shows the pop-up, whose body then tries again.
    const timer = setTimeout(
      () => void loadMessageRenderers().then(show, show),
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
  const content = <PopupContent message={current} onAction={clickAction} />;
  const duration = IN_APP_MESSAGES.animationMs;

  if (current.position === 'Center' || current.position === 'Full') {
    return (
      <Modal
        opened={visible}
        onClose={close}
        onExitTransitionEnd={onExited}
        centered
        fullScreen={current.position === 'Full'}
        title={current.customPayload.title}
        transitionProps={{ transition: 'pop', duration }}
        data-testid="in-app-message"
        data-position={current.position}
        size="lg"
      >
        {content}
      </Modal>
    );
  }
  return (
    <Affix position={current.position === 'TopRight' ? { top: 80, right: 20 } : { bottom: 20, right: 20 }}>
      <Transition
        mounted={visible}
        transition={current.position === 'TopRight' ? 'slide-down' : 'slide-up'}
        duration={duration}
        onExited={onExited}
      >
        {(style) => (
          <Paper
            style={style}
            shadow="lg"
            withBorder
            p="md"
            w={360}
            maw="calc(100vw - 40px)"
            role="dialog"
            aria-label={current.customPayload.title}
            data-testid="in-app-message"
            data-position={current.position}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
              <Text fw={600}>{current.customPayload.title}</Text>
              <CloseButton aria-label="Close message" onClick={close} />
            </Group>
            {content}
          </Paper>
        )}
      </Transition>
    </Affix>
  );
}

function PopupContent({ message, onAction }: { message: Notification; onAction: () => void }) {
  const { body, cta_link, cta_label, thumbnail } = message.customPayload;
  const link = safeLink(cta_link);
  const image = safeThumbnail(thumbnail);
  return (
    <Stack gap="sm">
      {image ? <Image src={image} alt="" radius="sm" mah={200} fit="cover" /> : null}
      <DeferredSafeHtml html={body} />
      {link ? (
        <Group justify="flex-end">
          <Button
            component="a"
            href={link}
            onClick={onAction}
            {...(isExternalLink(link) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {cta_label || 'Open'}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
