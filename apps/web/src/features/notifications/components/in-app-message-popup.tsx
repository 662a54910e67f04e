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
import { isExternalLink, safeLink, safeThumbnail } from '../lib/popup-rules.ts';
import { SafeHtml } from './safe-html.tsx';

type InAppMessagePopupProps = {
  message: Notification;
  visible: boolean;
  onClose: () => void;
  onExited: () => void;
  onAction: () => void;
};

/**
 * One pop-up (spec §9), as InAppMessages decides: a modal for Center and Full, an affixed card for
 * TopRight and BottomRight. Loaded only when a pop-up is due (see in-app-messages.tsx).
 */
export function InAppMessagePopup({
  message: current,
  visible,
  onClose: close,
  onExited,
  onAction: clickAction,
}: InAppMessagePopupProps) {
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
      <SafeHtml html={body} />
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
