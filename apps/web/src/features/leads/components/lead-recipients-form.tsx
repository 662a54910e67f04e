import { Button, Group, Loader, Stack, TagsInput } from '@mantine/core';
import { leadRecipientsInputSchema, type leadRecipientsSchema } from '@offplan/shared';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { FormError } from '../../../components/form-error.tsx';
import type { ApiClientError } from '../../../lib/api-client.ts';
import { notifications } from '../../../lib/toasts.ts';

type LeadRecipients = z.output<typeof leadRecipientsSchema>;

/** What an empty list means for this project, with who the defaults are today. */
function emptyListMeans(defaults: string[]): string {
  return defaults.length
    ? `Empty: new leads go to the defaults (${defaults.join(', ')}).`
    : 'Empty: new leads go to the defaults, the organisation’s owners and the project’s members, and there are none yet: add an address.';
}

/**
 * Who a project's new-lead emails go to (spec: lead notifications), read and saved through the caller's
 * query and mutation: the organisation's (/leads "Lead settings") and the admin's (/email-settings).
 */
export function LeadRecipientsForm({
  recipients,
  save,
}: {
  recipients: UseQueryResult<LeadRecipients>;
  save: UseMutationResult<LeadRecipients, ApiClientError, string[]>;
}) {
  const [emails, setEmails] = useState<string[] | null>(null);
  // An address typed but not yet turned into a tag still counts when saving.
  const [typing, setTyping] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (recipients.isPending) return <Loader size="sm" aria-label="Loading recipients" />;
  if (recipients.isError) return <FormError message={recipients.error.message} />;

  const shown = emails ?? recipients.data.emails;
  const submit = () => {
    const pending = typing.trim();
    const parsed = leadRecipientsInputSchema.safeParse({ emails: pending ? [...shown, pending] : shown });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the addresses');
      return;
    }
    setError(null);
    save.mutate(parsed.data.emails, {
      onSuccess: (saved) => {
        setEmails(saved.emails);
        setTyping('');
        notifications.show({
          color: 'green',
          title: 'Lead recipients saved',
          message: saved.emails.length ? saved.emails.join(', ') : 'New leads go to the defaults.',
        });
      },
      onError: (failure) => setError(failure.fields?.['emails.0'] ?? failure.message),
    });
  };
  return (
    <Stack gap="sm">
      <TagsInput
        label="Send new leads to"
        description={
          shown.length === 0
            ? emptyListMeans(recipients.data.defaults)
            : 'Press Enter after each address. Leave empty to use the defaults.'
        }
        placeholder={shown.length === 0 ? 'Email addresses' : undefined}
        value={shown}
        searchValue={typing}
        onSearchChange={setTyping}
        onChange={(next) => {
          setEmails(next.map((email) => email.trim()));
          setError(null);
        }}
        error={error}
        splitChars={[',', ' ', ';']}
        clearable
      />
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending}>
          Save recipients
        </Button>
      </Group>
    </Stack>
  );
}
