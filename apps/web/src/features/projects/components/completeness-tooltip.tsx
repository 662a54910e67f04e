import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';
import type { PopupTakeover } from '../../../lib/deferred-popup.tsx';

export type CompletenessTooltipProps = {
  /** One line per mark, in the marks' order. */
  lines: string[];
  children: ReactElement;
};

/**
 * What each completeness mark stands for. Loaded on the first hover of any card's marks
 * (`deferredPopup` in listing-completeness.tsx), open at once when the pointer is still there.
 */
export function CompletenessTooltip({
  lines,
  children,
  openAtMount,
}: CompletenessTooltipProps & PopupTakeover) {
  return (
    <Tooltip multiline label={lines.map((line) => <div key={line}>{line}</div>)} defaultOpened={openAtMount}>
      {children}
    </Tooltip>
  );
}
