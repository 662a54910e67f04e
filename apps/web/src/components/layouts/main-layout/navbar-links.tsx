import { NavLink, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link, type LinkProps, useRouterState } from '@tanstack/react-router';
import { DASHBOARD_PATH, type VisibleNavGroup, type VisibleNavItem } from '../../../config/navigation.ts';
import classes from './main-layout.module.css';

/** Spec §2: the dashboard link is also active on `/`. */
function isActive(url: string, pathname: string): boolean {
  if (url === DASHBOARD_PATH && pathname === '/') return true;
  return pathname === url || pathname.startsWith(`${url}/`);
}

type ItemProps = { item: VisibleNavItem; pathname: string; onNavigate: () => void };

function NavigationItem({ item, pathname, onNavigate }: ItemProps) {
  const Icon = item.icon;
  const leftSection = Icon ? <Icon size={18} stroke={1.6} /> : undefined;
  const children = item.children.map((child) => (
    <NavigationItem key={child.id} item={child} pathname={pathname} onNavigate={onNavigate} />
  ));

  if (item.externalUrl) {
    const href = item.externalUrl;
    return (
      <NavLink
        className={classes.navLink}
        label={item.label}
        leftSection={leftSection}
        rightSection={<IconExternalLink size={14} stroke={1.6} aria-hidden />}
        renderRoot={(props) => <a {...props} href={href} target="_blank" rel="noopener noreferrer" />}
      />
    );
  }

  const url = item.url;
  const active = url ? isActive(url, pathname) : false;
  if (!url) {
    return (
      <NavLink
        className={classes.navLink}
        label={item.label}
        leftSection={leftSection}
        defaultOpened={item.children.length > 0}
      >
        {children}
      </NavLink>
    );
  }
  // Navigation urls are only shown once their route is built, so they are valid `to` values.
  const to = url as LinkProps['to'];
  return (
    <NavLink
      className={classes.navLink}
      label={item.label}
      leftSection={leftSection}
      active={active}
      defaultOpened={active}
      onClick={onNavigate}
      renderRoot={(props) => <Link {...props} to={to} />}
    >
      {children.length > 0 ? children : undefined}
    </NavLink>
  );
}

type NavbarLinksProps = { groups: VisibleNavGroup[]; onNavigate: () => void };

/** The sidebar's grouped navigation (spec §2), built from the visible part of the one config. */
export function NavbarLinks({ groups, onNavigate }: NavbarLinksProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <Stack gap="md" data-testid="navigation-links">
      {groups.map((group) => (
        <Stack key={group.id} gap={2}>
          {group.label ? (
            <Text className={classes.groupLabel} size="xs" fw={700} c="dimmed" tt="uppercase">
              {group.label}
            </Text>
          ) : null}
          {group.items.map((item) => (
            <NavigationItem key={item.id} item={item} pathname={pathname} onNavigate={onNavigate} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
