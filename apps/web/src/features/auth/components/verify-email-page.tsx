import { Anchor, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { usePageTitle } from '../../site/index.ts';
import { ResendVerification } from './resend-verification.tsx';

const routeApi = getRouteApi('/_onboarding/verify-email');

export function VerifyEmailPage() {
  const { email } = routeApi.useRouteContext();
  usePageTitle('Verify your email');
  return (
    <Stack gap="md" align="flex-start">
      <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
        <IconMailCheck size={26} stroke={1.5} />
      </ThemeIcon>
      <Title order={1} size="h2">
        Verify your email
      </Title>
      {email ? (
        <Text>
          We sent a verification link to{' '}
          <Text span fw={600}>
            {email}
          </Text>
          . Open it to confirm the address and finish setting up your account.
        </Text>
      ) : (
        <Text>
          We sent a verification link to your email address. Open it to confirm the address and finish setting
          up your account.
        </Text>
      )}
      <Text size="sm" c="dimmed">
        Can't find it? Check your spam or junk folder; the email can take a few minutes to arrive. The link
        works once; a new one replaces the old.
      </Text>
      <ResendVerification email={email} />
      {email ? (
        <Text size="sm">
          Wrong account?{' '}
          <Anchor renderRoot={(props) => <Link {...props} to="/logout" preload={false} />}>Sign out</Anchor>
        </Text>
      ) : (
        <Text size="sm">
          Already verified? <Anchor renderRoot={(props) => <Link {...props} to="/login" />}>Sign in</Anchor>
        </Text>
      )}
    </Stack>
  );
}
