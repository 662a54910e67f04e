import { ActionIcon, Anchor, AppShell, Box, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDocumentTitle, useHotkeys } from '@mantine/hooks';
import { LEGAL_POPUP_SIZE, MOBILE_BREAKPOINT_PX } from '@offplan/shared';
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLayoutSidebarRight,
} from '@tabler/icons-react';
import { type MouseEvent, type ReactNode, useEffect, useState } from 'react';
import { LEGAL_PATH } from '../../../config/contact.ts';
import type { VisibleNavGroup } from '../../../config/navigation.ts';
import { deferredComponent } from '../../../lib/deferred-component.tsx';
import { deferredPopup } from '../../../lib/deferred-popup.tsx';
import { useLayoutStore } from '../../../stores/layout-store.ts';
import { Logo } from '../../brand/logo.tsx';
import { AccountButton, type AccountMenuUser } from './account-button.tsx';
import type { AccountMenuProps } from './account-menu.tsx';
import { ContactBlock } from './contact-block.tsx';
import classes from './main-layout.module.css';
import { NavbarLinks } from './navbar-links.tsx';
import { SaveIndicator } from './save-indicator.tsx';
import { useSiteColor } from './use-site-color.ts';

/** Mantine breakpoint of spec §9's mobile boundary: under 640 px is mobile. */
const NAVBAR_BREAKPOINT = `${MOBILE_BREAKPOINT_PX / 16}em`;

type MainLayoutProps = {
  siteName: string;
  productName: string;
  /** The sidebar's external contact-us page (GET /api/site). */
  contactUrl: string;
  /** Page title from the navigation config (spec §2). */
  title: string;
  navigation: VisibleNavGroup[];
  user: AccountMenuUser;
  /** See AccountMenu: present only when 'Return to Admin' applies. */
  onReturnToAdmin?: (() => void) | undefined;
  /** The header's notification bell (features/notifications). */
  bell?: ReactNode;
  /** Shown above the page (the impersonation banner, design §1). */
  banner?: ReactNode;
  children: ReactNode;
};

const MAIN_CONTENT_ID = 'main-content';

/**
 * WCAG 2.4.1: keyboard users pass the header and the sidebar's links in one step. Focus moves by
 * script (not by the #fragment) so the router never sees a changed address.
 */
function skipToMainContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_CONTENT_ID)?.focus();
}

/** Spec §2: the legal page in an 800x800 popup (a new tab where popups are refused). */
function openLegalPopup(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const { width, height } = LEGAL_POPUP_SIZE;
  window.open(LEGAL_PATH, 'legal', `popup=yes,width=${width},height=${height}`);
}

/**
 * Spec §2 "Main layout" on Mantine's AppShell: left sidebar (logo, grouped navigation, contact
 * block, Terms & Conditions, copyright), top header (collapse toggle, page title, save indicator,
 * bell, account menu, settings toggle on desktop) and the right settings sidebar. Mobile (spec §4):
 * the settings toggle is hidden, the logo button toggles the sidebar, and choosing a nav item or a
 * contact link closes it.
 */
