import { Alert, Anchor, Button, Input, PinInput, Stack, Text, Title } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { SIGN_IN_CODE } from '@offplan/shared';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { isSignInStepExpired, useSendSignInCode, useVerifySignInCode } from '../api/two-factor.ts';
import { AUTH_VALIDATION } from '../validation.ts';
import { SignInExpired } from './sign-in-expired.tsx';

export function newCodeSentMessage(phoneHint: string | null): string {
  return phoneHint ? `We sent a new code to ${phoneHint}.` : 'We sent a new code to your mobile.';
}

type VerifyOtpFormProps = {
  /** The masked number the code went to, when known. */
  phoneHint: string | null;
  /** Where to go after signing in; carried back to sign-in if this step has expired. */
  redirect?: string | undefined;
  onVerified: () => void;
};

/**
 * Two-step sign-in, second step (design §7): the 6-digit texted code (5 minutes, 3 attempts, single
 * use). The server's message for a wrong, expired or exhausted code shows next to the field.
 */
export function VerifyOtpForm({ phoneHint, redirect, onVerified }: VerifyOtpFormProps) {
  const verify = useVerifySignInCode();
  const resend = useSendSignInCode();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;

  const expired =
    (verify.error && isSignInStepExpired(verify.error)) ||
    (resend.error && isSignInStepExpired(resend.error));
  if (expired) return <SignInExpired redirect={redirect} />;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length !== SIGN_IN_CODE.digits) {
      setCodeError(AUTH_VALIDATION.codeIncomplete);
      return;
    }
    resend.reset();
    verify.mutate(
      { code },
      {
        onSuccess: onVerified,
        onError: (error) => setCodeError(error.fields?.code ?? error.message),
      },
    );
  };

  const handleResend = () => {
    verify.reset();
    resend.mutate(undefined, {
      onSuccess: () => {
        setCode('');
        setCodeError(null);
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} size="h2">
            Enter your code
          </Title>
          <Text c="dimmed" size="sm">
            {phoneHint ? (
              <>
                We texted a {SIGN_IN_CODE.digits}-digit code to{' '}
                <Text span fw={600} c="var(--mantine-color-text)">
                  {phoneHint}
                </Text>
                .
              </>
            ) : (
              `We texted a ${SIGN_IN_CODE.digits}-digit code to your mobile.`
            )}{' '}
            It works for {SIGN_IN_CODE.minutes} minutes.
          </Text>
        </Stack>

        <Input.Wrapper
          id={`${fieldId}-1`}
          label="Verification code"
          error={codeError}
          errorProps={{ id: errorId }}
        >
          <PinInput
            id={fieldId}
            length={SIGN_IN_CODE.digits}
            type="number"
            oneTimeCode
            autoFocus
            size="md"
            value={code}
            onChange={(value) => {
              setCode(value);
              if (codeError) setCodeError(null);
            }}
            error={Boolean(codeError)}
            mt={4}
            // The first box takes the field's label; the others say where they are.
            getInputProps={(index) => ({
              'aria-label': index === 0 ? undefined : `Digit ${index + 1} of ${SIGN_IN_CODE.digits}`,
              'aria-describedby': codeError ? errorId : undefined,
            })}
          />
        </Input.Wrapper>

        <Button type="submit" fullWidth size="md" loading={verify.isPending}>
          Verify
        </Button>

        {resend.error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {resend.error.message}
          </Alert>
        ) : resend.isSuccess ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {newCodeSentMessage(phoneHint)}
          </Alert>
        ) : null}

        <Stack gap={4} align="center">
          <Text size="sm">
            Didn't get it?{' '}
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={handleResend}
              disabled={resend.isPending}
            >
              Send a new code
            </Anchor>
          </Text>
          <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/login" search={{ redirect }} />}>
            Back to sign in
          </Anchor>
        </Stack>
      </Stack>
    </form>
  );
}
