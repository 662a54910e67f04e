import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { organisationInvitationsQueryOptions } from '../api/organisation-invitations.ts';
import { InvitationsTable } from './invitations-table.tsx';
import { InviteMemberModal } from './invite-member-modal.tsx';

type OrganisationInvitationsSectionProps = {
  /** Owners and admins (organisation.manage): invite, resend and revoke. Members only read. */
  canManage: boolean;
  /** Owners may invite owners; admins may not. */
  isOwner: boolean;
};

function PendingInvitations({ canManage }: { canManage: boolean }) {
  const { data } = useSuspenseQuery(organisationInvitationsQueryOptions());
  if (data.items.length === 0) {
    return (
      <Text size="sm" c="dimmed" role="status">
        No pending invitations.{canManage ? ' Invite someone to add them to your organisation.' : ''}
      </Text>
    );
  }
  return <InvitationsTable invitations={data.items} scope="organisation" canManage={canManage} />;
}

/** The organisation page's invitations card: who was invited and has not joined yet. */
export function OrganisationInvitationsSection({ canManage, isOwner }: OrganisationInvitationsSectionProps) {
  const [inviting, invite] = useDisclosure(false);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="organisation-invitations-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="organisation-invitations-title">
            Invitations
          </Title>
          {canManage ? (
            <Button leftSection={<IconUserPlus size={18} stroke={1.6} />} onClick={invite.open}>
              Invite someone
            </Button>
          ) : null}
        </Group>
        {/* The page's loader may not have read the list: it loads here without holding the page up. */}
        <Suspense fallback={<Loader size="sm" aria-label="Loading invitations" />}>
          <PendingInvitations canManage={canManage} />
        </Suspense>
      </Stack>
      {canManage ? <InviteMemberModal opened={inviting} onClose={invite.close} isOwner={isOwner} /> : null}
    </Card>
  );
}
