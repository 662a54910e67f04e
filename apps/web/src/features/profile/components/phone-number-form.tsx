import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { normalisePhoneNumber, phoneNumberFormSchema, SIGN_IN_CODE } from '@offplan/shared';
import { useState } from 'react';
import { notifications } from '../../../lib/toasts.ts';
import { phoneErrorMessage, useSendPhoneCode, useVerifyPhoneCode } from '../api/phone-number.ts';
import { SettingsSection } from './settings-section.tsx';

type PhoneNumberFormProps = {
  phoneNumber: string | null | undefined;
  verified: boolean;
  /** While an admin acts as the user: the server refuses phone changes. */
  disabled?: boolean;
};

/** Mobile number: an SMS code proves it is the user's before it is saved as verified. */
export function PhoneNumberForm({ phoneNumber, verified, disabled = false }: PhoneNumberFormProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sendCode = useSendPhoneCode();
  const verify = useVerifyPhoneCode();
  const form = useForm({
    mode: 'controlled',
    initialValues: { phoneNumber: phoneNumber ?? '', code: '' },
    validate: schemaResolver(phoneNumberFormSchema, { sync: true }),
  });

  const send = () => {
    if (form.validateField('phoneNumber').hasError) return;
    const number = normalisePhoneNumber(form.values.phoneNumber);
    sendCode.mutate(number, {
      onSuccess: () => {
        setSentTo(number);
        form.setFieldValue('code', '');
        notifications.show({
          title: 'Code sent',
          message: `We sent a ${SIGN_IN_CODE.digits}-digit code to ${number}.`,
        });
      },
      onError: (error) =>
        form.setFieldError('phoneNumber', error.fields?.phoneNumber ?? phoneErrorMessage(error)),
    });
  };

  const confirm = () => {
    if (!sentTo) return;
    if (form.validateField('code').hasError) return;
    const code = form.values.code.trim();
    verify.mutate(
      { phoneNumber: sentTo, code },
      {
        onSuccess: () => {
          setSentTo(null);
          form.setFieldValue('code', '');
          form.setFieldValue('phoneNumber', sentTo);
          notifications.show({
            color: 'green',
            title: 'Mobile number verified',
            message: `${sentTo} is now yours.`,
          });
        },
        onError: (error) => form.setFieldError('code', error.fields?.code ?? phoneErrorMessage(error)),
      },
    );
  };

  const status = phoneNumber ? (
    <Badge color={verified ? 'green' : 'yellow'}>{verified ? 'Verified' : 'Not verified'}</Badge>
  ) : null;

  return (
    <SettingsSection
      title="Mobile phone"
      description="Used for two-step sign-in codes. We send a code to check the number is yours."
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (sentTo) confirm();
          else send();
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Mobile number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+61 412 345 678"
            maw={360}
            rightSection={status}
            rightSectionWidth={status ? 110 : undefined}
            readOnly={sentTo !== null}
            disabled={disabled}
            {...form.getInputProps('phoneNumber')}
          />
          {sentTo ? (
            <>
              <TextInput
                label="Code from the SMS"
                description={`Sent to ${sentTo}. It works for ${SIGN_IN_CODE.minutes} minutes.`}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={SIGN_IN_CODE.digits}
                maw={240}
                {...form.getInputProps('code')}
              />
              <Group gap="xs">
                <Button type="submit" loading={verify.isPending}>
                  Verify number
                </Button>
                <Button variant="default" onClick={send} loading={sendCode.isPending}>
                  Send a new code
                </Button>
                <Button
                  variant="subtle"
                  color="gray"
                  onClick={() => {
                    setSentTo(null);
                    verify.reset();
                  }}
                >
                  Use a different number
                </Button>
              </Group>
            </>
          ) : (
            <Group gap="xs">
              <Button type="submit" loading={sendCode.isPending} disabled={disabled}>
                Send code
              </Button>
              {disabled ? (
                <Text size="sm" c="dimmed">
                  Only the user can change their mobile number.
                </Text>
              ) : phoneNumber && !verified ? (
                <Text size="sm" c="dimmed">
                  Verify this number to use it for two-step sign-in.
                </Text>
              ) : null}
            </Group>
          )}
        </Stack>
      </form>
    </SettingsSection>
  );
}
