import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on narrow screens. The scrolling box takes keyboard focus and is
 * named after its table, so keyboard users can scroll it too (axe scrollable-region-focusable).
 */
export function ScrollTable({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${label}, scrollable` },
      }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
