import { Anchor, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { ERROR_CODES } from '@offplan/shared';
import { IconMailCheck } from '@tabler/icons-react';
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { sessionQueryOptions } from '../../features/auth/api/session.ts';
import { ResendVerification } from '../../features/auth/components/resend-verification.tsx';
import { DEFAULT_SIGNED_IN_PATH } from '../../features/auth/session-routing.ts';
import { usePageTitle } from '../../features/site/hooks/use-page-title.ts';

const verifyEmailSearchSchema = z.object({
  /** 'EMAIL_NOT_VERIFIED' when the server refused a call for want of a verified email. */
  error: z.string().optional().catch(undefined),
});

export const Route = createFileRoute('/_onboarding/verify-email')({
  validateSearch: verifyEmailSearchSchema,
  beforeLoad: async ({ context, search }) => {
    const session = await context.queryClient.fetchQuery(sessionQueryOptions()).catch(() => null);
    // Nothing left to verify: an old tab or a bookmark should not strand a verified user here. After
    // the server refused a call as unverified, believe it over the session, which could otherwise
    // bounce the user between here and that page forever.
    const refusedAsUnverified = search.error === ERROR_CODES.emailNotVerified;
    if (session?.user.emailVerified && !refusedAsUnverified)
      throw redirect({ href: DEFAULT_SIGNED_IN_PATH, replace: true });
    return { email: session?.user.email ?? null };
  },
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { email } = Route.useRouteContext();
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
