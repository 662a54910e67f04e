import { Badge } from '@mantine/core';
import {
  CRM_DELIVERY_STATUS_LABELS,
  CRM_DESTINATION_KIND_LABELS,
  type CrmDeliveryStatus,
  type CrmDestinationKind,
} from '@offplan/shared';
import {
  IconAlertTriangle,
  IconCheck,
  IconClockHour4,
  IconMail,
  IconRefresh,
  IconWebhook,
  type TablerIcon,
} from '@tabler/icons-react';
import { DELIVERY_STATUS_COLORS } from '../lib/crm-format.ts';

const STATUS_ICONS: Record<CrmDeliveryStatus, TablerIcon> = {
  PENDING: IconClockHour4,
  RETRYING: IconRefresh,
  DELIVERED: IconCheck,
  FAILED: IconAlertTriangle,
};

/** A delivery's state: its label and icon on its colour (the words carry the meaning, not the colour). */
export function DeliveryStatusBadge({ status }: { status: CrmDeliveryStatus }) {
  const Icon = STATUS_ICONS[status];
  return (
    <Badge
      color={DELIVERY_STATUS_COLORS[status]}
      variant="light"
      leftSection={<Icon size={12} aria-hidden />}
      style={{ overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {CRM_DELIVERY_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Webhook or CRM email, with its icon. */
export function DestinationKindBadge({ kind }: { kind: CrmDestinationKind }) {
  const Icon = kind === 'WEBHOOK' ? IconWebhook : IconMail;
  return (
    <Badge color="gray" variant="outline" leftSection={<Icon size={12} aria-hidden />}>
      {CRM_DESTINATION_KIND_LABELS[kind]}
    </Badge>
  );
}
