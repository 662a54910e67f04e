import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type EmailSender, type EmailSenderInput, emailSenderInputSchema } from '@offplan/shared';
import { useSuspenseQuery } from '@tanstack/react-query';
import { FormError } from '../../../components/form-error.tsx';
import { fieldErrorsFrom, formErrorOf } from '../../../lib/form-errors.ts';
import { notifications } from '../../../lib/toasts.ts';
import { sendersQueryOptions, useSaveSender } from '../api/email-settings.ts';

const FIELDS = { name: 'name', address: 'address' };

function SenderForm({ sender }: { sender: EmailSender }) {
  const save = useSaveSender(sender.tenant);
  const form = useForm<EmailSenderInput>({
    initialValues: { name: sender.name, address: sender.address },
    validate: schemaResolver(emailSenderInputSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.resetDirty({ name: saved.name, address: saved.address });
        form.setValues({ name: saved.name, address: saved.address });
        notifications.show({
          color: 'green',
          title: 'Sender saved',
          message: `Emails now come from ${saved.effectiveFrom}.`,
        });
      },
      onError: (error) => {
        const fields = fieldErrorsFrom(error, FIELDS);
        if (fields) form.setErrors(fields);
      },
    }),
  );
  return (
    <Paper withBorder p="md" component="section" aria-label={`${sender.siteName} sender`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h5">
            {sender.siteName}
          </Title>
          <FormError message={formErrorOf(save.error, FIELDS)} />
          <TextInput
            label="Sender name"
            description={`Empty: ${sender.siteName}`}
            maxLength={100}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Sender address"
            description={`Empty: ${/<([^<>]+)>\s*$/.exec(sender.defaultFrom)?.[1] ?? sender.defaultFrom}`}
            type="email"
            maxLength={254}
            {...form.getInputProps('address')}
          />
          <Text size="sm">
            Emails come from <strong>{sender.effectiveFrom}</strong>
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save sender
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Senders tab: the From of each tenant's emails (design §8). */
export function SendersSection() {
  const { data } = useSuspenseQuery(sendersQueryOptions());
  return (
    <Stack gap="sm">
      <Text size="sm">
        Each site sends its emails under its own name. Leave both fields empty to use the site name at the
        default address. Use an address your mail provider is allowed to send from.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {data.senders.map((sender) => (
          <SenderForm key={sender.tenant} sender={sender} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
