import {
  ActionIcon,
  Anchor,
  Box,
  Divider,
  Group,
  Image,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { BELL_READ_MARKING_DELAY_MS, type Notification } from '@offplan/shared';
import { IconBell } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { analytics } from '../../../lib/analytics/tracker.ts';
import { trackNotifications } from '../api/notifications.ts';
import { useNotificationEvents } from '../hooks/use-notification-events.ts';
import { useNotifications } from '../hooks/use-notifications.ts';
import { isExternalLink, safeLink, safeThumbnail } from '../lib/popup-rules.ts';
import { deferredMessageBody } from './deferred-message-html.tsx';

/** Spec §2, §8 empty text, word for word. */
export const EMPTY_NOTIFICATIONS_TEXT = 'You have no new notifications.';

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

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={360}
      shadow="md"
      withArrow
      trapFocus={false}
      keepMounted
    >
      <Indicator
        disabled={unread.length === 0}
        color="red"
        size={9}
        offset={6}
        withBorder
        processing={false}
        data-testid={unread.length > 0 ? 'notification-unread-dot' : undefined}
      >
        {/* The popover's target is the button itself: aria-expanded belongs on it, not on the dot's wrapper. */}
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={unread.length > 0 ? `Notifications (${unread.length} unread)` : 'Notifications'}
            aria-expanded={opened}
            data-testid="notification-bell"
            data-live={live}
            onClick={() => (opened ? setOpened(false) : open())}
            // Likely about to be opened: the bodies' renderers are usually in by the click.
            onPointerEnter={deferredMessageBody.preload}
            onFocus={deferredMessageBody.preload}
          >
            <IconBell size={20} stroke={1.6} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} data-testid="notification-list">
        <Text fw={600} size="sm" px="md" py="sm">
          Notifications
        </Text>
        <Divider />
        {messages.length === 0 ? (
          <Text size="sm" c="dimmed" px="md" py="lg" ta="center">
            {EMPTY_NOTIFICATIONS_TEXT}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420} type="auto">
            <Stack gap={0}>
              {messages.map((message) => (
                <NotificationItem
                  key={message.messageId}
                  message={message}
                  showBody={bodiesShown}
                  onClick={clickMessage}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

function NotificationItem({
  message,
  showBody,
  onClick,
}: {
  message: Notification;
  showBody: boolean;
  onClick: (message: Notification) => void;
}) {
  const { title, body, cta_link, cta_label, thumbnail } = message.customPayload;
  const link = safeLink(cta_link);
  const image = safeThumbnail(thumbnail);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onClick(message);
  };
  return (
    <Box
      px="md"
      py="sm"
      role="article"
      tabIndex={0}
      data-testid="notification-item"
      data-read={message.read}
      data-message-id={message.messageId}
      onClick={() => onClick(message)}
      onKeyDown={onKeyDown}
      style={{
        cursor: 'pointer',
        borderBottom: '1px solid var(--mantine-color-default-border)',
        background: message.read ? undefined : 'var(--mantine-color-blue-light)',
      }}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        {image ? <Image src={image} alt="" w={48} h={48} radius="sm" fit="cover" /> : null}
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Text fw={600} size="sm">
            {title}
          </Text>
          {showBody ? <deferredMessageBody.Component body={body} thumbnail={image} /> : null}
          {link ? (
            <Anchor
              href={link}
              size="sm"
              {...(isExternalLink(link) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {cta_label || link}
            </Anchor>
          ) : null}
        </Stack>
      </Group>
    </Box>
  );
}
