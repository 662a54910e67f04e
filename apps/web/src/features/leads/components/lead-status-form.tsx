import { Button, Group, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadStatus,
  type LeadStatusChange,
  leadStatusChangeSchema,
  SALE_LEAD_STATUSES,
} from '@offplan/shared';
import { FormError } from '../../../components/form-error.tsx';
import { fieldErrorsFrom, formErrorOf } from '../../../lib/form-errors.ts';
import { notifications } from '../../../lib/toasts.ts';
import { useChangeLeadStatus } from '../api/leads.ts';

const STATUS_OPTIONS = LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] }));
const FIELDS = { status: 'status', lostReason: 'lostReason', salePrice: 'salePrice', saleDate: 'saleDate' };

type StatusFormValues = {
  status: LeadStatus;
  lostReason: string;
  salePrice: number | string;
  saleDate: string;
};

/** Only what the chosen stage needs travels: a reason for Lost, the sale for Exchanged and Settled. */
function changeFrom(values: StatusFormValues): LeadStatusChange {
  if (values.status === 'LOST') return { status: values.status, lostReason: values.lostReason.trim() };
  if (SALE_LEAD_STATUSES.includes(values.status)) {
    return { status: values.status, salePrice: values.salePrice, saleDate: values.saleDate };
  }
  return { status: values.status };
}

type LeadStatusFormProps = {
  leadId: number;
  status: LeadStatus;
  salePrice: number | null;
  saleDate: string | null;
};

/** The drawer's pipeline move; the shared schema asks for a Lost reason or a sale's price and date. */
export function LeadStatusForm({ leadId, status, salePrice, saleDate }: LeadStatusFormProps) {
  const change = useChangeLeadStatus(leadId);
  const form = useForm<StatusFormValues>({
    initialValues: { status, lostReason: '', salePrice: salePrice ?? '', saleDate: saleDate ?? '' },
    validate: schemaResolver(leadStatusChangeSchema, { sync: true }),
  });
  const chosen = form.values.status;
  const submit = form.onSubmit((values) =>
    change.mutate(changeFrom(values), {
      onSuccess: () => {
        form.resetDirty();
        notifications.show({
          color: 'green',
          title: 'Status changed',
          message: `The lead is now ${LEAD_STATUS_LABELS[values.status]}.`,
        });
      },
      onError: (error) => {
        const fields = fieldErrorsFrom(error, FIELDS);
        if (fields) form.setErrors(fields);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Change status">
      <Stack gap="sm">
        <FormError message={formErrorOf(change.error, FIELDS)} />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('status')}
        />
        {chosen === 'LOST' ? (
          <Textarea
            label="Why was it lost?"
            withAsterisk
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('lostReason')}
          />
        ) : null}
        {SALE_LEAD_STATUSES.includes(chosen) ? (
          <Group grow align="flex-start">
            <NumberInput
              label="Sale price"
              withAsterisk
              prefix="$"
              thousandSeparator=","
              allowDecimal={false}
              min={1}
              {...form.getInputProps('salePrice')}
            />
            <TextInput type="date" label="Sale date" withAsterisk {...form.getInputProps('saleDate')} />
          </Group>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending} disabled={chosen === status}>
            Change status
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
