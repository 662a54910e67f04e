import { Badge, Button, type ButtonProps } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

type FiltersButtonProps = ButtonProps &
  Omit<ComponentPropsWithRef<'button'>, keyof ButtonProps> & {
    /** How many filter keys are off, shown as a badge. */
    off: number;
  };

/** The dashboard filters' trigger: drawn alone until the popover's code is in, then as its target. */
export function FiltersButton({ off, ...buttonProps }: FiltersButtonProps) {
  return (
    <Button
      variant="default"
      leftSection={<IconFilter size={16} aria-hidden />}
      rightSection={
        off > 0 ? (
          <Badge size="sm" circle aria-label={`${off} filters off`}>
            {off}
          </Badge>
        ) : null
      }
      aria-haspopup="dialog"
      {...buttonProps}
    >
      Filters
    </Button>
  );
}
