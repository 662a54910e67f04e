import { Anchor, Badge, Code, Group, type MantineColor, Paper, Stack, Text } from '@mantine/core';
import type { OutboxMessage } from '@offplan/shared';
import { IconExternalLink, IconMail, IconMessage } from '@tabler/icons-react';
import { messageLink } from '../message-links.ts';

const STATUS_COLORS: Record<OutboxMessage['status'], MantineColor> = {
  pending: 'yellow',
  sent: 'green',
  stored: 'blue',
  failed: 'red',
};

const timeFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'medium' });

function formatTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : timeFormat.format(date);
}

/** One email or SMS of the outbox: who, what, when, its state, the text and its links. */
export function MailboxMessage({ message }: { message: OutboxMessage }) {
  const isEmail = message.channel === 'email';
  const Icon = isEmail ? IconMail : IconMessage;
  const subject = message.subject ?? (isEmail ? '(no subject)' : 'SMS');
  const links = message.links.flatMap((link) => {
    const safe = messageLink(link);
    return safe ? [safe] : [];
  });

  return (
    <Paper withBorder p="md" component="article" aria-label={`${subject} to ${message.to}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Icon size={18} stroke={1.6} aria-hidden />
            <Stack gap={0} miw={0}>
              <Text fw={600} size="sm">
                {subject}
              </Text>
              <Text size="xs" c="dimmed">
                To {message.to} · {formatTime(message.createdAt)}
              </Text>
            </Stack>
          </Group>
          <Group gap={6}>
            <Badge color="gray" variant="outline">
              {isEmail ? 'Email' : 'SMS'}
            </Badge>
            <Badge color={STATUS_COLORS[message.status]}>{message.status}</Badge>
            {message.attempts > 1 ? (
              <Text size="xs" c="dimmed">
                {message.attempts} attempts
              </Text>
            ) : null}
          </Group>
        </Group>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {message.text}
        </Code>
        {links.length > 0 ? (
          <Stack gap={4}>
            <Text size="xs" c="dimmed" fw={600}>
              Links
            </Text>
            {links.map((link) => (
              <Anchor
                key={link.href}
                href={link.href}
                size="sm"
                style={{ wordBreak: 'break-all' }}
                {...(link.sameOrigin ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
              >
                {link.href}
                {link.sameOrigin ? null : (
                  <IconExternalLink size={12} stroke={1.6} aria-label="opens in a new tab" />
                )}
              </Anchor>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
