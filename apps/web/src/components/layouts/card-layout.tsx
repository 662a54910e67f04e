import { Center, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './layouts.module.css';

/** Spec §2 "Card layout": error, not-found, lock-screen and similar single-message pages. */
export function CardLayout({ children }: { children: ReactNode }) {
  return (
    <Center className={classes.page} p="md">
      <Paper withBorder shadow="sm" p={{ base: 'lg', xs: 'xl' }} w="100%" maw={480}>
        <Stack gap="md">{children}</Stack>
      </Paper>
    </Center>
  );
}
