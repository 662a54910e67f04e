import {
  Anchor,
  Box,
  Button,
  Card,
  Container,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { SiteInfo } from '@offplan/shared';
import {
  IconBellRinging,
  IconBuildingSkyscraper,
  IconChartLine,
  IconEdit,
  IconPlugConnected,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Logo } from '../../../components/brand/logo.tsx';

/** Spec §1: what the portal does, one card each. */
export const LANDING_FEATURES = [
  {
    icon: IconEdit,
    title: 'Edit your listings',
    text: 'Keep every development on the marketplace up to date: pricing, stages, images, brochures and floorplans.',
  },
  {
    icon: IconChartLine,
    title: 'Live reporting',
    text: 'See how each listing performs and what buyers say about it, updated as it happens.',
  },
  {
    icon: IconBellRinging,
    title: 'Lead notifications',
    text: 'Hear about every enquiry the moment it arrives, and follow each one up from one place.',
  },
  {
    icon: IconPlugConnected,
    title: 'CRM integration',
    text: 'Send leads straight to the CRM your sales team already uses.',
  },
  {
    icon: IconBuildingSkyscraper,
    title: 'Claim and request projects',
    text: 'Claim your developments, request access to projects you market and get recommended ones.',
  },
  {
    icon: IconUsersGroup,
    title: 'Your whole team',
    text: 'Developers, project marketers and media agencies work together under one organisation.',
  },
] as const;

/** /landing (spec §2 bare layout): the portal presented to developers, in the host tenant's branding. */
export function LandingPage({ site }: { site: SiteInfo }) {
  const year = new Date().getFullYear();
  return (
    <Box>
      <Box
        component="header"
        py="md"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Container size="lg">
          <Group justify="space-between">
            <Logo siteName={site.siteName} logoUrl={site.logoUrl} />
            <Group gap="sm">
              <Button component={Link} to="/login" variant="subtle">
                Sign in
              </Button>
              <Button component={Link} to="/register">
                Register
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>

      <Box component="main">
        <Container size="lg" py={64}>
          <Stack gap="lg" maw={720}>
            <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
              Everything for your off-the-plan developments, in one place
            </Title>
            <Text size="xl" c="dimmed">
              {site.siteName} is where property developers, project marketers and media agencies list new
              apartment and townhouse developments on the {site.tenantDisplayName} marketplace, edit their
              listings, follow every lead and see live reporting.
            </Text>
            <Group gap="sm">
              <Button component={Link} to="/register" size="md">
                Register your company
              </Button>
              <Button component={Link} to="/login" size="md" variant="default">
                Sign in to {site.siteName}
              </Button>
            </Group>
          </Stack>
        </Container>

        <Box py={56} bg="var(--mantine-color-default-hover)">
          <Container size="lg">
            <Stack gap="xl">
              <Title order={2}>What you can do</Title>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
                {LANDING_FEATURES.map((feature) => (
                  <Card key={feature.title}>
                    <Stack gap="xs">
                      <ThemeIcon variant="light" size="lg" aria-hidden>
                        <feature.icon size={20} />
                      </ThemeIcon>
                      <Title order={3} fz="lg">
                        {feature.title}
                      </Title>
                      <Text size="sm" c="dimmed">
                        {feature.text}
                      </Text>
                    </Stack>
                  </Card>
                ))}
              </SimpleGrid>
            </Stack>
          </Container>
        </Box>

        <Container size="lg" py={56}>
          <Stack gap="lg" align="center">
            <Title order={2} ta="center">
              Trusted by developers across Australia
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg" w="100%">
              {site.partnerLogos.map((partner) => (
                <Card key={partner.name} padding="md">
                  <Image src={partner.src} alt={partner.alt} h={56} fit="contain" />
                </Card>
              ))}
            </SimpleGrid>
            <Group gap="sm" mt="md">
              <Button component={Link} to="/register">
                Get started
              </Button>
              <Button component={Link} to="/login" variant="default">
                Sign in
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg">
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              © {year} {site.tenantDisplayName}
            </Text>
            <Anchor component={Link} to="/terms" size="xs">
              Terms &amp; Conditions
            </Anchor>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
