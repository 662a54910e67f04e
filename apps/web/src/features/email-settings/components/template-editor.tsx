import { Badge, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type EmailPreview,
  type EmailTemplate,
  type EmailTemplateInput,
  emailTemplateInputSchema,
  type Tenant,
} from '@offplan/shared';
import { useEffect, useRef, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { FormError } from '../../../components/form-error.tsx';
import type { ApiClientError } from '../../../lib/api-client.ts';
import { fieldErrorsFrom, formErrorOf } from '../../../lib/form-errors.ts';
import { notifications } from '../../../lib/toasts.ts';
import { usePreviewTemplate, useSaveTemplate, useTestTemplate } from '../api/email-settings.ts';

const FIELDS = { subject: 'subject', body: 'body' };
type Field = keyof typeof FIELDS;
type Errors = Partial<Record<Field, string>>;

/** `{{name}}` put where the cursor is in the field last focused (the body unless the subject was). */
function inserted(value: string, at: { start: number; end: number }, variable: string) {
  return `${value.slice(0, at.start)}{{${variable}}}${value.slice(at.end)}`;
}

const fieldsOf = (error: ApiClientError): Errors => fieldErrorsFrom(error, FIELDS) ?? {};

function localErrors(draft: EmailTemplateInput): Errors {
  const parsed = emailTemplateInputSchema.safeParse(draft);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return errors;
}

/** The sample rendering: its subject, and its HTML in a sandboxed frame. */
function TemplatePreview({
  shown: preview,
  updating,
  stale,
}: {
  shown: EmailPreview | undefined;
  updating: boolean;
  stale: boolean;
}) {
  return (
    <Paper
      withBorder
      p="xs"
      component="section"
      aria-label="Preview"
      style={{ flex: '1 1 600px', minWidth: 0 }}
    >
      <Stack gap={6}>
        <Group justify="space-between">
          <Text size="sm" fw={500}>
            Preview with sample values
          </Text>
          {updating ? <Text size="xs">Updating…</Text> : null}
          {stale && !updating ? (
            <Text size="xs" c="red.8">
              Showing the last version that worked: fix the field marked in red.
            </Text>
          ) : null}
        </Group>
        <Text size="sm" data-testid="preview-subject">
          <Text span size="sm">
            Subject:{' '}
          </Text>
          {preview?.subject ?? '…'}
        </Text>
        {/* Sandboxed: the email's HTML runs no script, submits no form and opens nothing. Same origin only so
            that its logo loads (the server's images are same-origin resources); without scripts it can
            reach nothing of the page. */}
        <iframe
          title="Email preview"
          sandbox="allow-same-origin"
          srcDoc={preview?.html ?? ''}
          style={{ width: '100%', minHeight: 520, border: 0, background: '#f4f6f8', borderRadius: 4 }}
        />
      </Stack>
    </Paper>
  );
}

function VariableButtons({
  variables,
  onInsert,
}: {
  variables: EmailTemplate['variables'];
  onInsert: (name: string) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="variables-label">
        Variables (click to insert at the cursor)
      </Text>
      <Group gap={6} role="group" aria-labelledby="variables-label">
        {variables.map((variable) => (
          <Tooltip key={variable.name} label={variable.description} multiline maw={280}>
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => onInsert(variable.name)}
              aria-label={`Insert {{${variable.name}}}: ${variable.description}`}
            >
              {`{{${variable.name}}}`}
            </Button>
          </Tooltip>
        ))}
      </Group>
    </Stack>
  );
}

function TemplateHeading({ template }: { template: EmailTemplate }) {
  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={2}>
        <Group gap="xs">
          <Title order={3} size="h4">
            {template.label}
          </Title>
          {template.customised ? (
            <Badge variant="light">Edited</Badge>
          ) : (
            <Badge variant="default">Default</Badge>
          )}
        </Group>
        <Text size="sm">
          {template.description}
          {template.updatedAt && template.updatedBy ? ` Last changed by ${template.updatedBy}.` : ''}
        </Text>
      </Stack>
    </Group>
  );
}

/** Renders the draft with sample values 400 ms after typing stops; a refusal goes next to its field. */
function useLivePreview(
  target: { tenant: Tenant; name: EmailTemplate['name'] },
  draft: EmailTemplateInput,
  setErrors: (errors: Errors) => void,
) {
  const preview = usePreviewTemplate(target);
  // The last rendering that worked stays on show while the draft cannot be rendered.
  const [shown, setShown] = useState<EmailPreview | undefined>(undefined);
  const [debounced] = useDebouncedValue(draft, 400);
  const { mutate: runPreview } = preview;
  useEffect(() => {
    if (Object.keys(localErrors(debounced)).length) return;
    runPreview(debounced, {
      onSuccess: (rendered) => {
        setShown(rendered);
        setErrors({});
      },
      onError: (error) => setErrors(fieldsOf(error)),
    });
  }, [debounced, runPreview, setErrors]);
  return { shown, updating: preview.isPending, stale: preview.isError };
}

