import { Stack, Switch, Text } from '@mantine/core';
import { FormError } from '../../../components/form-error.tsx';
import { notifications } from '../../../lib/toasts.ts';
import { useSetImpersonationOptOut } from '../api/impersonation-preference.ts';
import { SettingsSection } from './settings-section.tsx';

type PrivacyFormProps = {
  optOut: boolean;
  productName: string;
  disabled: boolean;
  /** Admins are never acted as (design §1): the setting does not apply to them. */
  isAdmin?: boolean;
};

/** Profile "Privacy": the user's opt-out of impersonation (design §1). */
export function PrivacyForm({ optOut, productName, disabled, isAdmin = false }: PrivacyFormProps) {
  const setOptOut = useSetImpersonationOptOut();
  if (isAdmin) {
    return (
      <SettingsSection title="Support access">
        <Text size="sm">
          Platform admins of {productName} are never acted as by anyone, so there is nothing to opt out of on
          an admin account.
        </Text>
      </SettingsSection>
    );
  }
  return (
    <SettingsSection title="Support access">
      <Stack gap="sm">
        <Text size="sm">
          To help with a question or a problem, {productName} platform admins can act as you: they see the
          portal as you see it and can make changes for you. Every such visit and everything done in it is
          recorded under the admin's own name. Admins can never act as you while this is switched on.
        </Text>
        <Switch
          label="Do not let admins act as me"
          description={
            optOut
              ? 'On: admins see that you opted out and cannot act as you.'
              : 'Off: admins may act as you to help you.'
          }
          checked={optOut}
          disabled={disabled || setOptOut.isPending}
          onChange={(event) => {
            const next = event.currentTarget.checked;
            setOptOut.mutate(next, {
              onSuccess: () =>
                notifications.show({
                  color: 'green',
                  title: 'Privacy setting saved',
                  message: next ? 'Admins can no longer act as you.' : 'Admins may act as you to help you.',
                }),
            });
          }}
        />
        <FormError message={setOptOut.error?.message} />
      </Stack>
    </SettingsSection>
  );
}
