import { Loader, Stack, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormError } from '../../../components/form-error.tsx';
import { notifications } from '../../../lib/toasts.ts';
import { leadDigestQueryOptions, useSetLeadDigest } from '../api/lead-digest.ts';
import { SettingsSection } from './settings-section.tsx';

/** Profile "Lead emails": the optional daily digest of yesterday's leads (issue 16). */
export function LeadDigestForm() {
  // Its own read, not the profile loader's: the rest of the page must not wait for, or fail with, it.
  const preference = useQuery(leadDigestQueryOptions());
  const setDigest = useSetLeadDigest();
  return (
    <SettingsSection title="Lead emails">
      <Stack gap="sm">
        {preference.isPending ? <Loader size="sm" aria-label="Loading the digest setting" /> : null}
        {preference.isError ? <FormError message={preference.error.message} /> : null}
        {preference.data ? (
          <Switch
            label="Daily lead digest"
            description="Email me a summary of yesterday's leads each morning."
            checked={setDigest.isPending ? Boolean(setDigest.variables) : preference.data.dailyDigest}
            disabled={setDigest.isPending}
            onChange={(event) => {
              const next = event.currentTarget.checked;
              setDigest.mutate(next, {
                onSuccess: () =>
                  notifications.show({
                    color: 'green',
                    title: 'Lead emails saved',
                    message: next
                      ? "You'll get a summary of yesterday's leads each morning."
                      : 'No more daily lead summaries.',
                  }),
              });
            }}
          />
        ) : null}
        <FormError message={setDigest.error?.message} />
      </Stack>
    </SettingsSection>
  );
}
