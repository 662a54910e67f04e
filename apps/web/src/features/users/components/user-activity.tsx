import { Anchor, Badge, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  ADMIN_USER_PROJECT_ACCESS_LABELS,
  type AdminUserAudit,
  type AdminUserAuditEntry,
  type AdminUserProjectAccess,
  type AdminUserProjects,
  type AdminUserSessions,
} from '@offplan/shared';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { exactTime, relativeTime } from '../../../lib/dates.ts';
import { describeUserAgent } from '../../../lib/user-agent.ts';
import {
  adminUserAuditQueryOptions,
  adminUserProjectsQueryOptions,
  adminUserSessionsQueryOptions,
} from '../api/admin-user-account.ts';

const ACCESS_COLOURS: Record<AdminUserProjectAccess, string> = {
  member: 'green',
  recommended: 'blue',
  pending: 'yellow',
};

/** What the audit codes mean to an admin; an unknown code shows as it is. */
const AUDIT_ACTION_LABELS: Record<string, string> = {
  'admin.user.update': 'Details edited by an admin',
  'admin.user.verify_email': 'Email marked verified',
  'admin.user.password_reset': 'Password reset link sent',
  'admin.user.verification_email': 'Verification email sent',
  'admin.ban-user': 'Banned',
  'admin.unban-user': 'Unbanned',
  'admin.revoke-user-sessions': 'Signed out everywhere',
  'admin.set-user-password': 'Password set by an admin',
  'impersonation.start': 'Admin started acting as them',
  'impersonation.stop': 'Admin stopped acting as them',
  'organisation.member.move': 'Moved to an organisation',
  'invitation.create': 'Invited',
  'invitation.accept': 'Accepted an invitation',
  'user.update_names': 'Changed their name',
  'user.set_job_role': 'Job role changed',
  'user.choose_role': 'Chose a job role',
  'user.revoke_session': 'Signed a session out',
  'user.update_photo': 'Changed their photo',
  'user.remove_photo': 'Removed their photo',
  'user.impersonation_opt_out': 'Changed support access',
};

/**
 * A section of the page that loads, and may fail, on its own: the route loads the user; a section that
 * cannot be read says so in place instead of taking the page down.
 */
function Section<T>({
  title,
  id,
  query,
  children,
}: {
  title: string;
  id: string;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  return (
    <Paper withBorder p={{ base: 'md', xs: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={3} size="h4" id={id}>
          {title}
        </Title>
        {query.data !== undefined ? (
          children(query.data)
        ) : query.isError ? (
          <Text size="sm" c="red" role="alert">
            {title} could not be loaded: {query.error.message}
          </Text>
        ) : (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Loading…
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

function ProjectsTable({ data }: { data: AdminUserProjects }) {
  if (data.items.length === 0) {
    return (
      <Empty>No projects yet. They get access by joining a project or when one is recommended to them.</Empty>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label="Projects">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Project</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Stage</Table.Th>
            <Table.Th>Access</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.items.map((project) => (
            <Table.Tr key={`${project.access}-${project.id}`}>
              <Table.Td>
                <Anchor
                  size="sm"
                  renderRoot={(props) => (
                    <Link {...props} to="/projects/$id/summary" params={{ id: String(project.id) }} />
                  )}
                >
                  {project.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{[project.suburb, project.state].filter(Boolean).join(', ') || '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{project.stageLabel}</Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="dot" color={ACCESS_COLOURS[project.access]}>
                  {ADMIN_USER_PROJECT_ACCESS_LABELS[project.access]}
                </Badge>
                {project.requestedAt ? (
                  <Text size="xs" c="dimmed">
                    Asked {relativeTime(project.requestedAt)}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SessionsTable({ data }: { data: AdminUserSessions }) {
  if (data.sessions.length === 0) return <Empty>Not signed in anywhere.</Empty>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" aria-label="Sessions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>Last active</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>IP address</Table.Th>
            <Table.Th>Device</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.sessions.map((session) => (
            <Table.Tr key={session.id}>
              <Table.Td>
                <Text size="sm">{exactTime(session.createdAt)}</Text>
                {session.impersonatedBy ? (
                  <Text size="xs" fw={600}>
                    Acted as by {session.impersonatedBy.name || session.impersonatedBy.email}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{relativeTime(session.updatedAt)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{exactTime(session.expiresAt)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{session.ipAddress ?? '—'}</Text>
              </Table.Td>
              <Table.Td maw={280}>
                {/* The reader's summary; the full user agent stays on hover for support work. */}
                <Text size="sm" title={session.userAgent ?? undefined}>
                  {describeUserAgent(session.userAgent).label}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const shown = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** "title: — → Head of Marketing" for a before/after entry, else its fields as "key: value". */
export function auditDetails(data: AdminUserAuditEntry['data']): string {
  if (!data) return '';
  const { before, after } = data as { before?: Record<string, unknown>; after?: Record<string, unknown> };
  if (before && after && typeof before === 'object' && typeof after === 'object') {
    return Object.keys(after)
      .map((key) => `${key}: ${shown(before[key])} → ${shown(after[key])}`)
      .join('; ');
  }
  return Object.entries(data)
    .filter(([, value]) => value === null || typeof value !== 'object')
    .map(([key, value]) => `${key}: ${shown(value)}`)
    .join('; ');
}

function AuditTable({ data }: { data: AdminUserAudit }) {
  if (data.items.length === 0) return <Empty>Nothing recorded about them yet.</Empty>;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="xs" aria-label="Activity">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th>Details</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <Text size="sm" title={exactTime(entry.at)}>
                    {relativeTime(entry.at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{entry.actor ? entry.actor.name || entry.actor.email : 'The system'}</Text>
                  {entry.actingAs ? (
                    <Text size="xs" c="dimmed">
                      acting as {entry.actingAs.name || entry.actingAs.email}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td maw={360}>
                  <Text size="xs" c="dimmed">
                    {auditDetails(entry.data) || '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data.items.length >= data.limit ? (
        <Text size="xs" c="dimmed">
          The newest {data.limit} entries.
        </Text>
      ) : null}
    </Stack>
  );
}

/** /profile/{id}: the user's projects, sessions and audit entries, each loading on its own. */
export function UserActivity({ userId }: { userId: string }) {
  // Not in the route's loader (which reads the user only): each section loads and fails on its own.
  const projects = useQuery(adminUserProjectsQueryOptions(userId));
  const sessions = useQuery(adminUserSessionsQueryOptions(userId));
  const audit = useQuery(adminUserAuditQueryOptions(userId));
  return (
    <>
      <Section title="Projects" id="user-projects-heading" query={projects}>
        {(data) => <ProjectsTable data={data} />}
      </Section>
      <Section title="Active sessions" id="user-sessions-heading" query={sessions}>
        {(data) => <SessionsTable data={data} />}
      </Section>
      <Section title="Recent activity" id="user-audit-heading" query={audit}>
        {(data) => <AuditTable data={data} />}
      </Section>
    </>
  );
}
