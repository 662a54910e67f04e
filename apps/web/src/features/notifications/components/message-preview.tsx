import { Anchor, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { safeLink, safeThumbnail } from '../lib/popup-rules.ts';
import { MessageBody } from './message-body.tsx';
import { SafeHtml } from './safe-html.tsx';

/** How the message will look, through the same sanitising components as the bell and pop-ups. */
export function MessagePreview(props: {
  title: string;
  body: string;
  ctaLink: string;
  ctaLabel: string;
  thumbnail: string;
}) {
  const image = safeThumbnail(props.thumbnail);
  const link = safeLink(props.ctaLink);
  return (
    <Paper withBorder p="lg" radius="md" data-testid="message-preview">
      <Stack gap="md">
        <Title order={2} size="h4">
          Preview
        </Title>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          In the bell
        </Text>
        <Group align="flex-start" wrap="nowrap" gap="sm">
          {image ? <Image src={image} alt="" w={48} h={48} radius="sm" fit="cover" /> : null}
          <Stack gap={4} miw={0} style={{ flex: 1 }}>
            <Text fw={600} size="sm">
              {props.title || 'Title'}
            </Text>
            <MessageBody body={props.body} thumbnail={image} />
            {link ? (
              <Anchor size="sm" href={link} target="_blank" rel="noopener noreferrer">
                {props.ctaLabel || link}
              </Anchor>
            ) : null}
          </Stack>
        </Group>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          As a pop-up
        </Text>
        <SafeHtml html={props.body} />
      </Stack>
    </Paper>
  );
}
