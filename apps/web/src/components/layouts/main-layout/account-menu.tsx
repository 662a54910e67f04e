import { Avatar, Group, Menu, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { type PopupTakeover, usePopupTakeover } from '../../../lib/deferred-popup.tsx';
import { AccountButton, type AccountMenuUser } from './account-button.tsx';

export type AccountMenuProps = {
  user: AccountMenuUser;
  /**
   * Given only when 'Return to Admin' applies (spec §2: an admin magic token is stored and the user
   * is not an admin); the layout's caller decides, the menu just shows it.
   */
  onReturnToAdmin?: (() => void) | undefined;
};

/**
 * Spec §2 user menu: avatar (photo or initials), full name, email, Profile, Logout, and 'Return to Admin'.
 * Loaded on first use (`deferredPopup` in main-layout.tsx), when it takes over from its trigger.
 */
export function AccountMenu({
  user,
  onReturnToAdmin,
  openAtMount,
  focusAtMount,
}: AccountMenuProps & PopupTakeover) {
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = usePopupTakeover(target, { openAtMount, focusAtMount });
  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        {/* Escape closes from the button too: pressed before the menu has taken the focus (it moves
            into the list once the list is shown), it would otherwise be lost. */}
        <AccountButton
          ref={target}
          user={user}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && opened) setOpened(false);
          }}
        />
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
