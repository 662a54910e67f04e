import { Anchor, Button, Group, Modal, PasswordInput, Stack, Switch, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { maskPhoneNumber, passwordFormSchema } from '@offplan/shared';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { fieldErrorsFrom, formErrorOf } from '../../../lib/form-errors.ts';
import { notifications } from '../../../lib/toasts.ts';
import { useSetTwoStep, WRONG_PASSWORD_CODES } from '../api/security.ts';
import { SettingsSection } from './settings-section.tsx';

const FIELD_NAMES = { password: 'password' };
const CODE_FIELDS = Object.fromEntries(WRONG_PASSWORD_CODES.map((code) => [code, 'password']));

type TwoStepFormProps = {
  enabled: boolean;
  phoneNumber: string | null | undefined;
  phoneVerified: boolean;
  disabled: boolean;
};

/** Security "Two-step sign-in" (design §7): an SMS code after the password. Turning it on needs a verified phone. */
export function TwoStepForm({ enabled, phoneNumber, phoneVerified, disabled }: TwoStepFormProps) {
  const [confirming, setConfirming] = useState(false);
  const canEnable = Boolean(phoneNumber) && phoneVerified;
  const description = enabled
    ? `On: after your password we text a code to ${phoneNumber ? maskPhoneNumber(phoneNumber) : 'your mobile'}.`
    : canEnable
      ? `Off. Turn it on to be asked for a code sent to ${maskPhoneNumber(phoneNumber ?? '')} after your password.`
      : null;

  return (
    <SettingsSection
      title="Two-step sign-in"
      description="A code sent to your mobile makes your account much harder to take over."
    >
      <Switch
        label="Ask for an SMS code when I sign in"
        checked={enabled}
        disabled={disabled || (!enabled && !canEnable)}
        onChange={() => setConfirming(true)}
        description={
          description ?? (
            <>
              Add and verify a mobile number first, under{' '}
              <Anchor
                inherit
                renderRoot={(props) => <Link {...props} to="/profile" search={{ page: 'contact-details' }} />}
              >
                Contact details
              </Anchor>
              .
            </>
          )
        }
      />
      <TwoStepConfirmModal opened={confirming} enable={!enabled} onClose={() => setConfirming(false)} />
    </SettingsSection>
  );
}

function TwoStepConfirmModal({
  opened,
  enable,
  onClose,
}: {
  opened: boolean;
  enable: boolean;
  onClose: () => void;
}) {
  const setTwoStep = useSetTwoStep();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: schemaResolver(passwordFormSchema, { sync: true }),
  });

  const close = () => {
    form.reset();
    setTwoStep.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit((values) => {
    setTwoStep.mutate(
      { enabled: enable, password: values.password },
      {
        onSuccess: () => {
          close();
          notifications.show({
            color: 'green',
            title: enable ? 'Two-step sign-in is on' : 'Two-step sign-in is off',
            message: enable
              ? 'Next time you sign in, we will text you a code after your password.'
              : 'You will sign in with your password alone.',
          });
        },
        onError: (error) => {
          const fields = fieldErrorsFrom(error, FIELD_NAMES, CODE_FIELDS);
          if (fields) form.setErrors(fields);
        },
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={enable ? 'Turn on two-step sign-in' : 'Turn off two-step sign-in'}
      centered
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">Enter your password to confirm it is you.</Text>
          <FormError message={formErrorOf(setTwoStep.error, FIELD_NAMES, CODE_FIELDS)} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            data-autofocus
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={setTwoStep.isPending} color={enable ? undefined : 'red'}>
              {enable ? 'Turn on' : 'Turn off'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
