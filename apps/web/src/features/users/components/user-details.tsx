import { Avatar, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AdminUserDetail } from '@offplan/shared';
import type { ReactNode } from 'react';
import { formatDay } from '../../../lib/dates.ts';
import { AccountStatusBadge, jobRoleLabel } from './users-table.tsx';

function fullName(user: AdminUserDetail): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.name || user.email;
}

function initials(name: string): string {
  const words = name.split(/[\s@._-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]?.[0], words[words.length - 1]?.[0]] : [words[0]?.[0]];
  return letters.join('').toUpperCase();
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

const ORGANISATION_ROLE_LABELS: Record<string, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/**
 * /profile/{id}: who the user is, as the admin sees them; `actions` sit beside the name, `children` (more
 * sections) below the details.
 */
export function UserDetails({
  user,
  actions,
  children,
}: {
  user: AdminUserDetail;
  actions: ReactNode;
  children?: ReactNode;
}) {
  const name = fullName(user);
  return (
    <Stack gap="lg" maw={960}>
      <Paper withBorder p={{ base: 'md', xs: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="lg">
          <Group gap="md" wrap="nowrap" miw={0}>
            <Avatar src={user.image} alt="" size={72} radius={72} color="brand">
              {initials(name)}
            </Avatar>
            <Stack gap={4} miw={0}>
              <Title order={2} size="h3">
                {name}
              </Title>
              {user.title ? (
                <Text size="sm" c="dimmed">
                  {user.title}
                </Text>
              ) : null}
              <Text size="sm">{user.email}</Text>
              <Group gap={6}>
                {user.isAdmin ? (
                  <Badge variant="dot" color="violet">
                    Admin
                  </Badge>
                ) : null}
                <AccountStatusBadge banned={user.banned} />
                <Badge variant="dot" color={user.emailVerified ? 'green' : 'yellow'}>
                  {user.emailVerified ? 'Email verified' : 'Email not verified'}
                </Badge>
              </Group>
            </Stack>
          </Group>
          {actions}
        </Group>
      </Paper>

      <Paper withBorder p={{ base: 'md', xs: 'lg' }} component="section" aria-label="Details">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="lg">
          <Fact label="Organisation">{user.organisation?.name ?? 'None'}</Fact>
          <Fact label="Organisation role">
            {user.organisationRole
              ? (ORGANISATION_ROLE_LABELS[user.organisationRole] ?? user.organisationRole)
              : '—'}
          </Fact>
          <Fact label="Job role">{jobRoleLabel(user.jobRoleId) ?? 'Not chosen yet'}</Fact>
          <Fact label="Mobile">
            {user.phoneNumber
              ? `${user.phoneNumber}${user.phoneNumberVerified ? ' (verified)' : ' (not verified)'}`
              : 'None'}
          </Fact>
          <Fact label="Two-step sign-in">{user.twoFactorEnabled ? 'On' : 'Off'}</Fact>
          <Fact label="Support access">{user.impersonationOptOut ? 'Opted out' : 'Allowed'}</Fact>
          <Fact label="Active sessions">{user.activeSessions}</Fact>
          <Fact label="Terms accepted">{formatDay(user.termsAcceptedAt)}</Fact>
          <Fact label="Joined">{formatDay(user.createdAt)}</Fact>
          {user.banned ? <Fact label="Ban reason">{user.banReason || 'No reason given'}</Fact> : null}
        </SimpleGrid>
      </Paper>
      {children}
    </Stack>
  );
}
