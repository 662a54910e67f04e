import { Anchor, Box, Divider, Group, Image, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import type { Notification } from '@offplan/shared';
import { type KeyboardEvent, useRef } from 'react';
import { type PopupTakeover, usePopupTakeover } from '../../../lib/deferred-popup.tsx';
import { isExternalLink, safeLink, safeThumbnail } from '../lib/popup-rules.ts';
import { BellIcon, BellIndicator, type BellState } from './bell-button.tsx';
import { deferredMessageBody } from './deferred-message-html.tsx';

/** Spec §2, §8 empty text, word for word. */
export const EMPTY_NOTIFICATIONS_TEXT = 'You have no new notifications.';

export type BellPopoverProps = BellState & {
  opened: boolean;
  onOpenedChange: (opened: boolean) => void;
  /** Opening: the bell records the opens and marks the messages read (notification-bell.tsx). */
  onOpen: () => void;
  messages: Notification[];
  /** Message bodies (and DOMPurify) wait until the list is first shown. */
  bodiesShown: boolean;
  onMessageClick: (message: Notification) => void;
};

/**
 * The bell's list in its popover. Loaded on first use (`deferredPopup` in notification-bell.tsx), when
 * it takes over from the bell's button; the bell keeps the messages and what opening does.
 */
export function BellPopover({
  opened,
  onOpenedChange,
  onOpen,
  messages,
  bodiesShown,
  onMessageClick,
  focusAtMount,
  openAtMount: _openedByTheBell,
  ...bell
}: BellPopoverProps & PopupTakeover) {
  const target = useRef<HTMLButtonElement>(null);
  // Opened by the bell (`opened`), so only the focus is taken over here.
  usePopupTakeover(target, { focusAtMount });
  return (
    <Popover
      opened={opened}
      onChange={onOpenedChange}
      position="bottom-end"
      width={360}
      shadow="md"
      withArrow
      trapFocus={false}
      keepMounted
    >
      <BellIndicator unreadCount={bell.unreadCount}>
        {/* The popover's target is the button itself: aria-expanded belongs on it, not on the dot's wrapper. */}
        <Popover.Target>
          <BellIcon
            ref={target}
            {...bell}
            aria-expanded={opened}
            onClick={() => (opened ? onOpenedChange(false) : onOpen())}
            // The focus stays on the bell (the list does not trap it): Escape closes from there too.
            onKeyDown={(event) => {
              if (event.key === 'Escape' && opened) onOpenedChange(false);
            }}
            // Likely about to be opened: the bodies' renderers are usually in by the click.
            onPointerEnter={deferredMessageBody.preload}
            onFocus={deferredMessageBody.preload}
          />
        </Popover.Target>
      </BellIndicator>
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
                  onClick={onMessageClick}
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
