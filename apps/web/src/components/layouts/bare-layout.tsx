import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './layouts.module.css';

/**
 * Spec §2 "Bare layout" (/landing): the page owns the whole viewport — no sidebar, header or card.
 * Only the page background and the full height come from here.
 */
export function BareLayout({ children }: { children: ReactNode }) {
  return <Box className={classes.page}>{children}</Box>;
}
