import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { type CrmDestination, WEBHOOK_SECRET_OVERLAP_HOURS } from '@offplan/shared';
import { IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { notifications } from '../../../lib/toasts.ts';
import {
  destinationInputOf,
  useDeleteDestination,
  useRotateSecret,
  useSendTestLead,
  useUpdateDestination,
} from '../api/crm.ts';
import { DeliveryLogDrawer } from './delivery-log-drawer.tsx';
import { DestinationCard } from './destination-card.tsx';
import { DestinationFormModal, type ProjectOption } from './destination-form-modal.tsx';
import { ShownOnceModal } from './shown-once-modal.tsx';

const STANDARD_WEBHOOKS_URL = 'https://www.standardwebhooks.com';

type ShownSecret = { value: string; name: string; rotated: boolean };

/** How a receiver checks a delivery is ours (decision 029: Standard Webhooks). */
function VerifyHelp({ rotated }: { rotated: boolean }) {
  return (
    <Stack gap="xs">
      {rotated ? (
        <Text size="sm">
          The old secret keeps working for {WEBHOOK_SECRET_OVERLAP_HOURS} hours: deliveries carry a signature
          with each, so update your CRM before then.
        </Text>
      ) : null}
      <Text size="sm">
        To verify a delivery, your receiver checks its <code>webhook-signature</code> header with this secret,
        as the{' '}
        <Anchor href={STANDARD_WEBHOOKS_URL} target="_blank" rel="noreferrer">
          Standard Webhooks
        </Anchor>{' '}
        specification describes (libraries exist for most languages): an HMAC-SHA256 of{' '}
        <code>webhook-id.webhook-timestamp.body</code>. The <code>webhook-id</code> stays the same on every
        retry, so use it to ignore a lead you already have.
      </Text>
    </Stack>
  );
}

function EmptyDestinations({ onAdd }: { onAdd: () => void }) {
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack align="center" gap="sm" ta="center">
        <IconPlugConnected size={32} aria-hidden />
        <Text fw={600}>No destinations yet</Text>
        <Text size="sm" c="dimmed" maw={480}>
          Add a webhook or CRM email destination to send every new lead to your CRM.
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
          Add destination
        </Button>
      </Stack>
    </Card>
  );
}

type Confirming = { action: 'delete' | 'rotate'; destination: CrmDestination };

type DestinationsSectionProps = { destinations: CrmDestination[]; projects: ProjectOption[] };

/** Where the organisation's leads go: the destinations, their forms, logs and once-shown secrets. */
export function DestinationsSection({ destinations, projects }: DestinationsSectionProps) {
  const [form, setForm] = useState<{ destination: CrmDestination | null } | null>(null);
  const [logId, setLogId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const update = useUpdateDestination();
  const remove = useDeleteDestination();
  const rotate = useRotateSecret();
  const sendTest = useSendTestLead();
  const projectTitles = new Map(projects.map((project) => [Number(project.value), project.label]));
  const logDestination = destinations.find((destination) => destination.id === logId) ?? null;
  const failed = (title: string) => (error: Error) =>
    notifications.show({ color: 'red', title, message: error.message });

  const actions = {
    onOpenLog: (destination: CrmDestination) => setLogId(destination.id),
    onEdit: (destination: CrmDestination) => setForm({ destination }),
    onRotate: (destination: CrmDestination) => setConfirming({ action: 'rotate', destination }),
    onDelete: (destination: CrmDestination) => setConfirming({ action: 'delete', destination }),
    onToggle: (destination: CrmDestination, enabled: boolean) =>
      update.mutate(
        { id: destination.id, input: { ...destinationInputOf(destination), enabled } },
        { onError: failed(`${destination.name} could not be ${enabled ? 'enabled' : 'disabled'}`) },
      ),
    onSendTest: (destination: CrmDestination) =>
      sendTest.mutate(destination.id, {
        onSuccess: () => {
          notifications.show({
            color: 'blue',
            title: 'Test lead sent',
            message: `Its result appears in the delivery log of ${destination.name} in a few seconds.`,
          });
          setLogId(destination.id);
        },
        onError: failed('The test lead could not be sent'),
      }),
  };

  const confirm = () => {
    if (!confirming) return;
    const { action, destination } = confirming;
    if (action === 'delete') {
      remove.mutate(destination.id, {
        onSuccess: () =>
          notifications.show({ color: 'green', title: 'Destination deleted', message: destination.name }),
        onError: failed(`${destination.name} could not be deleted`),
        onSettled: () => setConfirming(null),
      });
      return;
    }
    rotate.mutate(destination.id, {
      onSuccess: (answer) => {
        if (answer.secret) setSecret({ value: answer.secret, name: destination.name, rotated: true });
      },
      onError: failed('The secret could not be rotated'),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="crm-destinations-heading">
      <Group justify="space-between" align="center">
        <Title order={2} size="h4" id="crm-destinations-heading">
          Destinations
        </Title>
        {destinations.length > 0 ? (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setForm({ destination: null })}
          >
            Add destination
          </Button>
        ) : null}
      </Group>
      {destinations.length === 0 ? <EmptyDestinations onAdd={() => setForm({ destination: null })} /> : null}
      {destinations.map((destination) => (
        <DestinationCard
          key={destination.id}
          destination={destination}
          projectTitles={projectTitles}
          sendingTest={sendTest.isPending && sendTest.variables === destination.id}
          toggling={update.isPending && update.variables?.id === destination.id}
          {...actions}
        />
      ))}
      <DestinationFormModal
        opened={form !== null}
        destination={form?.destination ?? null}
        projects={projects}
        onClose={() => setForm(null)}
        onSaved={({ destination, secret: created }) => {
          setForm(null);
          if (created) setSecret({ value: created, name: destination.name, rotated: false });
          else notifications.show({ color: 'green', title: 'Destination saved', message: destination.name });
        }}
      />
      <DeliveryLogDrawer
        destination={logDestination}
        onClose={() => setLogId(null)}
        onSendTest={actions.onSendTest}
        sendingTest={sendTest.isPending}
      />
      <ConfirmModal
        opened={confirming !== null}
        title={confirming?.action === 'delete' ? 'Delete this destination?' : 'Rotate the signing secret?'}
        confirmLabel={confirming?.action === 'delete' ? 'Delete' : 'Rotate secret'}
        danger={confirming?.action === 'delete'}
        loading={remove.isPending || rotate.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      >
        {confirming?.action === 'delete'
          ? `${confirming.destination.name} and its delivery log are removed; new leads are no longer sent there.`
          : `A new secret is made and shown once. The old one keeps signing for ${WEBHOOK_SECRET_OVERLAP_HOURS} hours, so ${confirming?.destination.name ?? 'the receiver'} keeps accepting deliveries while you update it.`}
      </ConfirmModal>
      <ShownOnceModal
        value={secret?.value ?? null}
        title={secret ? `Signing secret for ${secret.name}` : 'Signing secret'}
        label="signing secret"
        onClose={() => setSecret(null)}
      >
        <VerifyHelp rotated={secret?.rotated ?? false} />
      </ShownOnceModal>
    </Stack>
  );
}
