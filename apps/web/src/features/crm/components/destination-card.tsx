import { Badge, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import type { CrmDestination } from '@offplan/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { exactTime, relativeTime } from '../../../lib/dates.ts';
import { destinationProjects, destinationTarget, recentSummary } from '../lib/crm-format.ts';
import { DeliveryStatusBadge, DestinationKindBadge } from './crm-badges.tsx';

export type DestinationActions = {
  onOpenLog: (destination: CrmDestination) => void;
  onSendTest: (destination: CrmDestination) => void;
  onEdit: (destination: CrmDestination) => void;
  onToggle: (destination: CrmDestination, enabled: boolean) => void;
  onRotate: (destination: CrmDestination) => void;
  onDelete: (destination: CrmDestination) => void;
};

type DestinationCardProps = DestinationActions & {
  destination: CrmDestination;
  projectTitles: ReadonlyMap<number, string>;
  /** A test lead is on its way for this destination. */
  sendingTest: boolean;
  toggling: boolean;
};

function EnabledState({ destination }: { destination: CrmDestination }) {
  if (destination.enabled) {
    return (
      <Badge color="green" variant="dot">
        Enabled
      </Badge>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color="gray" variant="dot">
        Disabled
      </Badge>
      {destination.disabledReason ? (
        <Text size="sm" c="red" fw={500}>
          <IconAlertTriangle size={14} aria-hidden style={{ verticalAlign: '-2px' }} />{' '}
          {destination.disabledReason}
        </Text>
      ) : null}
    </Group>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </div>
  );
}

/** One destination: where it sends, for which projects, how its last 30 days went, and what can be done. */
export function DestinationCard({
  destination,
  projectTitles,
  sendingTest,
  toggling,
  ...actions
}: DestinationCardProps) {
  const headingId = `crm-destination-${destination.id}`;
  const { recent } = destination;
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Group gap="sm">
            <Title order={3} size="h5" id={headingId}>
              {destination.name}
            </Title>
            <DestinationKindBadge kind={destination.kind} />
            <EnabledState destination={destination} />
          </Group>
          <Switch
            label="Enabled"
            checked={destination.enabled}
            disabled={toggling}
            onChange={(event) => actions.onToggle(destination, event.currentTarget.checked)}
          />
        </Group>
        <Group gap="xl" align="flex-start" wrap="wrap">
          <Fact label={destination.kind === 'WEBHOOK' ? 'URL' : 'Email'}>
            {destinationTarget(destination)}
          </Fact>
          <Fact label="Projects">{destinationProjects(destination, projectTitles)}</Fact>
          <Fact label="Last 30 days">{recentSummary(recent)}</Fact>
          <Fact label="Last delivery">
            {recent.lastAt ? (
              <Group gap={6} wrap="nowrap">
                <time dateTime={recent.lastAt} title={exactTime(recent.lastAt)}>
                  {relativeTime(recent.lastAt)}
                </time>
                {recent.lastStatus ? <DeliveryStatusBadge status={recent.lastStatus} /> : null}
              </Group>
            ) : (
              'None yet'
            )}
          </Fact>
          {destination.secretHint ? (
            <Fact label="Signing secret">
              <code>{destination.secretHint}</code>
              {destination.previousSecretExpiresAt
                ? ` (the previous one also signs until ${exactTime(destination.previousSecretExpiresAt)})`
                : ''}
            </Fact>
          ) : null}
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button size="xs" onClick={() => actions.onOpenLog(destination)}>
            Delivery log
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={sendingTest}
            onClick={() => actions.onSendTest(destination)}
          >
            Send test lead
          </Button>
          <Button size="xs" variant="default" onClick={() => actions.onEdit(destination)}>
            Edit
          </Button>
          {destination.kind === 'WEBHOOK' ? (
            <Button size="xs" variant="default" onClick={() => actions.onRotate(destination)}>
              Rotate secret
            </Button>
          ) : null}
          <Button size="xs" variant="subtle" color="red" onClick={() => actions.onDelete(destination)}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
