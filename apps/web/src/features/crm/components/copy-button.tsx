import { ActionIcon, CopyButton as MantineCopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** Copies a value to the clipboard; says "Copied" in words as well as with the tick. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  return (
    <MantineCopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : label} withArrow>
          <ActionIcon
            variant="light"
            color={copied ? 'green' : undefined}
            onClick={copy}
            aria-label={copied ? 'Copied' : label}
            size="lg"
          >
            {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </MantineCopyButton>
  );
}
