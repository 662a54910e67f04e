import { Button, Group, Modal, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ADMIN_MOVE_ROLES, type AdminUserDetail } from '@offplan/shared';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { notifications } from '../../../lib/toasts.ts';
import { adminOrganisationsQueryOptions, useMoveUserToOrganisation } from '../api/admin-organisations.ts';

const ROLE_LABELS: Record<(typeof ADMIN_MOVE_ROLES)[number], string> = { member: 'Member', owner: 'Owner' };

function MoveToOrganisationModal({ user, onClose }: { user: AdminUserDetail; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [organisationId, setOrganisationId] = useState<string | null>(null);
  const [role, setRole] = useState<(typeof ADMIN_MOVE_ROLES)[number]>('member');
  // Depends on what the admin types in the picker.
  const organisations = useQuery(adminOrganisationsQueryOptions(debounced));
  const move = useMoveUserToOrganisation(user.id);
  const name = user.name || user.email;
  const choices = (organisations.data?.items ?? []).map((organisation) => ({
    value: organisation.id,
    label: organisation.name,
  }));

  const submit = () => {
    if (!organisationId) return;
    move.mutate(
      { organisationId, role },
      {
        onSuccess: (answer) => {
          onClose();
          notifications.show({
            color: 'green',
            title: 'Moved',
            message: `${name} is now ${role === 'owner' ? 'an owner' : 'a member'} of ${answer.organisation.name}.`,
          });
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Move ${name} to an organisation`} centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {user.organisation
            ? `They leave ${user.organisation.name}. The last owner of an organisation cannot leave it.`
            : 'They are not in an organisation yet.'}
        </Text>
        <TextInput
          label="Search organisations"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        <Radio.Group label="Organisation" value={organisationId} onChange={setOrganisationId} withAsterisk>
          <ScrollArea.Autosize mah={240} mt={6}>
            <Stack gap={6}>
              {choices.map((choice) => (
                <Radio key={choice.value} value={choice.value} label={choice.label} />
              ))}
              {choices.length === 0 ? (
                <Text size="sm" c="dimmed" role="status">
                  {organisations.isFetching ? 'Searching…' : 'No organisation matches.'}
                </Text>
              ) : null}
            </Stack>
          </ScrollArea.Autosize>
        </Radio.Group>
        <Radio.Group label="Role" value={role} onChange={(value) => setRole(value as typeof role)}>
          <Group gap="lg" mt={6}>
            {ADMIN_MOVE_ROLES.map((value) => (
              <Radio key={value} value={value} label={ROLE_LABELS[value]} />
            ))}
          </Group>
        </Radio.Group>
        {move.error ? (
          <Text size="sm" c="red" role="alert">
            {move.error.message}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!organisationId} loading={move.isPending} onClick={submit}>
            Move
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /profile/{id} "Move to organisation…" (decision 030): platform admins place people; not admins. */
export function MoveToOrganisationButton({ user }: { user: AdminUserDetail }) {
  const [opened, setOpened] = useState(false);
  if (user.isAdmin) return null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconBuildingCommunity size={16} stroke={1.6} />}
        onClick={() => setOpened(true)}
      >
        Move to organisation…
      </Button>
      {opened ? <MoveToOrganisationModal user={user} onClose={() => setOpened(false)} /> : null}
    </>
  );
}