type Props = { tenant: Tenant; template: EmailTemplate };

/** One template: subject and body, the variables to insert, a live preview, a test send, save and reset. */
export function TemplateEditor({ tenant, template }: Props) {
  const target = { tenant, name: template.name };
  const [draft, setDraft] = useState<EmailTemplateInput>({ subject: template.subject, body: template.body });
  const [errors, setErrors] = useState<Errors>({});
  const [confirmReset, setConfirmReset] = useState(false);
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const lastField = useRef<Field>('body');
  const preview = useLivePreview(target, draft, setErrors);
  const test = useTestTemplate(target);
  const save = useSaveTemplate(target);
  const dirty = draft.subject !== template.subject || draft.body !== template.body;
  const refused = (error: ApiClientError) => setErrors(fieldsOf(error));

  const edit = (field: Field, value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const insert = (variable: string) => {
    const field = lastField.current;
    const element = field === 'subject' ? subjectRef.current : bodyRef.current;
    const value = draft[field];
    const at = { start: element?.selectionStart ?? value.length, end: element?.selectionEnd ?? value.length };
    edit(field, inserted(value, at, variable));
    const caret = at.start + variable.length + 4;
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  };
  const checked = () => {
    const found = localErrors(draft);
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const runSave = () => {
    if (!checked()) return;
    save.mutate(draft, {
      onSuccess: (saved) => {
        setDraft({ subject: saved.subject, body: saved.body });
        notifications.show({
          color: 'green',
          title: 'Template saved',
          message: `The next ${template.label.toLowerCase()} email uses it.`,
        });
      },
      onError: refused,
    });
  };
  const runTest = () => {
    if (!checked()) return;
    test.mutate(draft, {
      onSuccess: ({ to }) =>
        notifications.show({
          color: 'green',
          title: 'Test sent',
          message: `A test with sample values is on its way to ${to}.`,
        }),
      onError: refused,
    });
  };
  const runReset = () =>
    save.mutate(null, {
      onSuccess: (saved) => {
        setConfirmReset(false);
        setDraft({ subject: saved.subject, body: saved.body });
        setErrors({});
        notifications.show({
          color: 'green',
          title: 'Template reset',
          message: 'The default words are sent again.',
        });
      },
    });
  const failure = save.error ?? test.error;

  return (
    <Stack gap="md">
      <TemplateHeading template={template} />
      <Group align="flex-start" gap="md" wrap="wrap">
        <Stack gap="sm" style={{ flex: '1 1 320px', minWidth: 0 }}>
          <FormError message={formErrorOf(failure, FIELDS)} />
          <TextInput
            ref={subjectRef}
            label="Subject"
            value={draft.subject}
            onChange={(event) => edit('subject', event.currentTarget.value)}
            onFocus={() => {
              lastField.current = 'subject';
            }}
            error={errors.subject}
            withAsterisk
          />
          <Textarea
            ref={bodyRef}
            label="Body"
            description="HTML: headings, paragraphs, bold, italic, links and lists. Values are inserted as text."
            value={draft.body}
            onChange={(event) => edit('body', event.currentTarget.value)}
            onFocus={() => {
              lastField.current = 'body';
            }}
            error={errors.body}
            autosize
            minRows={10}
            maxRows={24}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            withAsterisk
          />
          <VariableButtons variables={template.variables} onInsert={insert} />
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="red"
              onClick={() => setConfirmReset(true)}
              disabled={!template.customised}
            >
              Reset to default
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={runTest} loading={test.isPending}>
                Send test to me
              </Button>
              <Button onClick={runSave} loading={save.isPending} disabled={!dirty}>
                Save template
              </Button>
            </Group>
          </Group>
        </Stack>
        <TemplatePreview {...preview} />
      </Group>
      <ConfirmModal
        opened={confirmReset}
        onClose={() => setConfirmReset(false)}
        onConfirm={runReset}
        title="Reset to the default?"
        confirmLabel="Reset to default"
        loading={save.isPending}
      >
        The {template.label.toLowerCase()} email goes back to its default subject and body; your edit is lost.
      </ConfirmModal>
    </Stack>
  );
}
