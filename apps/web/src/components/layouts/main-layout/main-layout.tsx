import { ActionIcon, AppShell, Burger, Group, ScrollArea, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@offplan/shared';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { VisibleNavGroup } from '../../../config/navigation.ts';
import { useLayoutStore } from '../../../stores/layout-store.ts';
import { Logo } from '../../brand/logo.tsx';
import { AccountMenu, type AccountMenuUser } from './account-menu.tsx';
import classes from './main-layout.module.css';
import { NavbarLinks } from './navbar-links.tsx';

const NAVBAR_BREAKPOINT = `${MOBILE_BREAKPOINT_PX / 16}em`;

type MainLayoutProps = {
  siteName: string;
  productName: string;
  /** Page title from the navigation config (spec §2). */
  title: string;
  navigation: VisibleNavGroup[];
  user: AccountMenuUser;
  /** See AccountMenu: present only when 'Return to Admin' applies. */
  onReturnToAdmin?: (() => void) | undefined;
  /** Shown above the page (the impersonation banner, design §1). */
  banner?: ReactNode;
  children: ReactNode;
};

/**
 * Spec §2 "Main layout": left sidebar (logo, grouped navigation, copyright) and top header
 * (collapse toggle, page title, account menu). The header's save indicator, bell and settings
 * toggle, and the sidebar's contact block, slot in beside what is here.
 */
export function MainLayout({
  siteName,
  productName,
  title,
  navigation,
  user,
  onReturnToAdmin,
  banner,
  children,
}: MainLayoutProps) {
  const { navbarCollapsed, mobileNavbarOpened, toggleNavbar, toggleMobileNavbar, closeMobileNavbar } =
    useLayoutStore();
  useDocumentTitle(title ? `${title} · ${siteName}` : siteName);

  return (
    <AppShell
      layout="alt"
      header={{ height: 64 }}
      navbar={{
        width: 264,
        breakpoint: NAVBAR_BREAKPOINT,
        collapsed: { mobile: !mobileNavbarOpened, desktop: navbarCollapsed },
      }}
      padding={{ base: 'md', xs: 'xl' }}
      className={classes.shell}
    >
      <AppShell.Header className={classes.header}>
        <Group h="100%" px={{ base: 'md', xs: 'xl' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={mobileNavbarOpened}
              onClick={toggleMobileNavbar}
              hiddenFrom="xs"
              size="sm"
              aria-label="Toggle navigation"
            />
            <ActionIcon
              onClick={toggleNavbar}
              visibleFrom="xs"
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={navbarCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              aria-expanded={!navbarCollapsed}
            >
              {navbarCollapsed ? (
                <IconLayoutSidebarLeftExpand size={20} stroke={1.6} />
              ) : (
                <IconLayoutSidebarLeftCollapse size={20} stroke={1.6} />
              )}
            </ActionIcon>
            <Title order={1} className={classes.pageTitle} lineClamp={1}>
              {title}
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <AccountMenu user={user} onReturnToAdmin={onReturnToAdmin} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar className={classes.navbar} aria-label="Main">
        <AppShell.Section className={classes.navbarHeader}>
          <Group justify="space-between" wrap="nowrap" h="100%" px="md">
            <Logo siteName={siteName} size="sm" />
            <Burger
              opened={mobileNavbarOpened}
              onClick={closeMobileNavbar}
              hiddenFrom="xs"
              size="sm"
              aria-label="Close navigation"
            />
          </Group>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea} px="sm" py="md">
          <NavbarLinks groups={navigation} onNavigate={closeMobileNavbar} />
        </AppShell.Section>
        <AppShell.Section px="md" py="sm" className={classes.navbarFooter}>
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} {productName}
          </Text>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>
        {banner}
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
