import { Avatar, Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import classes from './main-layout.module.css';

export type AccountMenuUser = {
  name: string;
  email: string;
  initials: string;
  image?: string | null | undefined;
};

type AccountMenuProps = {
  user: AccountMenuUser;
  /**
   * Given only when 'Return to Admin' applies (spec §2: an admin magic token is stored and the user
   * is not an admin); the layout's caller decides, the menu just shows it.
   */
  onReturnToAdmin?: (() => void) | undefined;
};

/** Spec §2 user menu: avatar (photo or initials), full name, email, Profile, Logout, and 'Return to Admin'. */
export function AccountMenu({ user, onReturnToAdmin }: AccountMenuProps) {
  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.accountButton}>
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
      </Menu.Target>
      <Menu.Dropdown>
        <Group gap="sm" wrap="nowrap" px="sm" py="xs">
          <Avatar src={user.image || null} alt="" color="brand" radius="xl" size={40}>
            {user.initials}
          </Avatar>
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={600} truncate="end">
              {user.name}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {user.email}
            </Text>
          </Stack>
        </Group>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconUser size={16} stroke={1.6} />}
          renderRoot={(props) => <Link {...props} to="/profile" search={{ page: 'contact-details' }} />}
        >
          Profile
        </Menu.Item>
        {onReturnToAdmin ? (
          <Menu.Item leftSection={<IconArrowBackUp size={16} stroke={1.6} />} onClick={onReturnToAdmin}>
            Return to Admin
          </Menu.Item>
        ) : null}
        <Menu.Item
          leftSection={<IconLogout size={16} stroke={1.6} />}
          renderRoot={(props) => <Link {...props} to="/logout" preload={false} />}
        >
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
