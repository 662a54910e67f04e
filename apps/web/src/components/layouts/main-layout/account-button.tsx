import { Avatar, Group, Text, UnstyledButton, type UnstyledButtonProps, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import classes from './main-layout.module.css';

export type AccountMenuUser = {
  name: string;
  email: string;
  initials: string;
  image?: string | null | undefined;
};

type AccountButtonProps = UnstyledButtonProps &
  Omit<ComponentPropsWithRef<'button'>, keyof UnstyledButtonProps> & { user: AccountMenuUser };

/**
 * The account menu's trigger: the avatar (photo or initials) and the name. Drawn alone until the menu's
 * code is in (`deferredPopup`), then as the menu's target.
 */
export function AccountButton({ user, ...buttonProps }: AccountButtonProps) {
  return (
    <UnstyledButton className={classes.accountButton} aria-haspopup="menu" {...buttonProps}>
      <Group gap="xs" wrap="nowrap">
        {/* Named by what it shows (axe label-content-name-mismatch): the name, then "account menu"; the
            initials repeat the name, so screen readers skip them. */}
        <Avatar src={user.image || null} alt="" color="brand" radius="xl" size={34} aria-hidden>
          {user.initials}
        </Avatar>
        <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate="end">
          {user.name}
        </Text>
        <VisuallyHidden>, account menu</VisuallyHidden>
        <IconChevronDown size={14} stroke={1.6} aria-hidden className={classes.accountChevron} />
      </Group>
    </UnstyledButton>
  );
}
