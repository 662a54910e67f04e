import { Center, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../brand/logo.tsx';
import classes from './layouts.module.css';

/** Spec §2 "Onboarding layout" (/verify-email, later /activate, /register, /role, /connect): a centred card under the logo. */
export function OnboardingLayout({ siteName, children }: { siteName: string; children: ReactNode }) {
  return (
    <Center className={classes.page} p="md">
      <Stack align="center" gap="lg" w="100%" maw={520}>
        <Logo siteName={siteName} size="lg" />
        <Paper withBorder shadow="sm" p={{ base: 'lg', xs: 'xl' }} w="100%">
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}
