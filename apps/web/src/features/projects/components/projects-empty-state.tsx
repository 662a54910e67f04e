import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingSkyscraper, IconPlus, IconSearch, IconShieldCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'lg', xs: 'xl' }} maw={640}>
      <Stack gap="sm" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Dashboard of a user who owns and works on no project yet. */
export function ProjectsEmptyState() {
  return (
    <Notice icon={<IconBuildingSkyscraper size={26} stroke={1.5} />} title="No projects yet">
      <Text c="dimmed">
        Projects you manage will appear here. If your organisation is developing or marketing a project, you
        can claim it as yours, or request access to a project you work on; once your access is approved, it
        shows up on this dashboard.
      </Text>
      <Group gap="sm">
        <Button component={Link} to="/projects" leftSection={<IconSearch size={16} aria-hidden />}>
          Find your projects
        </Button>
        <Button
          component={Link}
          to="/projects/new"
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          Add a project
        </Button>
      </Group>
    </Notice>
  );
}

/** Spec §6: admins have no projects of their own. */
export function AdminProjectsNotice({ productName }: { productName: string }) {
  return (
    <Notice icon={<IconShieldCheck size={26} stroke={1.5} />} title="Admins have no projects of their own">
      <Text c="dimmed">
        You are signed in as a platform admin of {productName}. Admin accounts look after the portal for
        everyone rather than owning projects, so there are no project cards on this dashboard.
      </Text>
    </Notice>
  );
}
