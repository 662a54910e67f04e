import {
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type ComposeMessage,
  composeMessageSchema,
  IN_APP_MESSAGES,
  type InAppAudienceKind,
  type InAppPosition,
  type InAppTrigger,
} from '@offplan/shared';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { FormError } from '../../../components/form-error.tsx';
import type { ApiClientError } from '../../../lib/api-client.ts';
import { fieldErrorsFrom, formErrorOf } from '../../../lib/form-errors.ts';
import { notifications } from '../../../lib/toasts.ts';
import { adminMessagesQueryKey, sendAdminMessage } from '../api/admin-messages.ts';
import { messageOrganisationsQueryOptions } from '../api/admin-organisations.ts';
import { MessagePreview } from './message-preview.tsx';

type Values = {
  audience: InAppAudienceKind;
  organisationId: string;
  userEmail: string;
  title: string;
  body: string;
  ctaLink: string;
  ctaLabel: string;
  thumbnail: string;
  priorityLevel: number | string;
  trigger: InAppTrigger;
  position: InAppPosition;
};

const INITIAL: Values = {
  audience: 'everyone',
  organisationId: '',
  userEmail: '',
  title: '',
  body: '',
  ctaLink: '',
  ctaLabel: '',
  thumbnail: '',
  priorityLevel: 100,
  trigger: 'immediate',
  position: 'Center',
};

const FIELD_NAMES = Object.fromEntries(Object.keys(INITIAL).map((name) => [name, name]));

/** What the form holds, as the API takes it: empty optional fields left out. */
export function toComposeMessage(values: Values): ComposeMessage {
  const optional = (value: string) => (value.trim() ? value.trim() : undefined);
  return {
    audience: values.audience,
    ...(values.audience === 'organisation' ? { organisationId: values.organisationId } : {}),
    ...(values.audience === 'user' ? { userEmail: values.userEmail.trim() } : {}),
    title: values.title.trim(),
    body: values.body.trim(),
    ctaLink: optional(values.ctaLink),
    ctaLabel: optional(values.ctaLabel),
    thumbnail: optional(values.thumbnail),
    priorityLevel: Number(values.priorityLevel),
    trigger: values.trigger,
    position: values.position,
  };
}

const validateComposeMessage = schemaResolver(composeMessageSchema, { sync: true });

/** The admin composer (design §5): audience, content, display options, and a sanitised preview. */
export function MessageComposer() {
  const queryClient = useQueryClient();
  const organisations = useSuspenseQuery(messageOrganisationsQueryOptions());
  const send = useMutation<{ messageId: string }, ApiClientError, ComposeMessage>({
    mutationFn: sendAdminMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminMessagesQueryKey }),
  });
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: INITIAL,
    // The schema checks what would be sent (trimmed, empty optional fields left out), not the raw fields.
    validate: (values) => validateComposeMessage(toComposeMessage(values)),
  });

  const handleSubmit = form.onSubmit((values) => {
    send.mutate(toComposeMessage(values), {
      onSuccess: () => {
        notifications.show({ color: 'green', title: 'Message sent', message: values.title.trim() });
        form.reset();
      },
      onError: (error) => {
        const fields = fieldErrorsFrom(error, FIELD_NAMES);
        if (fields) form.setErrors(fields);
      },
    });
  });

  const values = form.getValues();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={handleSubmit} noValidate aria-label="Compose message">
          <Stack gap="md">
            <Title order={2} size="h4">
              New message
            </Title>
            {/* Above the form unless a field shows it (a field the form lacks would hide it otherwise). */}
            <FormError message={formErrorOf(send.error, FIELD_NAMES)} />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Audience
              </Text>
              <SegmentedControl
                aria-label="Audience"
                data={[
                  { value: 'everyone', label: 'Everyone' },
                  { value: 'organisation', label: 'Organisation' },
                  { value: 'user', label: 'User' },
                ]}
                {...form.getInputProps('audience')}
              />
            </Stack>
            {values.audience === 'organisation' ? (
              <Select
                label="Organisation"
                placeholder="Choose an organisation"
                searchable
                data={organisations.data.items.map((item) => ({ value: item.id, label: item.name }))}
                {...form.getInputProps('organisationId')}
                onChange={(value) => form.setFieldValue('organisationId', value ?? '')}
              />
            ) : null}
            {values.audience === 'user' ? (
              <TextInput label="User email" type="email" {...form.getInputProps('userEmail')} />
            ) : null}
            <TextInput label="Title" required {...form.getInputProps('title')} />
            <Textarea
              label="Body (HTML)"
              description="Shown as HTML (sanitised) when there is a thumbnail and in pop-ups; otherwise as plain text."
              required
              autosize
              minRows={4}
              maxRows={12}
              {...form.getInputProps('body')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Call-to-action link"
                placeholder="https://… or /path"
                {...form.getInputProps('ctaLink')}
              />
              <TextInput label="Call-to-action label" {...form.getInputProps('ctaLabel')} />
            </SimpleGrid>
            <TextInput label="Thumbnail" placeholder="https://…" {...form.getInputProps('thumbnail')} />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NumberInput
                label="Priority"
                description="Lower shows first"
                min={0}
                max={1000}
                allowDecimal={false}
                {...form.getInputProps('priorityLevel')}
              />
              <Select
                label="Trigger"
                description="'Never' keeps it in the bell"
                allowDeselect={false}
                data={[
                  { value: 'immediate', label: 'Immediate' },
                  { value: 'never', label: 'Never' },
                ]}
                {...form.getInputProps('trigger')}
              />
              <Select
                label="Position"
                allowDeselect={false}
                data={IN_APP_MESSAGES.positions.map((position) => ({
                  value: position,
                  label: position === 'Full' ? 'Full screen' : position,
                }))}
                {...form.getInputProps('position')}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending}>
                Send message
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <MessagePreview
        title={values.title}
        body={values.body}
        ctaLink={values.ctaLink}
        ctaLabel={values.ctaLabel}
        thumbnail={values.thumbnail}
      />
    </SimpleGrid>
  );
}
