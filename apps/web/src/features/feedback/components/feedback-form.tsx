import { Alert, Button, Card, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_PAGE_MAX,
  type FeedbackCategory,
  feedbackInputSchema,
} from '@offplan/shared';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useSendFeedback } from '../api/feedback.ts';

export const FEEDBACK_TEXT = {
  heading: 'Give us your thoughts',
  intro: 'Tell the team what works, what does not, and what you would like next. We read every message.',
  categoryRequired: 'Choose a category.',
  messageRequired: 'Tell us your thoughts.',
  messageTooLong: `Keep it under ${FEEDBACK_MESSAGE_MAX} characters.`,
  pageTooLong: `At most ${FEEDBACK_PAGE_MAX} characters.`,
  sent: 'Thanks! Your feedback is on its way to the team.',
} as const;

const CATEGORY_OPTIONS = FEEDBACK_CATEGORIES.map((value) => ({
  value,
  label: FEEDBACK_CATEGORY_LABELS[value],
}));

/** /feedback (spec §2, internal): category, message and, optionally, the page it is about. */
export function FeedbackForm({ initialPage }: { initialPage?: string | undefined }) {
  const send = useSendFeedback();
  const [sent, setSent] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { category: '' as FeedbackCategory | '', message: '', page: initialPage ?? '' },
    validate: schemaResolver(feedbackInputSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    if (!values.category) return;
    send.mutate(
      { category: values.category, message: values.message.trim(), page: values.page.trim() || undefined },
      {
        onSuccess: () => {
          setSent(true);
          form.reset();
        },
        onError: (error) => {
          if (error.fields) form.setErrors(error.fields);
        },
      },
    );
  });

  return (
    <Card maw={720}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={3}>{FEEDBACK_TEXT.heading}</Title>
            <Text size="sm" c="dimmed">
              {FEEDBACK_TEXT.intro}
            </Text>
          </Stack>
          {sent ? (
            <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
              {FEEDBACK_TEXT.sent}
            </Alert>
          ) : null}
          {send.error && !send.error.fields ? (
            <Alert color="red" role="alert">
              {send.error.message}
            </Alert>
          ) : null}
          <Select
            label="Category"
            placeholder="What is it about?"
            data={CATEGORY_OPTIONS}
            withAsterisk
            allowDeselect={false}
            key={form.key('category')}
            {...form.getInputProps('category')}
          />
          <Textarea
            label="Your feedback"
            withAsterisk
            rows={6}
            maxLength={FEEDBACK_MESSAGE_MAX}
            key={form.key('message')}
            {...form.getInputProps('message')}
          />
          <TextInput
            label="Page (optional)"
            description="The page or listing your feedback is about, e.g. /projects"
            maxLength={FEEDBACK_PAGE_MAX}
            key={form.key('page')}
            {...form.getInputProps('page')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending} onClick={() => setSent(false)}>
              Send feedback
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
