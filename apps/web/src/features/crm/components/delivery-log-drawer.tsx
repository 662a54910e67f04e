import { Button, Drawer, Group, Loader, Select, Stack, Text } from '@mantine/core';
import {
  CRM_DELIVERY_STATUS_LABELS,
  CRM_DELIVERY_STATUSES,
  type CrmDeliveryPage,
  type CrmDeliveryStatus,
  type CrmDestination,
} from '@offplan/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { notifications } from '../../../lib/toasts.ts';
import {
  crmDeliveriesQueryOptions,
  useRefreshDeliveryCounts,
  useResendDelivery,
  useResendFailed,
} from '../api/crm.ts';
import { UNSETTLED_STATUSES } from '../lib/crm-format.ts';
import { DeliveryLogTable } from './delivery-log-table.tsx';

/** While a delivery waits for an attempt the log asks again this often, so its result appears by itself. */
const UNSETTLED_REFRESH_MS = 3000;

const STATUS_OPTIONS = [
  { value: 'all', label: 'All deliveries' },
  ...CRM_DELIVERY_STATUSES.map((status) => ({ value: status, label: CRM_DELIVERY_STATUS_LABELS[status] })),
];

function hasUnsettled(pages: CrmDeliveryPage[] | undefined): boolean {
  return Boolean(
    pages?.some((page) => page.items.some((delivery) => UNSETTLED_STATUSES.includes(delivery.status))),
  );
}

type DeliveryLogProps = {
  destination: CrmDestination;
  onSendTest: (destination: CrmDestination) => void;
  sendingTest: boolean;
};

function DeliveryLog({ destination, onSendTest, sendingTest }: DeliveryLogProps) {
  const [status, setStatus] = useState<CrmDeliveryStatus | null>(null);
  // Not the loader's: it depends on the destination opened and the status chosen, and it polls while
  // deliveries are pending or retrying (an attempt is due within seconds), then stops.
  const log = useInfiniteQuery({
    ...crmDeliveriesQueryOptions(destination.id, status),
    refetchInterval: (query) => (hasUnsettled(query.state.data?.pages) ? UNSETTLED_REFRESH_MS : false),
  });
  const unsettled = hasUnsettled(log.data?.pages);
  const refreshCounts = useRefreshDeliveryCounts();
  const wasUnsettled = useRef(unsettled);
  useEffect(() => {
    // The deliveries the log waited for have settled: the card's counts and the projects follow.
    if (wasUnsettled.current && !unsettled) void refreshCounts();
    wasUnsettled.current = unsettled;
  }, [unsettled, refreshCounts]);
  const resend = useResendDelivery(destination.id);
  const resendFailed = useResendFailed(destination.id);
  const deliveries = log.data?.pages.flatMap((page) => page.items) ?? [];

  const resendOne = (id: number) =>
    resend.mutate(id, {
      onSuccess: () =>
        notifications.show({
          color: 'blue',
          title: 'Sent again',
          message: 'The delivery is queued for a new attempt.',
        }),
    });
  const resendAll = () =>
    resendFailed.mutate(undefined, {
      onSuccess: ({ resent }) =>
        notifications.show({
          color: 'blue',
          title: resent === 0 ? 'Nothing to resend' : 'Sent again',
          message:
            resent === 0
              ? 'No delivery of the last 30 days has failed.'
              : `${resent} failed ${resent === 1 ? 'delivery is' : 'deliveries are'} queued again.`,
        }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={status ?? 'all'}
          onChange={(value) => setStatus(value && value !== 'all' ? (value as CrmDeliveryStatus) : null)}
          allowDeselect={false}
          w={200}
        />
        <Group gap="xs">
          <Button variant="default" onClick={() => onSendTest(destination)} loading={sendingTest}>
            Send test lead
          </Button>
          <Button variant="light" color="orange" onClick={resendAll} loading={resendFailed.isPending}>
            Resend all failed
          </Button>
        </Group>
      </Group>
      <FormError message={resend.error?.message ?? resendFailed.error?.message} />
      {log.isPending ? <Loader size="sm" aria-label="Loading deliveries" /> : null}
      {log.isError ? <FormError message={log.error.message} /> : null}
      {log.isSuccess && deliveries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {status
            ? `No ${CRM_DELIVERY_STATUS_LABELS[status].toLowerCase()} deliveries.`
            : 'No deliveries yet. Send a test lead to see how your CRM answers.'}
        </Text>
      ) : null}
      {deliveries.length > 0 ? (
        <DeliveryLogTable
          destinationName={destination.name}
          deliveries={deliveries}
          resendingId={resend.isPending ? (resend.variables ?? null) : null}
          onResend={resendOne}
        />
      ) : null}
      {log.hasNextPage ? (
        <Group justify="center">
          <Button variant="default" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
            Load more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

type DeliveryLogDrawerProps = Omit<DeliveryLogProps, 'destination'> & {
  destination: CrmDestination | null;
  onClose: () => void;
};

/** A destination's delivery log beside the page (the destinations stay in view). */
export function DeliveryLogDrawer({ destination, onClose, ...props }: DeliveryLogDrawerProps) {
  return (
    <Drawer
      opened={destination !== null}
      onClose={onClose}
      position="right"
      // Wide enough for the log's eight columns beside the page on a laptop; the whole width on a phone.
      size="min(64rem, 100%)"
      title={destination ? `Delivery log: ${destination.name}` : 'Delivery log'}
    >
      {destination ? <DeliveryLog key={destination.id} destination={destination} {...props} /> : null}
    </Drawer>
  );
}