export function MainLayout({
  siteName,
  productName,
  contactUrl,
  title,
  navigation,
  user,
  onReturnToAdmin,
  bell,
  banner,
  children,
}: MainLayoutProps) {
  const navbarCollapsed = useLayoutStore((state) => state.navbarCollapsed);
  const mobileNavbarOpened = useLayoutStore((state) => state.mobileNavbarOpened);
  const toggleNavbar = useLayoutStore((state) => state.toggleNavbar);
  const toggleMobileNavbar = useLayoutStore((state) => state.toggleMobileNavbar);
  const closeMobileNavbar = useLayoutStore((state) => state.closeMobileNavbar);
  const toggleSettings = useLayoutStore((state) => state.toggleSettings);
  const { toggleSiteColor } = useSiteColor();
  useDocumentTitle(title ? `${title} · ${siteName}` : siteName);
  // Spec §2: ctrl+i toggles the background (not while typing in a field).
  useHotkeys([['ctrl+i', () => toggleSiteColor('shortcut')]]);

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
      data-navbar-collapsed={navbarCollapsed}
    >
      <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={skipToMainContent}>
        Skip to main content
      </a>
      <AppShell.Header className={classes.header}>
        <Group h="100%" px={{ base: 'md', xs: 'xl' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <UnstyledButton
              onClick={toggleMobileNavbar}
              hiddenFrom="xs"
              aria-label="Toggle navigation"
              aria-expanded={mobileNavbarOpened}
              className={`${classes.logoButton} ${classes.markOnly}`}
              data-testid="header-logo-button"
            >
              <Logo siteName={siteName} size="sm" />
            </UnstyledButton>
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
            <SaveIndicator />
            {bell}
            <accountMenu.Component
              user={user}
              onReturnToAdmin={onReturnToAdmin}
              standIn={(handlers) => <AccountButton user={user} aria-expanded={false} {...handlers} />}
            />
            <ActionIcon
              onClick={toggleSettings}
              // Likely about to be opened: the sidebar's code is usually in by the click.
              onPointerEnter={settingsSidebar.preload}
              onFocus={settingsSidebar.preload}
              visibleFrom="xs"
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="Settings"
            >
              <IconLayoutSidebarRight size={20} stroke={1.6} />
            </ActionIcon>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar className={classes.navbar} aria-label="Main">
        <AppShell.Section className={classes.navbarHeader}>
          <Group wrap="nowrap" h="100%" px="md">
            <UnstyledButton
              onClick={toggleMobileNavbar}
              hiddenFrom="xs"
              aria-label="Toggle navigation"
              aria-expanded={mobileNavbarOpened}
              className={classes.logoButton}
              data-testid="navbar-logo-button"
            >
              <Logo siteName={siteName} size="sm" />
            </UnstyledButton>
            <Box visibleFrom="xs">
              <Logo siteName={siteName} size="sm" />
            </Box>
          </Group>
        </AppShell.Section>
        {/* The browser's own scrolling: Mantine's ScrollArea imports floating-ui's React package (for
            one hook), which the frame otherwise needs only once a pop-up is used (issue 21). */}
        <AppShell.Section grow px="sm" py="md" className={classes.navbarLinks}>
          <Stack gap="lg">
            <NavbarLinks groups={navigation} onNavigate={closeMobileNavbar} />
            <ContactBlock productName={productName} contactUrl={contactUrl} onSelect={closeMobileNavbar} />
          </Stack>
        </AppShell.Section>
        <AppShell.Section px="md" py="sm" className={classes.navbarFooter}>
          <Stack gap={2}>
            <Anchor href={LEGAL_PATH} size="xs" onClick={openLegalPopup}>
              Terms &amp; Conditions
            </Anchor>
            <Text size="xs" c="dimmed">
              © {new Date().getFullYear()} {productName}
            </Text>
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        {banner}
        {children}
      </AppShell.Main>
      <DeferredSettingsSidebar />
    </AppShell>
  );
}

/**
 * The settings sidebar (a drawer, a switch, a segmented control: about 6 KB compressed) is loaded
 * when it is first opened, or its button hovered, rather than with every page (issue 21), and stays
 * mounted after that.
 */
/** The account menu: its trigger is on every page, its menu (and floating-ui) loads on first use. */
const accountMenu = deferredPopup<AccountMenuProps>(() =>
  import('./account-menu.tsx').then((module) => module.AccountMenu),
);

const settingsSidebar = deferredComponent(() =>
  import('./settings-sidebar.tsx').then((module) => module.SettingsSidebar),
);

function DeferredSettingsSidebar() {
  const opened = useLayoutStore((state) => state.settingsOpened);
  const [wanted, setWanted] = useState(opened);
  useEffect(() => {
    if (opened) setWanted(true);
  }, [opened]);
  if (!wanted) return null;
  return <settingsSidebar.Component />;
}
