import { Box, Image, Stack, Text, Title } from '@mantine/core';
import type { PartnerLogoInfo as PartnerLogo } from '@offplan/shared';
import type { ReactNode } from 'react';
import { Logo } from '../brand/logo.tsx';
import classes from './auth-layout.module.css';

type AuthLayoutProps = {
  siteName: string;
  productName: string;
  partners: readonly PartnerLogo[];
  children: ReactNode;
};

/** Spec §2 "Auth layout": the form on the left, the welcome panel on the right (below it on mobile). */
export function AuthLayout({ siteName, productName, partners, children }: AuthLayoutProps) {
  return (
    <div className={classes.root}>
      <main className={classes.formColumn}>
        <Logo siteName={siteName} />
        <Box className={classes.form}>{children}</Box>
        <Text size="xs" c="dimmed">
          © {new Date().getFullYear()} {productName}
        </Text>
      </main>
      <aside className={classes.welcome} aria-labelledby="welcome-heading">
        <Stack gap="xl" maw={460}>
          <Stack gap="sm">
            <Title order={2} id="welcome-heading" className={classes.welcomeTitle}>
              Welcome to {siteName}
            </Title>
            <Text className={classes.welcomeText}>
              Keep your off-the-plan listings up to date, follow every enquiry and see how each project
              performs, all in one place.
            </Text>
          </Stack>
          <Stack gap="sm">
            <Text size="sm" fw={600} className={classes.welcomeText}>
              Trusted by developers across Australia
            </Text>
            <div className={classes.partners}>
              {partners.map((partner) => (
                <div key={partner.name} className={classes.partnerTile}>
                  <Image src={partner.src} alt={partner.alt} h={48} fit="contain" />
                </div>
              ))}
            </div>
          </Stack>
        </Stack>
      </aside>
    </div>
  );
}
