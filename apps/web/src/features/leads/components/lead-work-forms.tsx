import { Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type LeadDetail, leadNoteInputSchema } from '@offplan/shared';
import { FormError } from '../../../components/form-error.tsx';
import { fieldErrorsFrom, formErrorOf } from '../../../lib/form-errors.ts';
import { notifications } from '../../../lib/toasts.ts';
import { useAddLeadNote, useAssignLead } from '../api/leads.ts';

const NOTE_FIELDS = { text: 'text' };
const UNASSIGNED = 'none';

/** The drawer's note box: a note joins the timeline. */
export function LeadNoteForm({ leadId }: { leadId: number }) {
  const addNote = useAddLeadNote(leadId);
  const form = useForm({
    initialValues: { text: '' },
    validate: schemaResolver(leadNoteInputSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    addNote.mutate(values.text.trim(), {
      onSuccess: () => form.reset(),
      onError: (error) => {
        const fields = fieldErrorsFrom(error, NOTE_FIELDS);
        if (fields) form.setErrors(fields);
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Add a note">
      <Stack gap="xs">
        <FormError message={formErrorOf(addNote.error, NOTE_FIELDS)} />
        <Textarea
          label="Note"
          placeholder="Called, left a message…"
          autosize
          minRows={2}
          maxLength={5000}
          {...form.getInputProps('text')}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={addNote.isPending}>
            Add note
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Who works the lead: one of the project's approved members, or nobody. Saved on choosing. */
export function LeadAssigneeSelect({ lead }: { lead: LeadDetail }) {
  const assign = useAssignLead(lead.id);
  const options = [
    { value: UNASSIGNED, label: 'Unassigned' },
    ...lead.assignableMembers.map((member) => ({ value: member.id, label: member.name })),
  ];
  // Someone assigned before leaving the project still shows as the assignee.
  if (lead.assignee && !lead.assignableMembers.some((member) => member.id === lead.assignee?.id)) {
    options.push({ value: lead.assignee.id, label: lead.assignee.name });
  }
  return (
    <Stack gap={4}>
      <Select
        label="Assignee"
        data={options}
        value={lead.assignee?.id ?? UNASSIGNED}
        allowDeselect={false}
        searchable
        disabled={assign.isPending}
        onChange={(value) => {
          const assigneeId = value && value !== UNASSIGNED ? value : null;
          if (assigneeId === (lead.assignee?.id ?? null)) return;
          assign.mutate(assigneeId, {
            onSuccess: () =>
              notifications.show({
                color: 'green',
                title: assigneeId ? 'Lead assigned' : 'Lead unassigned',
                message: assigneeId
                  ? `${options.find((option) => option.value === assigneeId)?.label ?? 'They'} will work this lead.`
                  : 'Nobody is assigned to this lead now.',
              }),
          });
        }}
      />
      <FormError message={assign.error?.message} />
    </Stack>
  );
}
