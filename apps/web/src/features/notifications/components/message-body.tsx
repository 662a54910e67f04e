import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { messageText } from '../lib/sanitize.ts';
import { SafeHtml } from './safe-html.tsx';

/** Spec §3: a body is rendered as HTML when the message has a thumbnail; otherwise as plain text. */
export function MessageBody({ body, thumbnail }: { body: string; thumbnail: string | null | undefined }) {
  const text = useMemo(() => (thumbnail ? '' : messageText(body)), [body, thumbnail]);
  if (thumbnail) return <SafeHtml html={body} />;
  return (
    <Text size="sm" c="dimmed" data-testid="message-text" style={{ whiteSpace: 'pre-line' }}>
      {text}
    </Text>
  );
}
