import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { emailFormSchema } from '@offplan/shared';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useResendVerificationEmail } from '../api/email-verification.ts';

export function verificationSentMessage(email: string): string {
  return `We sent a new verification link to ${email}. It replaces any earlier link.`;
}

/**
 * 'Resend verification email' at /verify-email. A signed-in user's address is known; a visitor who
 * is signed out types it. A 429 (3 a minute) shows the server's message.
 */
export function ResendVerification({ email }: { email: string | null }) {
  const resend = useResendVerificationEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: email ?? '' },
    validate: schemaResolver(emailFormSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    const address = values.email.trim();
    setSentTo(null);
    resend.mutate(
      { email: address },
      {
        onSuccess: () => setSentTo(address),
        onError: (error) => {
          if (error.fields?.email) form.setFieldError('email', error.fields.email);
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate style={{ width: '100%' }}>
      <Stack gap="sm">
        {resend.error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {resend.error.message}
          </Alert>
        ) : sentTo ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {verificationSentMessage(sentTo)}
          </Alert>
        ) : null}
        {email ? null : (
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@company.com.au"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
        )}
        <Group>
          <Button type="submit" variant="light" loading={resend.isPending}>
            Resend verification email
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
