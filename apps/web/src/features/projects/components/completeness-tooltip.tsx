import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';
import type { PopupTakeover } from '../../../lib/deferred-component.tsx';

export type CompletenessTooltipProps = { label: string; children: ReactElement };

/**
 * What each completeness mark stands for. Loaded on the first hover of any card's marks
 * (`deferredPopup` in listing-completeness.tsx), open at once when the pointer is still there.
 */
export function CompletenessTooltip({
  label,
  children,
  openAtMount,
}: CompletenessTooltipProps & PopupTakeover) {
  return (
    <Tooltip multiline maw={220} label={label} defaultOpened={openAtMount}>
      {children}
    </Tooltip>
  );
}
