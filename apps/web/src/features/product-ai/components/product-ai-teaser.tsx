import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { INTEREST_NOTE_MAX } from '@offplan/shared';
import {
  IconChartDots3,
  IconCircleCheck,
  IconPencilBolt,
  IconSparkles,
  IconUsers,
} from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { myInterestQueryOptions, useRegisterInterest } from '../api/interest.ts';

export const PRODUCT_AI_TEXT = {
  badge: 'Coming Soon',
  register: 'Register interest',
  registered: "You're on the list. We'll be in touch when early access opens.",
  saveNote: 'Save note',
} as const;

const FEATURES = [
  {
    icon: IconPencilBolt,
    title: 'Listing copy in seconds',
    text: 'Draft headlines, descriptions and feature lists for each development from your brochure and floorplans.',
  },
  {
    icon: IconUsers,
    title: 'Smarter lead follow-up',
    text: 'See which enquiries are most likely to buy and get a suggested next step for each one.',
  },
  {
    icon: IconChartDots3,
    title: 'Performance insights',
    text: 'Plain-English answers about how each listing performs and what would lift it.',
  },
];

/** Spec §2 hidden "Coming Soon" section: /{product}-ai presents {product} AI; users register interest. */
export function ProductAiTeaser() {
  const { data: interest } = useSuspenseQuery(myInterestQueryOptions());
  const register = useRegisterInterest();
  const [note, setNote] = useState(interest.note ?? '');
  const tooLong = note.trim().length > INTEREST_NOTE_MAX;

  return (
    <Stack gap="lg" maw={960}>
      <Card padding="xl">
        <Stack gap="md">
          <Group gap="sm">
            <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
              <IconSparkles size={26} />
            </ThemeIcon>
            <Badge color="grape" size="lg">
              {PRODUCT_AI_TEXT.badge}
            </Badge>
          </Group>
          {/* The frame's heading names the page ({product} AI); this one says what it is. */}
          <Title order={2}>Your off-the-plan sales assistant</Title>
          <Text size="lg" c="dimmed" maw={640}>
            An assistant built into your portal that writes listing copy, prioritises your leads and explains
            your reporting, trained on off-the-plan sales.
          </Text>
          {interest.registered ? (
            <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
              {PRODUCT_AI_TEXT.registered}
            </Alert>
          ) : null}
          <Textarea
            label="Anything you'd like it to do? (optional)"
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            rows={3}
            maw={640}
            error={tooLong ? `At most ${INTEREST_NOTE_MAX} characters.` : undefined}
          />
          <Group>
            <Button
              leftSection={<IconSparkles size={16} />}
              loading={register.isPending}
              disabled={tooLong}
              onClick={() => register.mutate(note.trim() ? { note: note.trim() } : {})}
            >
              {interest.registered ? PRODUCT_AI_TEXT.saveNote : PRODUCT_AI_TEXT.register}
            </Button>
          </Group>
          {register.error ? (
            <Text c="red" size="sm" role="alert">
              {register.error.message}
            </Text>
          ) : null}
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {FEATURES.map((feature) => (
          <Card key={feature.title}>
            <Stack gap="xs">
              <ThemeIcon variant="light" aria-hidden>
                <feature.icon size={18} />
              </ThemeIcon>
              <Text fw={600}>{feature.title}</Text>
              <Text size="sm" c="dimmed">
                {feature.text}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <List size="sm" c="dimmed">
        <List.Item>Registering is free and does not sign you up for anything.</List.Item>
      </List>
    </Stack>
  );
}
